import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupsEndpoints as calls } from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
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

/** Friend groups (SPEC §7 Groups; src/api/friends.ts). */
export function groupRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, calls.list, signedIn, async (req, reply) => reply.ok(await listGroups(services, callerOf(req))));
    serve(app, calls.add, signedIn, async (req, reply) =>
      reply.ok(await addGroup(services, callerOf(req), req.body), 'saved'),
    );
    serve(app, calls.edit, signedIn, async (req, reply) =>
      reply.ok(await editGroup(services, callerOf(req), req.body), 'saved'),
    );
    serve(app, calls.del, signedIn, async (req, reply) =>
      reply.ok(await delGroup(services, callerOf(req), req.params), 'deleted'),
    );
    serve(app, calls.sort, signedIn, async (req, reply) =>
      reply.ok(await sortGroups(services, callerOf(req), req.body), 'saved'),
    );
    serve(app, calls.friendUpdate, signedIn, async (req, reply) =>
      reply.ok(await friendUpdate(services, callerOf(req))),
    );
    serve(app, calls.cancelUpdate, signedIn, async (req, reply) =>
      reply.ok(await cancelGroupUpdate(services, callerOf(req), req.params)),
    );
  };
}
