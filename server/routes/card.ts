import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CARD_PHOTO_MAX_BYTES,
  cardIdParamsSchema,
  cardInfoParamsSchema,
  cardKeyParamsSchema,
  cardPhotoResponseSchema,
  cardSearchBodySchema,
  cardSearchResponseSchema,
  cardUploadFieldsSchema,
  createCardBodySchema,
  myCardResponseSchema,
  plainQuerySchema,
  savedCardResponseSchema,
  sharedCardResponseSchema,
} from '../../src/api';
import { callerOf, optionalCaller, requireCaller } from '../http/auth';
import { invalidInput } from '../http/envelope';
import { readUploadWithFields } from '../http/uploads';
import {
  getMyCard,
  saveCard,
  searchCards,
  uploadCardPhoto,
  type VCardFile,
  vcardByShareKey,
  vcardOfCard,
  viewerSharedCardJson,
  visitorSharedCardJson,
} from '../services/cards';
import type { Services } from '../services/context';
import { vcardDisposition } from '../services/vcard';

/** The success envelope around `data` already serialised (a cached shared card). */
function sendVCard(reply: FastifyReply, file: VCardFile) {
  return reply
    .code(200)
    .type('text/vcard; charset=utf-8')
    .header('content-disposition', vcardDisposition(file.name))
    .header('cache-control', 'no-store')
    .send(file.text);
}

/** My card, shared cards, vCards and public search (SPEC §7 Card). */
export function cardRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);
    const maybeSignedIn = optionalCaller(services);

    app.get(
      '/api/card/info',
      { schema: { querystring: plainQuerySchema, response: { 200: myCardResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await getMyCard(services, callerOf(req))),
    );

    app.post(
      '/api/card/create',
      { schema: { body: createCardBodySchema, response: { 200: savedCardResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await saveCard(services, callerOf(req), req.body), 'saved'),
    );

    app.post(
      '/api/card/upload',
      { schema: { response: { 200: cardPhotoResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        const upload = await readUploadWithFields(req, CARD_PHOTO_MAX_BYTES, /^image\//);
        const fields = cardUploadFieldsSchema.safeParse(upload.fields);
        if (!fields.success) throw invalidInput(fields.error, 'fields');
        return reply.ok(await uploadCardPhoto(services, callerOf(req), upload.data, fields.data), 'saved');
      },
    );

    // A shared card, for visitors and signed-in viewers (with their friend entry for it): the
    // card answered from memory while fresh.
    const shared = async (req: FastifyRequest, reply: FastifyReply, shareKey: string) =>
      reply.okSerialised(
        req.caller
          ? await viewerSharedCardJson(services, shareKey, req.caller)
          : await visitorSharedCardJson(services, shareKey),
      );

    app.get(
      '/api/card/cardInfo/:share_key',
      {
        schema: {
          params: cardInfoParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: sharedCardResponseSchema },
        },
        onRequest: maybeSignedIn,
      },
      async (req, reply) => shared(req, reply, req.params.share_key),
    );

    app.get(
      '/api/card/user_card_info/:key',
      {
        schema: {
          params: cardKeyParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: sharedCardResponseSchema },
        },
        onRequest: maybeSignedIn,
      },
      async (req, reply) => shared(req, reply, req.params.key),
    );

    const vcardOfKey = async (reply: FastifyReply, key: string) =>
      sendVCard(reply, await vcardByShareKey(services, key));

    app.get(
      '/api/card/user_card_info/:key/1',
      { schema: { params: cardKeyParamsSchema, querystring: plainQuerySchema } },
      async (req, reply) => vcardOfKey(reply, req.params.key),
    );

    app.get(
      '/api/share/vcf/:key/1',
      { schema: { params: cardKeyParamsSchema, querystring: plainQuerySchema } },
      async (req, reply) => vcardOfKey(reply, req.params.key),
    );

    app.get(
      '/api/card/export_vcf/:id',
      { schema: { params: cardIdParamsSchema, querystring: plainQuerySchema }, onRequest: signedIn },
      async (req, reply) => sendVCard(reply, await vcardOfCard(services, callerOf(req), req.params.id)),
    );

    app.post(
      '/api/card/search',
      { schema: { body: cardSearchBodySchema, response: { 200: cardSearchResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        await services.limits.cardSearch(callerOf(req).userId);
        return reply.ok(await searchCards(services, req.body));
      },
    );
  };
}
