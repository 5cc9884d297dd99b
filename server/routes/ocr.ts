import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLOUD_PHOTO_MAX_BYTES, cloudEndpoints as calls, cloudUploadFieldsSchema } from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
import { invalidInput } from '../http/envelope';
import { readUploadWithFields } from '../http/uploads';
import {
  addCloudCard,
  addCloudGroup,
  cloudCardDetail,
  cloudGroupCards,
  delCloudCard,
  delCloudGroup,
  editCloudCard,
  editCloudGroup,
  listCloudCards,
  listCloudGroups,
  moveCloudCard,
  publicMatch,
  sortCloudGroups,
  uploadCloudPhoto,
} from '../services/cloud';
import type { Services } from '../services/context';

/**
 * Cloud cards and their groups (SPEC §7 Cloud (OCR), src/api/cloud.ts), signed-in only.
 * POST /api/card/ocr_recognize lives with the recognizer, not here.
 */
export function ocrRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, calls.upload, signedIn, async (req, reply) => {
      const upload = await readUploadWithFields(req, CLOUD_PHOTO_MAX_BYTES, /^image\//);
      const fields = cloudUploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw invalidInput(fields.error, 'fields');
      return reply.ok(await uploadCloudPhoto(services, callerOf(req), upload.data, fields.data), 'saved');
    });

    serve(app, calls.add, signedIn, async (req, reply) =>
      reply.ok(await addCloudCard(services, callerOf(req), req.body), 'saved'),
    );

    serve(app, calls.edit, signedIn, async (req, reply) =>
      reply.ok(await editCloudCard(services, callerOf(req), req.body), 'saved'),
    );

    serve(app, calls.list, signedIn, async (req, reply) =>
      reply.ok(await listCloudCards(services, callerOf(req), req.params.page, req.body)),
    );

    serve(app, calls.detail, signedIn, async (req, reply) =>
      reply.ok(await cloudCardDetail(services, callerOf(req), req.params)),
    );

    serve(app, calls.del, signedIn, async (req, reply) =>
      reply.ok(await delCloudCard(services, callerOf(req), req.params), 'deleted'),
    );

    serve(app, calls.move, signedIn, async (req, reply) =>
      reply.ok(await moveCloudCard(services, callerOf(req), req.params), 'saved'),
    );

    serve(app, calls.groups, signedIn, async (req, reply) => reply.ok(await listCloudGroups(services, callerOf(req))));

    serve(app, calls.addGroup, signedIn, async (req, reply) =>
      reply.ok(await addCloudGroup(services, callerOf(req), req.body), 'saved'),
    );

    serve(app, calls.editGroup, signedIn, async (req, reply) =>
      reply.ok(await editCloudGroup(services, callerOf(req), req.body), 'saved'),
    );

    serve(app, calls.delGroup, signedIn, async (req, reply) =>
      reply.ok(await delCloudGroup(services, callerOf(req), req.params), 'deleted'),
    );

    serve(app, calls.sortGroups, signedIn, async (req, reply) =>
      reply.ok(await sortCloudGroups(services, callerOf(req), req.body), 'saved'),
    );

    serve(app, calls.groupCards, signedIn, async (req, reply) =>
      reply.ok(await cloudGroupCards(services, callerOf(req), req.params, req.body)),
    );

    serve(app, calls.publicMatch, signedIn, async (req, reply) =>
      reply.ok(await publicMatch(services, callerOf(req), req.body)),
    );
  };
}
