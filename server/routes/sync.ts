import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { syncEndpoints as calls, PUSH_BODY_MAX_BYTES } from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
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

    serve(app, calls.pull, { onRequest: signedIn }, async (req, reply) => {
      const caller = callerOf(req);
      checkOwner(caller.userId, req.query.owner);
      await settleIfPending(services.db, caller.userId);
      const page = await pull(services, caller, req.query);
      services.metrics.syncPulls.inc();
      return reply.ok(page);
    });

    serve(
      app,
      calls.push,
      // Clients cut their batches under this (src/api/sync.ts); one mutation may be half of it.
      { onRequest: signedIn, bodyLimit: PUSH_BODY_MAX_BYTES },
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
