import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushEndpoints as calls } from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
import { sessionClientId } from '../push/access';
import type { PushConfig } from '../push/setup';
import type { Services } from '../services/context';

/** GET /api/push/session: prepares the broker account of this session and says how to connect. */
export function pushRoutes(services: Services, config: PushConfig) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    serve(app, calls.session, { onRequest: requireCaller(services) }, async (req, reply) => {
      const caller = callerOf(req);
      const header = req.headers.token;
      const token = (Array.isArray(header) ? header[0] : header) ?? '';
      const username = await services.pushAccess.sessionStarted(caller.userId, caller.tokenId, token);
      return reply.ok({
        url: config.external?.wsUrl ?? null,
        username,
        client_id: sessionClientId(caller.userId, caller.tokenId),
        prefix: config.prefix,
      });
    });
  };
}
