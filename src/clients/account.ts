import { type AssociateBody, associateEndpoints } from '../api/associates';
import { type BindAccountBody, loginMethodEndpoints } from '../api/login-methods';
import { accountEndpoints, type DeleteAccountBody } from '../api/sessions';
import { forgetDatabaseAtNextStart } from '../db/forget-db';
import { callEndpoint } from '../lib/request';
import { signOut } from '../session/session';
import { api } from './api';

/**
 * Account management's calls: my sessions and the account itself (src/api/sessions.ts), my
 * login methods (src/api/login-methods.ts) and my linked accounts (src/api/associates.ts). These
 * are security calls made online only; each is silent, the screen telling a failure in its place.
 */
const silent = { silent: true } as const;

export const accountCalls = {
  sessions: async () => (await callEndpoint(api, accountEndpoints.sessions, {}, silent)).data,
  signOutOthers: () => callEndpoint(api, accountEndpoints.signOutOthers, { body: {} }, silent),
  /**
   * Deletes my account, proving it is mine again (its password). This device signs out, and its
   * copy of the account (the local database) goes at the next start.
   */
  delete: async (body: DeleteAccountBody) => {
    const res = await callEndpoint(api, accountEndpoints.delete, { body }, silent);
    await signOut();
    const { db } = await import('../db');
    forgetDatabaseAtNextStart(db.name);
    return res;
  },
};

export const loginMethodCalls = {
  list: async () => (await callEndpoint(api, loginMethodEndpoints.list, {}, silent)).data,
  bind: (body: BindAccountBody) => callEndpoint(api, loginMethodEndpoints.bind, { body }, silent),
  remove: (id: number) => callEndpoint(api, loginMethodEndpoints.unbind, { params: { id } }, silent),
};

export const associateCalls = {
  list: async () => (await callEndpoint(api, associateEndpoints.list, {}, silent)).data,
  link: (body: AssociateBody) => callEndpoint(api, associateEndpoints.link, { body }, silent),
  /** A session of linked account `userId` (its login payload), for the caller to sign in with. */
  session: async (userId: number) =>
    (await callEndpoint(api, associateEndpoints.login, { params: { id: userId } }, silent)).data,
  unlink: (userId: number) => callEndpoint(api, associateEndpoints.unlink, { params: { id: userId } }, silent),
};
