import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  oauthEndpoints as calls,
  confirmDecisionBodySchema,
  confirmDecisionResponseSchema,
  confirmParamsSchema,
  confirmQuerySchema,
  OAUTH_INTERACTION_PATH,
  oauthInteractionResponseSchema,
} from '../../src/api';
import { callerOf, requestOrigin, requireCaller } from '../http/auth';
import { type ApiApp, serve } from '../http/endpoint';
import { ApiError } from '../http/errors';
import { carryHeadersToRaw } from '../http/security-headers';
import { CONFIRM_PREFIX, OAUTH_MOUNT } from '../oauth/authorization-server';
import { getMyCard } from '../services/cards';
import type { Services } from '../services/context';

/** The guard of a signed-in caller's route. */
type SignedIn = (request: FastifyRequest) => Promise<void>;

/**
 * Everything under /oauth but the consent screen is the provider's (authorize, token,
 * revocation, discovery, keys); it reads its own bodies, so it takes the request before Fastify does.
 */
function handOverToProvider(fastify: FastifyInstance, services: Services, csp: string): void {
  const oauth = services.oauth;
  fastify.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if ((path === OAUTH_MOUNT || path.startsWith(`${OAUTH_MOUNT}/`)) && !path.startsWith(CONFIRM_PREFIX)) {
      // The security headers of every answer (set by the first onRequest hook) go with it; the
      // provider's form_post page adds its one inline script's hash to this CSP.
      reply.header('content-security-policy', csp);
      carryHeadersToRaw(reply);
      reply.hijack();
      oauth.handle(requestOrigin(request, services.publicUrl), request.raw, reply.raw);
    }
  });
}

/** The consent screen's calls are the provider's (under /oauth), not endpoints of /api/*. */
function consentRoutes(app: ApiApp, services: Services, signedIn: SignedIn): void {
  const oauth = services.oauth;
  app.get(
    OAUTH_INTERACTION_PATH,
    {
      schema: {
        params: confirmParamsSchema,
        querystring: confirmQuerySchema,
        response: { 200: oauthInteractionResponseSchema },
      },
      onRequest: signedIn,
    },
    async (req, reply) => {
      const origin = requestOrigin(req, services.publicUrl);
      const view = await oauth.interaction(origin, req.raw, reply.raw, { ...req.params, uid: req.query.uid });
      if (!view) throw new ApiError(404, 'oauthRequestGone');
      return reply.ok(view);
    },
  );

  app.post(
    OAUTH_INTERACTION_PATH,
    {
      schema: {
        params: confirmParamsSchema,
        body: confirmDecisionBodySchema,
        response: { 200: confirmDecisionResponseSchema },
      },
      onRequest: signedIn,
    },
    async (req, reply) => {
      const origin = requestOrigin(req, services.publicUrl);
      const page = { ...req.params, uid: req.body.uid };
      const redirect = await oauth.decide(origin, req.raw, reply.raw, page, callerOf(req).userId, req.body.allow);
      if (!redirect) throw new ApiError(404, 'oauthRequestGone');
      return reply.ok({ redirect }, req.body.allow ? 'appAllowed' : 'appDenied');
    },
  );
}

/** My card, read by an app with its bearer token (checked before the query is, as `token` is for the app's own calls). */
function cardForAppsRoute(app: ApiApp, services: Services): void {
  const oauth = services.oauth;
  const cardReader = new WeakMap<object, number>();
  serve(
    app,
    calls.card,
    {
      onRequest: async (req, reply) => {
        const token = /^Bearer ([\w.~+/-]+=*)$/i.exec(req.headers.authorization ?? '')?.[1];
        const userId = token ? await oauth.cardReader(requestOrigin(req, services.publicUrl), token) : null;
        if (userId === null) {
          reply.header('www-authenticate', `Bearer realm="cardbook", error="invalid_token", scope="card:read"`);
          throw new ApiError(401, 'loginRequired');
        }
        cardReader.set(req, userId);
      },
    },
    async (req, reply) => {
      const userId = cardReader.get(req);
      if (userId === undefined) throw new ApiError(401, 'loginRequired');
      const origin = requestOrigin(req, services.publicUrl);
      return reply.ok(await getMyCard(services, { userId, tokenId: 0, ip: req.ip, origin, locale: req.locale }));
    },
  );
}

/** The apps I allowed, and withdrawing one. */
function grantRoutes(app: ApiApp, services: Services, signedIn: SignedIn): void {
  const oauth = services.oauth;
  serve(app, calls.authorizedApps, { onRequest: signedIn }, async (req, reply) =>
    reply.ok({ apps: await oauth.grants(callerOf(req).userId) }),
  );

  serve(app, calls.revoke, { onRequest: signedIn }, async (req, reply) => {
    if (!(await oauth.revoke(callerOf(req).userId, req.body.id))) throw new ApiError(404, 'grantNotFound');
    return reply.ok(null, 'grantRevoked');
  });
}

/** Cardbook as an OAuth 2 authorisation server for apps reading my card (src/api/oauth.ts). */
export function oauthRoutes(services: Services, csp: string) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);
    handOverToProvider(fastify, services, csp);
    consentRoutes(app, services, signedIn);
    cardForAppsRoute(app, services);
    grantRoutes(app, services, signedIn);
  };
}
