import { createHash, randomBytes } from 'node:crypto';
import * as oauth from 'openid-client';
import {
  type LoginPayload,
  type ThirdPartyCallbackBody,
  type ThirdPartyResult,
  type ThirdPartyStartBody,
  thirdPartyCallbackPath,
} from '../../src/api';
import { ApiError } from '../http/errors';
import type { FlowChecks, ThirdPartyAccount } from '../security/third-party-clients';
import type { Caller, Services } from './context';
import type { SessionDevice } from './session-device';
import { issueToken } from './tokens';
import { findUserById, loginPayload } from './users';

/**
 * Signing in with, and binding, a Google or Facebook account. A flow is a row of oauth_logins
 * (state, PKCE verifier, nonce), good for FLOW_MINUTES and used once, tied to the browser that
 * started it by a random key in an http-only cookie: a callback carried to another browser (a
 * login-CSRF link) finds no flow. The provider's account becomes a login identity keyed by its
 * subject; signing in with one nobody has makes a new account without a password (SPEC §4
 * then asks for one).
 */
export const FLOW_MINUTES = 10;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export async function startThirdParty(
  s: Services,
  body: ThirdPartyStartBody,
  caller: Caller | null,
  origin: string,
  ip: string,
): Promise<{ url: string; browserKey: string }> {
  if (!s.thirdParty.has(body.provider)) throw new ApiError(404, 'providerNotConfigured');
  if (body.intent === 'bind' && !caller) throw new ApiError(401, 'loginRequired');
  await s.limits.thirdPartyStart(ip);
  const checks: FlowChecks = {
    state: oauth.randomState(),
    nonce: oauth.randomNonce(),
    codeVerifier: oauth.randomPKCECodeVerifier(),
  };
  const browserKey = randomBytes(32).toString('base64url');
  const redirectUri = origin + thirdPartyCallbackPath(body.provider);
  const url = await s.thirdParty.authorizationUrl(body.provider, redirectUri, checks).catch(() => {
    throw new ApiError(502, 'thirdPartyUnavailable');
  });
  await s.db.query(`delete from oauth_logins where created_at < now() - make_interval(mins => $1)`, [FLOW_MINUTES]);
  await s.db.query(
    `insert into oauth_logins (state_hash, provider, intent, user_id, browser_hash, code_verifier, nonce, redirect_uri)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      sha256(checks.state),
      body.provider,
      body.intent,
      caller?.userId ?? null,
      sha256(browserKey),
      checks.codeVerifier,
      checks.nonce,
      redirectUri,
    ],
  );
  return { url, browserKey };
}

type FlowRow = {
  provider: string;
  intent: 'login' | 'bind';
  user_id: number | null;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
};

export async function finishThirdParty(
  s: Services,
  body: ThirdPartyCallbackBody,
  browserKey: string | undefined,
  caller: Caller | null,
  ip: string,
  device: SessionDevice | null = null,
): Promise<ThirdPartyResult> {
  const params = new URLSearchParams(body.query);
  const state = params.get('state');
  if (!state || !browserKey) throw new ApiError(400, 'thirdPartyExpired');
  // Deleted as it is read: a callback is redeemed once, whatever happens next.
  const [flow] = await s.db.query<FlowRow>(
    `delete from oauth_logins where state_hash = $1 and created_at > now() - make_interval(mins => $2)
     returning provider, intent, user_id, browser_hash, code_verifier, nonce, redirect_uri`,
    [sha256(state), FLOW_MINUTES],
  );
  if (!flow || flow.provider !== body.provider || flow.browser_hash !== sha256(browserKey)) {
    throw new ApiError(400, 'thirdPartyExpired');
  }
  if (params.has('error')) throw new ApiError(400, 'thirdPartyCancelled');
  const checks = { state, nonce: flow.nonce, codeVerifier: flow.code_verifier };
  let account: ThirdPartyAccount;
  try {
    account = await s.thirdParty.account(body.provider, new URL(`${flow.redirect_uri}?${body.query}`), checks);
  } catch {
    throw new ApiError(400, 'thirdPartyFailed');
  }
  if (flow.intent === 'bind') {
    if (!caller || caller.userId !== Number(flow.user_id)) throw new ApiError(401, 'loginRequired');
    await bindThirdParty(s, caller.userId, body.provider, account);
    return { intent: 'bind' };
  }
  return signInWith(s, body.provider, account, ip, device);
}

function labelOf(account: ThirdPartyAccount): string {
  return account.email ?? account.name;
}

async function bindThirdParty(
  s: Services,
  userId: number,
  provider: ThirdPartyProvider,
  account: ThirdPartyAccount,
): Promise<void> {
  const added = await s.db.query(
    `insert into login_identities (user_id, kind, identifier, label) values ($1, $2, $3, $4)
     on conflict do nothing returning id`,
    [userId, provider, account.subject, labelOf(account)],
  );
  if (added.length > 0) return;
  const [owner] = await s.db.query<{ user_id: number }>(
    'select user_id from login_identities where kind = $1 and identifier = $2 and deleted_at is null',
    [provider, account.subject],
  );
  throw new ApiError(409, Number(owner?.user_id) === userId ? 'thirdPartyAlreadyBound' : 'thirdPartyTaken');
}

type ThirdPartyProvider = ThirdPartyCallbackBody['provider'];

async function signInWith(
  s: Services,
  provider: ThirdPartyProvider,
  account: ThirdPartyAccount,
  ip: string,
  device: SessionDevice | null,
): Promise<ThirdPartyResult> {
  const [known] = await s.db.query<{ user_id: number }>(
    `select i.user_id from login_identities i join users u on u.id = i.user_id
     where i.kind = $1 and i.identifier = $2 and i.deleted_at is null and u.deleted_at is null`,
    [provider, account.subject],
  );
  if (known) {
    const user = await findUserById(s.db, Number(known.user_id));
    if (!user) throw new ApiError(401, 'loginRequired');
    const token = await issueToken(s.db, user.id, 4, device);
    return { intent: 'login', session: loginPayload(user, token, 4), created: false };
  }
  await s.limits.register(ip);
  const email = account.email && account.emailVerified ? account.email.toLowerCase() : null;
  const session = await s.db.tx(async (q): Promise<LoginPayload> => {
    if (email) {
      // Never joined to an account by its address alone: its owner signs in and binds instead.
      const [owner] = await q.query(
        `select 1 from login_identities where kind = 'email' and identifier = $1 and deleted_at is null`,
        [email],
      );
      if (owner) throw new ApiError(409, 'thirdPartyEmailHasAccount');
    }
    const [user] = await q.query<{ id: number }>(
      `insert into users (full_name, email, password_hash, signup_type) values ($1, $2, null, 4) returning id`,
      [account.name.slice(0, 64), email],
    );
    if (!user) throw new Error('insert returned no row');
    const taken = await q.query(
      `insert into login_identities (user_id, kind, identifier, label) values ($1, $2, $3, $4)
       on conflict do nothing returning id`,
      [user.id, provider, account.subject, labelOf(account)],
    );
    // Another sign-in with the same account got there first: try again signs in to that one.
    if (taken.length === 0) throw new ApiError(409, 'thirdPartyTaken');
    const token = await issueToken(q, user.id, 4, device);
    const row = await findUserById(q, user.id);
    if (!row) throw new Error('user vanished');
    return loginPayload(row, token, 4);
  });
  return { intent: 'login', session, created: true };
}
