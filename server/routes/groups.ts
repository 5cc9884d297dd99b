import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addGroupBodySchema,
  editGroupBodySchema,
  friendUpdateResponseSchema,
  groupIdParamsSchema,
  groupListResponseSchema,
  groupResponseSchema,
  okResponseSchema,
  plainQuerySchema,
  sortGroupsBodySchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import type { Services } from '../services/context';
import {
  addGroup,
  cancelGroupUpdate,
  delGroup,
  editGroup,
  friendUpdate,
  listGroups,
  sortGroups,
} from '../services/groups';

/** Friend groups (SPEC §7 Groups). */
export function groupRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);

    app.get(
      '/api/group/list',
      { schema: { querystring: plainQuerySchema, response: { 200: groupListResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await listGroups(services, callerOf(req))),
    );

    app.post(
      '/api/group/add',
      { schema: { body: addGroupBodySchema, response: { 200: groupResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await addGroup(services, callerOf(req), req.body), 'saved'),
    );

    app.post(
      '/api/group/edit',
      { schema: { body: editGroupBodySchema, response: { 200: groupResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await editGroup(services, callerOf(req), req.body), 'saved'),
    );

    app.get(
      '/api/group/del/:id',
      {
        schema: {
          params: groupIdParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: okResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await delGroup(services, callerOf(req), req.params), 'deleted'),
    );

    app.post(
      '/api/group/sorting',
      { schema: { body: sortGroupsBodySchema, response: { 200: groupListResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await sortGroups(services, callerOf(req), req.body), 'saved'),
    );

    app.get(
      '/api/group/friend_update',
      {
        schema: { querystring: plainQuerySchema, response: { 200: friendUpdateResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await friendUpdate(services, callerOf(req))),
    );

    app.get(
      '/api/group/group_update_cancel/:id',
      {
        schema: { params: groupIdParamsSchema, querystring: plainQuerySchema, response: { 200: groupResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await cancelGroupUpdate(services, callerOf(req), req.params)),
    );
  };
}
