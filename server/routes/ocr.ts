import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCloudCardBodySchema,
  addCloudGroupBodySchema,
  CLOUD_PHOTO_MAX_BYTES,
  cardPhotoResponseSchema,
  cloudCardListResponseSchema,
  cloudCardResponseSchema,
  cloudGroupCardsBodySchema,
  cloudGroupCardsParamsSchema,
  cloudGroupListResponseSchema,
  cloudGroupResponseSchema,
  cloudIdParamsSchema,
  cloudListBodySchema,
  cloudListParamsSchema,
  cloudUploadFieldsSchema,
  editCloudCardBodySchema,
  editCloudGroupBodySchema,
  moveCloudCardParamsSchema,
  okResponseSchema,
  plainQuerySchema,
  publicMatchBodySchema,
  publicMatchResponseSchema,
  sortCloudGroupsBodySchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
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
    const signedIn = requireCaller(services);

    app.post(
      '/api/ocr/upload',
      { schema: { response: { 200: cardPhotoResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        const upload = await readUploadWithFields(req, CLOUD_PHOTO_MAX_BYTES, /^image\//);
        const fields = cloudUploadFieldsSchema.safeParse(upload.fields);
        if (!fields.success) throw invalidInput(fields.error, 'fields');
        return reply.ok(await uploadCloudPhoto(services, callerOf(req), upload.data, fields.data), 'saved');
      },
    );

    app.post(
      '/api/ocr/add',
      { schema: { body: addCloudCardBodySchema, response: { 200: cloudCardResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await addCloudCard(services, callerOf(req), req.body), 'saved'),
    );

    app.post(
      '/api/ocr/edit',
      { schema: { body: editCloudCardBodySchema, response: { 200: cloudCardResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await editCloudCard(services, callerOf(req), req.body), 'saved'),
    );

    app.post(
      '/api/ocr/list/:page',
      {
        schema: {
          params: cloudListParamsSchema,
          body: cloudListBodySchema,
          response: { 200: cloudCardListResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await listCloudCards(services, callerOf(req), req.params.page, req.body)),
    );

    app.get(
      '/api/ocr/detail/:id',
      {
        schema: {
          params: cloudIdParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: cloudCardResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await cloudCardDetail(services, callerOf(req), req.params)),
    );

    app.get(
      '/api/ocr/del/:id',
      {
        schema: { params: cloudIdParamsSchema, querystring: plainQuerySchema, response: { 200: okResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await delCloudCard(services, callerOf(req), req.params), 'deleted'),
    );

    app.get(
      '/api/ocr/move_to_group/:cardId/:groupId',
      {
        schema: {
          params: moveCloudCardParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: cloudCardResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await moveCloudCard(services, callerOf(req), req.params), 'saved'),
    );

    app.get(
      '/api/ocr/group/list',
      {
        schema: { querystring: plainQuerySchema, response: { 200: cloudGroupListResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await listCloudGroups(services, callerOf(req))),
    );

    app.post(
      '/api/ocr/group/add',
      { schema: { body: addCloudGroupBodySchema, response: { 200: cloudGroupResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await addCloudGroup(services, callerOf(req), req.body), 'saved'),
    );

    app.post(
      '/api/ocr/group/edit',
      { schema: { body: editCloudGroupBodySchema, response: { 200: cloudGroupResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await editCloudGroup(services, callerOf(req), req.body), 'saved'),
    );

    app.get(
      '/api/ocr/group/del/:id',
      {
        schema: { params: cloudIdParamsSchema, querystring: plainQuerySchema, response: { 200: okResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await delCloudGroup(services, callerOf(req), req.params), 'deleted'),
    );

    app.post(
      '/api/ocr/group/sorting',
      {
        schema: { body: sortCloudGroupsBodySchema, response: { 200: cloudGroupListResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await sortCloudGroups(services, callerOf(req), req.body), 'saved'),
    );

    app.post(
      '/api/ocr/group/card_list/:page/:group_id',
      {
        schema: {
          params: cloudGroupCardsParamsSchema,
          body: cloudGroupCardsBodySchema,
          response: { 200: cloudCardListResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await cloudGroupCards(services, callerOf(req), req.params, req.body)),
    );

    app.post(
      '/api/ocr/public_match',
      { schema: { body: publicMatchBodySchema, response: { 200: publicMatchResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await publicMatch(services, callerOf(req), req.body)),
    );
  };
}
