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
import type { Services } from '../services/context';
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
      async (req, reply) => reply.ok(await pull(services, callerOf(req), req.query)),
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
        return reply.ok(await pushes.run(caller.userId, () => push(services, caller, req.body, req.locale)));
      },
    );
  };
}
