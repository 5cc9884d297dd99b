import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authEndpoints as auth, thirdPartyEndpoints as thirdParty } from '../../src/api';
import { callerOf, optionalCaller, requestOrigin, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
import { login, logout, register, sendVerifyCode } from '../services/accounts';
import type { Services } from '../services/context';
import { sessionDevice } from '../services/session-device';
import { FLOW_MINUTES, finishThirdParty, startThirdParty } from '../services/third-party-sign-in';

/** The cookie tying a third-party sign-in to the browser that started it (see third-party-sign-in). */
const FLOW_COOKIE = 'cardbook_oauth';
/** The cookie is sent back only with the calls under /api/auth (the callback among them). */
const FLOW_COOKIE_PATH = thirdParty.callback.path;

/** Signing up, in and out (src/api/auth.ts), and with Google or Facebook (src/api/third-party.ts). */
export function authRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    serve(app, auth.sendVerifyCode, { onRequest: optionalCaller(services) }, async (req, reply) => {
      await sendVerifyCode(services, req.body, req.ip, req.locale, req.caller ?? null);
      return reply.ok(null, 'codeSent');
    });

    serve(app, auth.register, {}, async (req, reply) =>
      reply.ok(await register(services, req.body, req.ip, sessionDevice(req)), 'registered'),
    );

    serve(app, auth.login, {}, async (req, reply) =>
      reply.ok(await login(services, req.body, req.ip, sessionDevice(req)), 'loggedIn'),
    );

    serve(app, thirdParty.providers, {}, async (_req, reply) =>
      reply.ok({ providers: services.thirdParty.providers() }),
    );

    serve(app, thirdParty.start, { onRequest: optionalCaller(services) }, async (req, reply) => {
      const origin = requestOrigin(req, services.publicUrl);
      const { url, browserKey } = await startThirdParty(services, req.body, req.caller ?? null, origin, req.ip);
      reply.setCookie(FLOW_COOKIE, browserKey, {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: origin.startsWith('https:'),
        maxAge: FLOW_MINUTES * 60,
      });
      return reply.ok({ url });
    });

    serve(app, thirdParty.callback, { onRequest: optionalCaller(services) }, async (req, reply) => {
      const key = req.cookies[FLOW_COOKIE];
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      const result = await finishThirdParty(services, req.body, key, req.caller ?? null, req.ip, sessionDevice(req));
      return reply.ok(result, result.intent === 'bind' ? 'bound' : 'loggedIn');
    });

    serve(app, auth.logout, { onRequest: requireCaller(services) }, async (req, reply) => {
      await logout(services, callerOf(req));
      return reply.ok(null, 'loggedOut');
    });
  };
}
