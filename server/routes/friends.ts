import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptIdParamsSchema,
  addedFriendsResponseSchema,
  addFriendBodySchema,
  friendGroupParamsSchema,
  friendListParamsSchema,
  friendListQuerySchema,
  friendListResponseSchema,
  friendResponseSchema,
  moveToGroupParamsSchema,
  okResponseSchema,
  plainQuerySchema,
  remarkBodySchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import type { Services } from '../services/context';
import {
  addFriends,
  copyToGroup,
  delFriend,
  delFriendFromGroup,
  listFriends,
  moveToGroup,
  setRemark,
} from '../services/friends';

/** Friends (SPEC §7 Friends). */
export function friendRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);

    app.get(
      '/api/friend/list/:groupId',
      {
        schema: {
          params: friendListParamsSchema,
          querystring: friendListQuerySchema,
          response: { 200: friendListResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await listFriends(services, callerOf(req), req.params.groupId, req.query)),
    );

    app.post(
      '/api/friend/add',
      { schema: { body: addFriendBodySchema, response: { 200: addedFriendsResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await addFriends(services, callerOf(req), req.body), 'friendAdded'),
    );

    app.get(
      '/api/friend/delFriend/:acceptId',
      {
        schema: {
          params: acceptIdParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: okResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await delFriend(services, callerOf(req), req.params), 'deleted'),
    );

    app.get(
      '/api/friend/delFriendFromGroup/:acceptId/:groupId',
      {
        schema: {
          params: friendGroupParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: friendResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await delFriendFromGroup(services, callerOf(req), req.params), 'saved'),
    );

    app.post(
      '/api/friend/remark',
      { schema: { body: remarkBodySchema, response: { 200: friendResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await setRemark(services, callerOf(req), req.body), 'saved'),
    );

    app.get(
      '/api/friend/moveToGroup/:acceptId/:fromGroupId/:toGroupId',
      {
        schema: {
          params: moveToGroupParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: friendResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await moveToGroup(services, callerOf(req), req.params), 'saved'),
    );

    app.get(
      '/api/friend/copyToGroup/:acceptId/:groupId',
      {
        schema: {
          params: friendGroupParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: friendResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await copyToGroup(services, callerOf(req), req.params), 'saved'),
    );
  };
}
