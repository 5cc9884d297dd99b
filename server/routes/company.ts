import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMPANY_IMAGE_MAX_BYTES,
  COMPANY_PDF_MAX_BYTES,
  companyEndpoints as calls,
  SAVE_COMPANY_BODY_MAX_BYTES,
  stagedUploadFieldsSchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
import { invalidInput } from '../http/envelope';
import { ApiError } from '../http/errors';
import { readUploadWithFields } from '../http/uploads';
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

/** The device's id of a file it staged (the sync worker's uploader sends it): a replay stores it once. */
function uploadIdOf(fields: Record<string, string>): string | null {
  const parsed = stagedUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw invalidInput(parsed.error, 'fields');
  return parsed.data.upload_id ?? null;
}

/** Company promotional content (SPEC §7 Card; src/api/company.ts): blocks, their files, and the M3U8 check. */
export function companyRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, calls.save, { ...signedIn, bodyLimit: SAVE_COMPANY_BODY_MAX_BYTES }, async (req, reply) =>
      reply.ok(await saveCompany(services, callerOf(req), req.body), 'saved'),
    );

    serve(app, calls.mine, signedIn, async (req, reply) => reply.ok(await getCompany(services, callerOf(req))));

    serve(app, calls.ofCard, signedIn, async (req, reply) =>
      reply.ok(await userCompanyInfo(services, callerOf(req), req.params.cardId)),
    );

    // Read by visitors of a shared card: no token needed.
    serve(app, calls.shared, {}, async (req, reply) =>
      reply.ok(await companyInfoByShareKey(services, req.params.shareStr)),
    );

    serve(app, calls.pdfUpload, signedIn, async (req, reply) => {
      // Any declared type: browsers disagree on a PDF's; the bytes themselves are checked.
      const upload = await readUploadWithFields(req, COMPANY_PDF_MAX_BYTES, /^/).catch(pdfTooLarge);
      return reply.ok(await uploadCompanyPdf(services, callerOf(req), upload, uploadIdOf(upload.fields)));
    });

    serve(app, calls.imageUpload, signedIn, async (req, reply) => {
      const upload = await readUploadWithFields(req, COMPANY_IMAGE_MAX_BYTES, /^image\//);
      return reply.ok(await uploadCompanyImage(services, callerOf(req), upload.data, uploadIdOf(upload.fields)));
    });

    serve(app, calls.breatvUrl, {}, async (req, reply) => reply.ok(breatvUrl(req.body)));
  };
}
