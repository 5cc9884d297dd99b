import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CARD_PHOTO_MAX_BYTES, cardEndpoints as calls, cardUploadFieldsSchema } from '../../src/api';
import { callerOf, optionalCaller, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
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

/** My card, shared cards, vCards and public search (SPEC §7 Card; src/api/card.ts). */
export function cardRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };
    const maybeSignedIn = { onRequest: optionalCaller(services) };

    serve(app, calls.mine, signedIn, async (req, reply) => reply.ok(await getMyCard(services, callerOf(req))));

    serve(app, calls.copyKey, {}, async (_req, reply) => reply.ok({ key: services.cardCopies.publicKey }));

    serve(app, calls.create, signedIn, async (req, reply) =>
      reply.ok(await saveCard(services, callerOf(req), req.body), 'saved'),
    );

    serve(app, calls.upload, signedIn, async (req, reply) => {
      const upload = await readUploadWithFields(req, CARD_PHOTO_MAX_BYTES, /^image\//);
      const fields = cardUploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw invalidInput(fields.error, 'fields');
      return reply.ok(await uploadCardPhoto(services, callerOf(req), upload.data, fields.data), 'saved');
    });

    // A shared card, for visitors and signed-in viewers (with their friend entry for it): the
    // card answered from memory while fresh.
    const shared = async (req: FastifyRequest, reply: FastifyReply, shareKey: string) =>
      reply.okSerialised(
        req.caller
          ? await viewerSharedCardJson(services, shareKey, req.caller)
          : await visitorSharedCardJson(services, shareKey),
      );

    serve(app, calls.shared, maybeSignedIn, async (req, reply) => shared(req, reply, req.params.share_key));
    serve(app, calls.sharedByKey, maybeSignedIn, async (req, reply) => shared(req, reply, req.params.key));

    const vcardOfKey = async (reply: FastifyReply, key: string) =>
      sendVCard(reply, await vcardByShareKey(services, key));

    serve(app, calls.vcardByKey, {}, async (req, reply) => vcardOfKey(reply, req.params.key));
    serve(app, calls.sharedVcard, {}, async (req, reply) => vcardOfKey(reply, req.params.key));

    serve(app, calls.exportVcard, signedIn, async (req, reply) =>
      sendVCard(reply, await vcardOfCard(services, callerOf(req), req.params.id)),
    );

    serve(app, calls.search, signedIn, async (req, reply) => {
      await services.limits.cardSearch(callerOf(req).userId);
      return reply.ok(await searchCards(services, req.body));
    });
  };
}
