import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AVATAR_MAX_BYTES,
  associateBodySchema,
  associateIdParamsSchema,
  associateLoginResponseSchema,
  associatesResponseSchema,
  avatarResponseSchema,
  bindAccountBodySchema,
  deleteAccountBodySchema,
  emptyBodySchema,
  loginMethodIdParamsSchema,
  loginMethodsResponseSchema,
  modifyPwdBodySchema,
  okResponseSchema,
  plainQuerySchema,
  profileResponseSchema,
  resetPwdBodySchema,
  sessionsResponseSchema,
  setProfileBodySchema,
  signOutOthersResponseSchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { readSingleFile } from '../http/uploads';
import { deleteAccount } from '../services/account-deletion';
import { modifyPassword, resetPassword } from '../services/accounts';
import { associate, associateLogin, dissociate, listAssociates } from '../services/associates';
import type { Services } from '../services/context';
import { exportMyData } from '../services/export';
import { bindAccount, listLoginMethods, unbindLoginMethod } from '../services/login-methods';
import { keptProfileJson, setAvatar, setProfile } from '../services/profile';
import { sessionDevice } from '../services/session-device';
import { listSessions, signOutOthers } from '../services/sessions';

export function userRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);

    app.post(
      '/api/user/resetPwd',
      { schema: { body: resetPwdBodySchema, response: { 200: okResponseSchema } } },
      async (req, reply) => {
        await resetPassword(services, req.body, req.ip);
        return reply.ok(null, 'passwordChanged');
      },
    );

    app.post(
      '/api/user/modifyPwd',
      { schema: { body: modifyPwdBodySchema, response: { 200: okResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        await modifyPassword(services, callerOf(req), req.body);
        return reply.ok(null, 'passwordChanged');
      },
    );

    app.get(
      '/api/user/getProfile',
      { schema: { querystring: plainQuerySchema, response: { 200: profileResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.okSerialised(await keptProfileJson(services, callerOf(req))),
    );

    app.post(
      '/api/user/setProfile',
      { schema: { body: setProfileBodySchema, response: { 200: profileResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await setProfile(services, callerOf(req), req.body), 'saved'),
    );

    app.post(
      '/api/user/uploadAvatar',
      { schema: { response: { 200: avatarResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        const file = await readSingleFile(req, AVATAR_MAX_BYTES, /^image\//);
        return reply.ok({ avatar: await setAvatar(services, callerOf(req), file) }, 'saved');
      },
    );

    app.get(
      '/api/user/third/account_list',
      {
        schema: { querystring: plainQuerySchema, response: { 200: loginMethodsResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await listLoginMethods(services, callerOf(req))),
    );

    app.post(
      '/api/user/third/bind',
      { schema: { body: bindAccountBodySchema, response: { 200: loginMethodsResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await bindAccount(services, callerOf(req), req.body), 'bound'),
    );

    // A GET that changes state, as SPEC §7 names it: the token travels in a header only (never
    // a cookie the API reads), so another site cannot make a browser send it.
    app.get(
      '/api/user/third/unbind/:id',
      {
        schema: {
          params: loginMethodIdParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: loginMethodsResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await unbindLoginMethod(services, callerOf(req), req.params.id), 'unbound'),
    );

    app.post(
      '/api/user/associate',
      { schema: { body: associateBodySchema, response: { 200: associatesResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await associate(services, callerOf(req), req.body, req.ip), 'associated'),
    );

    app.get(
      '/api/user/my_associate',
      { schema: { querystring: plainQuerySchema, response: { 200: associatesResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await listAssociates(services, callerOf(req))),
    );

    app.get(
      '/api/user/associate_login/:id',
      {
        schema: {
          params: associateIdParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: associateLoginResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) =>
        reply.ok(await associateLogin(services, callerOf(req), req.params.id, sessionDevice(req)), 'loggedIn'),
    );

    app.get(
      '/api/user/dis_associate/:id',
      {
        schema: {
          params: associateIdParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: associatesResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await dissociate(services, callerOf(req), req.params.id), 'dissociated'),
    );

    app.get(
      '/api/user/sessions',
      { schema: { querystring: plainQuerySchema, response: { 200: sessionsResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await listSessions(services, callerOf(req))),
    );

    app.post(
      '/api/user/sessions/sign_out_others',
      { schema: { body: emptyBodySchema, response: { 200: signOutOthersResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await signOutOthers(services, callerOf(req)), 'signedOutElsewhere'),
    );

    // A file, not an envelope: the whole account as JSON, with vCards (src/api/export.ts).
    app.get(
      '/api/user/export',
      { schema: { querystring: plainQuerySchema }, onRequest: signedIn },
      async (req, reply) => {
        const file = await exportMyData(services, callerOf(req));
        const day = file.exported_at.slice(0, 10);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="cardbook-export-${day}.json"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(file, null, 2));
      },
    );

    app.post(
      '/api/user/delete',
      { schema: { body: deleteAccountBodySchema, response: { 200: okResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        await deleteAccount(services, callerOf(req), req.body, req.ip);
        return reply.ok(null, 'accountDeleted');
      },
    );
  };
}
