import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PUSH_BODY_MAX_BYTES,
  pullQuerySchema,
  pullResponseSchema,
  pushBodySchema,
  pushResponseSchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { ApiError } from '../http/errors';
import type { Services } from '../services/context';
import { settleIfPending } from '../services/exchange';
import { PerUserQueue } from '../services/per-user';
import { pull, push } from '../services/sync';

export function syncRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);
    const pushes = new PerUserQueue();

    app.get(
      '/api/sync/pull',
      { schema: { querystring: pullQuerySchema, response: { 200: pullResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        const caller = callerOf(req);
        checkOwner(caller.userId, req.query.owner);
        await settleIfPending(services.db, caller.userId);
        const page = await pull(services, caller, req.query);
        services.metrics.syncPulls.inc();
        return reply.ok(page);
      },
    );

    app.post(
      '/api/sync/push',
      {
        schema: { body: pushBodySchema, response: { 200: pushResponseSchema } },
        onRequest: signedIn,
        // Clients cut their batches under this (src/api/sync.ts); one mutation may be half of it.
        bodyLimit: PUSH_BODY_MAX_BYTES,
      },
      async (req, reply) => {
        const caller = callerOf(req);
        checkOwner(caller.userId, req.body.owner);
        return reply.ok(await pushes.run(caller.userId, () => push(services, caller, req.body, req.locale)));
      },
    );
  };
}

/**
 * A device names whose database it syncs: changes queued by one account are never applied with
 * another account's token (a session half-written when the page loaded), nor its rows pulled in.
 */
function checkOwner(callerId: number, owner: number | undefined): void {
  if (owner !== undefined && owner !== callerId) throw new ApiError(409, 'otherAccountsChanges');
}
