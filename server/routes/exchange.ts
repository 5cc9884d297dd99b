import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createExchangeBodySchema,
  exchangePreviewResponseSchema,
  exchangeRoomResponseSchema,
  joinExchangeBodySchema,
  plainQuerySchema,
  roomCodeBodySchema,
  roomCodeParamsSchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import type { Services } from '../services/context';
import {
  createRoom,
  dismissRoom,
  joinRoom,
  leaveRoom,
  previewRoom,
  readRoom,
  startExchange,
} from '../services/exchange';

/** Group card exchange (src/api/exchange.ts). */
export function exchangeRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);
    const room = { 200: exchangeRoomResponseSchema };

    app.post(
      '/api/exchange/create',
      { schema: { body: createExchangeBodySchema, response: room }, onRequest: signedIn },
      async (req, reply) => reply.ok(await createRoom(services, callerOf(req), req.body)),
    );
    app.post(
      '/api/exchange/join',
      { schema: { body: joinExchangeBodySchema, response: room }, onRequest: signedIn },
      async (req, reply) => reply.ok(await joinRoom(services, callerOf(req), req.body)),
    );
    app.post(
      '/api/exchange/preview',
      { schema: { body: roomCodeBodySchema, response: { 200: exchangePreviewResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await previewRoom(services, callerOf(req), req.body)),
    );
    app.post(
      '/api/exchange/leave',
      { schema: { body: roomCodeBodySchema, response: room }, onRequest: signedIn },
      async (req, reply) => reply.ok(await leaveRoom(services, callerOf(req), req.body)),
    );
    app.post(
      '/api/exchange/start',
      { schema: { body: roomCodeBodySchema, response: room }, onRequest: signedIn },
      async (req, reply) => reply.ok(await startExchange(services, callerOf(req), req.body)),
    );
    app.post(
      '/api/exchange/dismiss',
      { schema: { body: roomCodeBodySchema, response: room }, onRequest: signedIn },
      async (req, reply) => reply.ok(await dismissRoom(services, callerOf(req), req.body)),
    );
    app.get(
      '/api/exchange/:roomCode',
      { schema: { params: roomCodeParamsSchema, querystring: plainQuerySchema, response: room }, onRequest: signedIn },
      async (req, reply) => reply.ok(await readRoom(services, callerOf(req), req.params.roomCode)),
    );
  };
}
