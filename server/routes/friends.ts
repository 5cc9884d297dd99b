import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { friendsEndpoints as calls } from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
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

/** Friends (SPEC §7 Friends; src/api/friends.ts). */
export function friendRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, calls.list, signedIn, async (req, reply) =>
      reply.ok(await listFriends(services, callerOf(req), req.params.groupId, req.query)),
    );
    serve(app, calls.add, signedIn, async (req, reply) =>
      reply.ok(await addFriends(services, callerOf(req), req.body), 'friendAdded'),
    );
    serve(app, calls.del, signedIn, async (req, reply) =>
      reply.ok(await delFriend(services, callerOf(req), req.params), 'deleted'),
    );
    serve(app, calls.delFromGroup, signedIn, async (req, reply) =>
      reply.ok(await delFriendFromGroup(services, callerOf(req), req.params), 'saved'),
    );
    serve(app, calls.remark, signedIn, async (req, reply) =>
      reply.ok(await setRemark(services, callerOf(req), req.body), 'saved'),
    );
    serve(app, calls.moveToGroup, signedIn, async (req, reply) =>
      reply.ok(await moveToGroup(services, callerOf(req), req.params), 'saved'),
    );
    serve(app, calls.copyToGroup, signedIn, async (req, reply) =>
      reply.ok(await copyToGroup(services, callerOf(req), req.params), 'saved'),
    );
  };
}
