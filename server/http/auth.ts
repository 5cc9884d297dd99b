import type { FastifyRequest } from 'fastify';
import { sha256 } from '../security/secrets';
import type { Caller, Services } from '../services/context';
import { settleExchanges } from '../services/exchange';
import { resolveTokenHash, type TokenSession, tokenLooksRight } from '../services/tokens';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

async function callerFrom(services: Services, request: FastifyRequest): Promise<Caller | null> {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  const session = token ? await sessionOf(services, token) : null;
  if (!session) return null;
  // Friends made by an exchange are written before anything of this user is read or changed.
  if (session.exchangePending) await settleExchanges(services.db, session.userId);
  const origin = requestOrigin(request, services.publicUrl);
  return { userId: session.userId, tokenId: session.tokenId, ip: request.ip, origin, locale: request.locale };
}

/**
 * The live session of a token: the one this process resolved a moment ago (SessionCache), else
 * the database's.
 */
async function sessionOf(services: Services, token: string): Promise<TokenSession | null> {
  if (!tokenLooksRight(token)) return null;
  const hash = sha256(token);
  const key = hash.toString('base64');
  const kept = services.sessions.get(key);
  if (kept) return kept;
  const mark = services.sessions.mark();
  const session = await resolveTokenHash(services.db, hash);
  if (session) services.sessions.set(key, session, mark);
  return session;
}

/**
 * onRequest hook for routes that need a signed-in user: the `token` header must be live. It runs
 * before the body is parsed and validated, so a visitor always gets 401 (SPEC §8), never a
 * 400 naming fields of a body they may not send at all.
 */
export function requireCaller(services: Services) {
  return async (request: FastifyRequest): Promise<void> => {
    request.caller = await callerFrom(services, request);
    if (!request.caller) throw unauthorized();
  };
}

/**
 * onRequest hook for routes open to visitors that answer a signed-in user more (a shared card says
 * whether it is already their friend): a live token sets the caller; none, or a dead one, leaves
 * the request a visitor's.
 */
export function optionalCaller(services: Services) {
  return async (request: FastifyRequest): Promise<void> => {
    request.caller = request.headers.token === undefined ? null : await callerFrom(services, request);
  };
}

/**
 * The origin the request reached us at: PUBLIC_URL when set, else its protocol and Host (the
 * X-Forwarded-* ones only when TRUST_PROXY says a proxy sets them). A Host that is not a plain
 * host name and port is not echoed into links.
 */
export function requestOrigin(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const host = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/** The caller of a route guarded by requireCaller. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
