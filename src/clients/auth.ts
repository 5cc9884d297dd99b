import {
  authEndpoints,
  type LoginBody,
  type ModifyPwdBody,
  type RegisterBody,
  type ResetPwdBody,
  type SendVerifyCodeBody,
} from '../api/auth';
import { type ThirdPartyIntent, type ThirdPartyProvider, thirdPartyEndpoints } from '../api/third-party';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/**
 * Signing up, in and out, and the password (src/api/auth.ts); signing in with Google or
 * Facebook (src/api/third-party.ts). Silent: each screen tells a failure in its own place (a
 * form's error, a toast), unless said otherwise. A session answered is the caller's to start
 * (session/use-after-sign-in.ts).
 */
const silent = { silent: true } as const;

export const authCalls = {
  sendVerifyCode: (body: SendVerifyCodeBody) => callEndpoint(api, authEndpoints.sendVerifyCode, { body }, silent),
  login: (body: LoginBody) => callEndpoint(api, authEndpoints.login, { body }, silent),
  register: (body: RegisterBody) => callEndpoint(api, authEndpoints.register, { body }, silent),
  /** Signed out, by a code sent to the account. */
  resetPassword: (body: ResetPwdBody) => callEndpoint(api, authEndpoints.resetPwd, { body }, silent),
  /** Signed in: the old password, or none when setting the first. */
  changePassword: (body: ModifyPwdBody) => callEndpoint(api, authEndpoints.modifyPwd, { body }, silent),
  /** Ends this session on the server; when that fails (offline) the device signs out all the same. */
  logout: async (): Promise<void> => {
    await callEndpoint(api, authEndpoints.logout, {}, silent).catch(() => undefined);
  },
};

export const thirdPartyCalls = {
  /** The providers this server is configured for (none: no buttons). */
  providers: async (): Promise<ThirdPartyProvider[]> =>
    (await callEndpoint(api, thirdPartyEndpoints.providers, {}, silent)).data.providers,
  /** Where to send the browser to sign in or bind; not silent: the request client says why it failed. */
  start: async (provider: ThirdPartyProvider, intent: ThirdPartyIntent): Promise<string> =>
    (await callEndpoint(api, thirdPartyEndpoints.start, { body: { provider, intent } })).data.url,
  /** The provider's callback query, redeemed (once: a callback cannot work twice). */
  redeem: (provider: ThirdPartyProvider, query: string) =>
    callEndpoint(api, thirdPartyEndpoints.callback, { body: { provider, query } }, silent),
};
