import type { FastifyRequest } from 'fastify';
import type { Caller, Services } from '../services/context';
import { resolveToken } from '../services/tokens';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** preHandler for routes that need a signed-in user: the `token` header must be live. */
export function requireCaller(services: Services) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    const session = token ? await resolveToken(services.db, token) : null;
    if (!session) throw unauthorized();
    request.caller = { userId: session.userId, tokenId: session.tokenId, ip: request.ip };
  };
}

/** The caller of a route guarded by requireCaller. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
