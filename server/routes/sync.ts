import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pullQuerySchema,
  pullResponseSchema,
  pushBodySchema,
  pushResponseSchema,
  SAVE_COMPANY_BODY_MAX_BYTES,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import type { Services } from '../services/context';
import { pull, push } from '../services/sync';

export function syncRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);

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
        // Room for a whole company content list (save_company's own limit) and more in one batch.
        bodyLimit: 2 * SAVE_COMPANY_BODY_MAX_BYTES,
      },
      async (req, reply) => reply.ok(await push(services, callerOf(req), req.body, req.locale)),
    );
  };
}
