import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  breatvUrlBodySchema,
  breatvUrlResponseSchema,
  COMPANY_IMAGE_MAX_BYTES,
  COMPANY_PDF_MAX_BYTES,
  companyContentResponseSchema,
  companyImageResponseSchema,
  companyInfoParamsSchema,
  companyPdfResponseSchema,
  plainQuerySchema,
  SAVE_COMPANY_BODY_MAX_BYTES,
  saveCompanyBodySchema,
  userCompanyInfoParamsSchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { ApiError } from '../http/errors';
import { readSingleFile, readUpload } from '../http/uploads';
import {
  breatvUrl,
  companyInfoByShareKey,
  getCompany,
  saveCompany,
  uploadCompanyImage,
  uploadCompanyPdf,
  userCompanyInfo,
} from '../services/company';
import type { Services } from '../services/context';

/** SPEC §5: an oversize PDF is refused with its own message, not the generic one. */
function pdfTooLarge(err: unknown): never {
  if (err instanceof ApiError && err.status === 413) throw new ApiError(413, 'companyPdfTooLarge');
  throw err;
}

/** Company promotional content (SPEC §7 Card): blocks, their files, and the M3U8 check. */
export function companyRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);

    app.post(
      '/api/card/save_company',
      {
        schema: { body: saveCompanyBodySchema, response: { 200: companyContentResponseSchema } },
        onRequest: signedIn,
        bodyLimit: SAVE_COMPANY_BODY_MAX_BYTES,
      },
      async (req, reply) => reply.ok(await saveCompany(services, callerOf(req), req.body), 'saved'),
    );

    app.get(
      '/api/card/get_company',
      {
        schema: { querystring: plainQuerySchema, response: { 200: companyContentResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await getCompany(services, callerOf(req))),
    );

    app.get(
      '/api/card/user_company_info/:cardId',
      {
        schema: {
          params: userCompanyInfoParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: companyContentResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await userCompanyInfo(services, callerOf(req), req.params.cardId)),
    );

    // Read by visitors of a shared card: no token needed.
    app.get(
      '/api/card/companyInfo/:shareStr',
      {
        schema: {
          params: companyInfoParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: companyContentResponseSchema },
        },
      },
      async (req, reply) => reply.ok(await companyInfoByShareKey(services, req.params.shareStr)),
    );

    app.post(
      '/api/user/companyPdfUpload',
      { schema: { response: { 200: companyPdfResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        // Any declared type: browsers disagree on a PDF's; the bytes themselves are checked.
        const file = await readUpload(req, COMPANY_PDF_MAX_BYTES, /^/).catch(pdfTooLarge);
        return reply.ok(await uploadCompanyPdf(services, callerOf(req), file));
      },
    );

    app.post(
      '/api/user/companyUpload',
      { schema: { response: { 200: companyImageResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        const file = await readSingleFile(req, COMPANY_IMAGE_MAX_BYTES, /^image\//);
        return reply.ok(await uploadCompanyImage(services, callerOf(req), file));
      },
    );

    app.post(
      '/api/breatvUrl',
      { schema: { body: breatvUrlBodySchema, response: { 200: breatvUrlResponseSchema } } },
      async (req, reply) => reply.ok(breatvUrl(req.body)),
    );
  };
}
