import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emptyBodySchema,
  loginBodySchema,
  loginResponseSchema,
  okResponseSchema,
  providersResponseSchema,
  registerBodySchema,
  sendVerifyCodeBodySchema,
  thirdPartyCallbackBodySchema,
  thirdPartyResultResponseSchema,
  thirdPartyStartBodySchema,
  thirdPartyStartResponseSchema,
} from '../../src/api';
import { callerOf, optionalCaller, requestOrigin, requireCaller } from '../http/auth';
import { login, logout, register, sendVerifyCode } from '../services/accounts';
import type { Services } from '../services/context';
import { sessionDevice } from '../services/session-device';
import { FLOW_MINUTES, finishThirdParty, startThirdParty } from '../services/third-party-sign-in';

/** The cookie tying a third-party sign-in to the browser that started it (see third-party-sign-in). */
const FLOW_COOKIE = 'cardbook_oauth';

export function authRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/sendVerifyCode',
      {
        schema: { body: sendVerifyCodeBodySchema, response: { 200: okResponseSchema } },
        onRequest: optionalCaller(services),
      },
      async (req, reply) => {
        await sendVerifyCode(services, req.body, req.ip, req.locale, req.caller ?? null);
        return reply.ok(null, 'codeSent');
      },
    );

    app.post(
      '/api/register',
      { schema: { body: registerBodySchema, response: { 200: loginResponseSchema } } },
      async (req, reply) => reply.ok(await register(services, req.body, req.ip, sessionDevice(req)), 'registered'),
    );

    app.post(
      '/api/login',
      { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } },
      async (req, reply) => reply.ok(await login(services, req.body, req.ip, sessionDevice(req)), 'loggedIn'),
    );

    app.get('/api/auth/providers', { schema: { response: { 200: providersResponseSchema } } }, async (_req, reply) =>
      reply.ok({ providers: services.thirdParty.providers() }),
    );

    app.post(
      '/api/auth/start',
      {
        schema: { body: thirdPartyStartBodySchema, response: { 200: thirdPartyStartResponseSchema } },
        onRequest: optionalCaller(services),
      },
      async (req, reply) => {
        const origin = requestOrigin(req, services.publicUrl);
        const { url, browserKey } = await startThirdParty(services, req.body, req.caller ?? null, origin, req.ip);
        reply.setCookie(FLOW_COOKIE, browserKey, {
          path: '/api/auth',
          httpOnly: true,
          sameSite: 'lax',
          secure: origin.startsWith('https:'),
          maxAge: FLOW_MINUTES * 60,
        });
        return reply.ok({ url });
      },
    );

    app.post(
      '/api/auth',
      {
        schema: { body: thirdPartyCallbackBodySchema, response: { 200: thirdPartyResultResponseSchema } },
        onRequest: optionalCaller(services),
      },
      async (req, reply) => {
        const key = req.cookies[FLOW_COOKIE];
        reply.clearCookie(FLOW_COOKIE, { path: '/api/auth' });
        const result = await finishThirdParty(services, req.body, key, req.caller ?? null, req.ip, sessionDevice(req));
        return reply.ok(result, result.intent === 'bind' ? 'bound' : 'loggedIn');
      },
    );

    app.post(
      '/api/logout',
      { schema: { body: emptyBodySchema, response: { 200: okResponseSchema } }, onRequest: requireCaller(services) },
      async (req, reply) => {
        await logout(services, callerOf(req));
        return reply.ok(null, 'loggedOut');
      },
    );
  };
}
