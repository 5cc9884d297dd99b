import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exchangeEndpoints as calls } from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
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
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, calls.create, signedIn, async (req, reply) =>
      reply.ok(await createRoom(services, callerOf(req), req.body)),
    );
    serve(app, calls.join, signedIn, async (req, reply) => reply.ok(await joinRoom(services, callerOf(req), req.body)));
    serve(app, calls.preview, signedIn, async (req, reply) =>
      reply.ok(await previewRoom(services, callerOf(req), req.body)),
    );
    serve(app, calls.leave, signedIn, async (req, reply) =>
      reply.ok(await leaveRoom(services, callerOf(req), req.body)),
    );
    serve(app, calls.start, signedIn, async (req, reply) =>
      reply.ok(await startExchange(services, callerOf(req), req.body)),
    );
    serve(app, calls.dismiss, signedIn, async (req, reply) =>
      reply.ok(await dismissRoom(services, callerOf(req), req.body)),
    );
    serve(app, calls.read, signedIn, async (req, reply) =>
      reply.ok(await readRoom(services, callerOf(req), req.params.roomCode)),
    );
  };
}
