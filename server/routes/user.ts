import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AVATAR_MAX_BYTES,
  accountEndpoints as account,
  associateEndpoints as associates,
  authEndpoints as auth,
  loginMethodEndpoints as loginMethods,
  profileEndpoints as profile,
  stagedUploadFieldsSchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { type ApiApp, type EndpointOptions, serve } from '../http/endpoint';
import { invalidInput } from '../http/envelope';
import { readUploadWithFields } from '../http/uploads';
import { deleteAccount } from '../services/account-deletion';
import { modifyPassword, resetPassword } from '../services/accounts';
import { associate, associateLogin, dissociate, listAssociates } from '../services/associates';
import type { Services } from '../services/context';
import { exportMyData } from '../services/export';
import { bindAccount, listLoginMethods, unbindLoginMethod } from '../services/login-methods';
import { keptProfileJson, setProfile, uploadAvatar } from '../services/profile';
import { sessionDevice } from '../services/session-device';
import { listSessions, signOutOthers } from '../services/sessions';

/** Passwords, my profile and avatar, and (accountRoutes) the account's sign-ins, links and data. */
export function userRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, auth.resetPwd, {}, async (req, reply) => {
      await resetPassword(services, req.body, req.ip);
      return reply.ok(null, 'passwordChanged');
    });

    serve(app, auth.modifyPwd, signedIn, async (req, reply) => {
      await modifyPassword(services, callerOf(req), req.body);
      return reply.ok(null, 'passwordChanged');
    });

    serve(app, profile.get, signedIn, async (req, reply) =>
      reply.okSerialised(await keptProfileJson(services, callerOf(req))),
    );

    serve(app, profile.set, signedIn, async (req, reply) =>
      reply.ok(await setProfile(services, callerOf(req), req.body), 'saved'),
    );

    serve(app, profile.uploadAvatar, signedIn, async (req, reply) => {
      const upload = await readUploadWithFields(req, AVATAR_MAX_BYTES, /^image\//);
      const fields = stagedUploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw invalidInput(fields.error, 'fields');
      const uploadId = fields.data.upload_id ?? null;
      return reply.ok({ avatar: await uploadAvatar(services, callerOf(req), upload.data, uploadId) }, 'saved');
    });

    accountRoutes(app, services, signedIn);
  };
}

/** How I sign in (login methods), the accounts linked to mine, my sessions, my data and deleting it all. */
function accountRoutes(app: ApiApp, services: Services, signedIn: EndpointOptions) {
  serve(app, loginMethods.list, signedIn, async (req, reply) =>
    reply.ok(await listLoginMethods(services, callerOf(req))),
  );

  serve(app, loginMethods.bind, signedIn, async (req, reply) =>
    reply.ok(await bindAccount(services, callerOf(req), req.body), 'bound'),
  );

  // A GET that changes state, as SPEC §7 names it (see src/api/login-methods.ts).
  serve(app, loginMethods.unbind, signedIn, async (req, reply) =>
    reply.ok(await unbindLoginMethod(services, callerOf(req), req.params.id), 'unbound'),
  );

  serve(app, associates.link, signedIn, async (req, reply) =>
    reply.ok(await associate(services, callerOf(req), req.body, req.ip), 'associated'),
  );

  serve(app, associates.list, signedIn, async (req, reply) => reply.ok(await listAssociates(services, callerOf(req))));

  serve(app, associates.login, signedIn, async (req, reply) =>
    reply.ok(await associateLogin(services, callerOf(req), req.params.id, sessionDevice(req)), 'loggedIn'),
  );

  serve(app, associates.unlink, signedIn, async (req, reply) =>
    reply.ok(await dissociate(services, callerOf(req), req.params.id), 'dissociated'),
  );

  serve(app, account.sessions, signedIn, async (req, reply) => reply.ok(await listSessions(services, callerOf(req))));

  serve(app, account.signOutOthers, signedIn, async (req, reply) =>
    reply.ok(await signOutOthers(services, callerOf(req)), 'signedOutElsewhere'),
  );

  // A file, not an envelope: the whole account as JSON, with vCards (src/api/export.ts).
  serve(app, account.export, signedIn, async (req, reply) => {
    const file = await exportMyData(services, callerOf(req));
    const day = file.exported_at.slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="cardbook-export-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(file, null, 2));
  });

  serve(app, account.delete, signedIn, async (req, reply) => {
    await deleteAccount(services, callerOf(req), req.body, req.ip);
    return reply.ok(null, 'accountDeleted');
  });
}
