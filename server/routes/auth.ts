import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emptyBodySchema,
  loginBodySchema,
  loginResponseSchema,
  okResponseSchema,
  registerBodySchema,
  sendVerifyCodeBodySchema,
} from '../../src/api';
import { callerOf, optionalCaller, requireCaller } from '../http/auth';
import { login, logout, register, sendVerifyCode } from '../services/accounts';
import type { Services } from '../services/context';

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
      async (req, reply) => reply.ok(await register(services, req.body, req.ip), 'registered'),
    );

    app.post(
      '/api/login',
      { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } },
      async (req, reply) => reply.ok(await login(services, req.body, req.ip), 'loggedIn'),
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
