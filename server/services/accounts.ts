import {
  type AccountRef,
  accountRef,
  type LoginBody,
  type LoginPayload,
  type ModifyPwdBody,
  type RegisterBody,
  type ResetPwdBody,
  type SendVerifyCodeBody,
  type VerifyScene,
} from '../../src/api';
import type { Locale } from '../../src/i18n/langs';
import { ApiError } from '../http/errors';
import { accountLabel } from '../mail/sender';
import { hashPassword, verifyPassword } from '../security/passwords';
import { endAssociationLinks } from './associate-links';
import type { Caller, Services } from './context';
import type { SessionDevice } from './session-device';
import { issueToken, revokeOtherTokens, revokeToken } from './tokens';
import { findUserByAccount, findUserById, identityKey, loginPayload, type UserRow } from './users';
import { consumeCode, createCode } from './verify-codes';

/**
 * Sends a code for register, login or reset, answering the same whether or not the address has
 * an account, so this call does not tell who has one: for login and reset an unknown address
 * gets no message; for register a known one gets a notice that it already has an account (and
 * how to sign in or reset) instead of a code.
 */
export async function sendVerifyCode(
  s: Services,
  body: SendVerifyCodeBody,
  ip: string,
  locale: Locale,
  caller: Caller | null,
): Promise<void> {
  const to = accountRef(body);
  await s.limits.verifyCode(ip, accountLabel(to));
  const user = await findUserByAccount(s.db, to);
  if (body.scene === 'bind') {
    // Binding is for a signed-in user, who is told plainly that an address is taken: it can
    // sign in to one account only (SPEC §1). The rate limit above bounds what that reveals.
    if (!caller) throw new ApiError(401, 'loginRequired');
    if (user) throw new ApiError(409, user.id === caller.userId ? 'alreadyBound' : 'accountTaken');
    const code = await createCode(s.db, to, 'bind');
    await s.sender.send({ kind: 'code', to, code, scene: 'bind', locale });
    return;
  }
  if (body.scene === 'register' && user) {
    await s.sender.send({ kind: 'accountExists', to, locale });
    return;
  }
  if (body.scene !== 'register' && !user) return;
  const code = await createCode(s.db, to, body.scene);
  await s.sender.send({ kind: 'code', to, code, scene: body.scene, locale });
}

export async function requireCode(s: Services, to: AccountRef, scene: VerifyScene, code: string): Promise<void> {
  // Outside the write transaction on purpose: a wrong guess must count even though the call fails.
  if (!(await consumeCode(s.db, to, scene, code))) throw new ApiError(400, 'wrongCode');
}

export async function register(
  s: Services,
  body: RegisterBody,
  ip: string,
  device: SessionDevice | null = null,
): Promise<LoginPayload> {
  await s.limits.register(ip);
  const to = accountRef(body);
  // The code first: an address that has an account never got a register code, so a made-up
  // code answers "wrong code" whether the address is taken or not. Only someone holding a real
  // code (the address's owner, racing a registration) can meet the 409 below.
  await requireCode(s, to, 'register', body.code);
  const passwordHash = await hashPassword(body.password);
  const { kind, identifier } = identityKey(to);
  return s.db.tx(async (q) => {
    const [user] = await q.query<{ id: number }>(
      `insert into users (full_name, email, area, mobile, password_hash, signup_type)
       values ($1, $2, $3, $4, $5, 2) returning id`,
      [
        body.name ?? '',
        to.kind === 'email' ? to.email : null,
        to.kind === 'mobile' ? to.area : null,
        to.kind === 'mobile' ? to.mobile : null,
        passwordHash,
      ],
    );
    if (!user) throw new Error('insert returned no row');
    const taken = await q.query(
      `insert into login_identities (user_id, kind, identifier) values ($1, $2, $3)
       on conflict do nothing returning id`,
      [user.id, kind, identifier],
    );
    if (taken.length === 0) throw new ApiError(409, 'accountExists');
    const token = await issueToken(q, user.id, 2, device);
    const row = await findUserById(q, user.id);
    if (!row) throw new Error('user vanished');
    return loginPayload(row, token, 2);
  });
}

/** The account these credentials (a password, or a login code) sign in to; limited like sign-in. */
export async function authenticate(s: Services, body: LoginBody, ip: string): Promise<UserRow> {
  const to = accountRef(body);
  const account = accountLabel(to);
  await s.limits.loginAttempt(ip, account);
  const user = await findUserByAccount(s.db, to);
  if (body.code !== undefined) {
    if (!user || !(await consumeCode(s.db, to, 'login', body.code))) throw new ApiError(400, 'wrongCode');
  } else if (!(await verifyPassword(user?.password_hash ?? null, body.password ?? '')) || !user) {
    throw new ApiError(400, user && user.password_hash === null ? 'noPassword' : 'wrongPassword');
  }
  await s.limits.loginSucceeded(ip, account);
  return user;
}

export async function login(
  s: Services,
  body: LoginBody,
  ip: string,
  device: SessionDevice | null = null,
): Promise<LoginPayload> {
  const user = await authenticate(s, body, ip);
  const loginType = body.code !== undefined ? 1 : 2;
  const token = await issueToken(s.db, user.id, loginType, device);
  return loginPayload(user, token, loginType);
}

export async function logout(s: Services, caller: Caller): Promise<void> {
  await revokeToken(s.db, caller.tokenId);
  await sessionsEnded(s, caller.userId, [caller.tokenId]);
}

/** Ended sessions are forgotten and lose their live push connections now (a failure leaves those to the broker's sweep). */
export async function sessionsEnded(s: Services, userId: number, tokenIds: number[]): Promise<void> {
  // The database tells every process (migration 0016); this one forgets before it answers.
  s.sessions.forgetUser(userId);
  for (const tokenId of tokenIds) await s.pushAccess.sessionEnded(userId, tokenId).catch(() => {});
}

/** Sets a new password with a reset code; every open session of the account ends, and its links. */
export async function resetPassword(s: Services, body: ResetPwdBody, ip: string): Promise<void> {
  await s.limits.resetPassword(ip);
  const to = accountRef(body);
  const user = await findUserByAccount(s.db, to);
  if (!user) throw new ApiError(400, 'wrongCode');
  await requireCode(s, to, 'reset', body.code);
  const passwordHash = await hashPassword(body.password);
  const revoked = await s.db.tx(async (q) => {
    await q.query('update users set password_hash = $2 where id = $1', [user.id, passwordHash]);
    await endAssociationLinks(q, user.id);
    return revokeOtherTokens(q, user.id, null);
  });
  await sessionsEnded(s, user.id, revoked);
}

/** Changes the password (the current one is required when one is set); other sessions and links end. */
export async function modifyPassword(s: Services, caller: Caller, body: ModifyPwdBody): Promise<void> {
  const user = await findUserById(s.db, caller.userId);
  if (!user) throw new ApiError(401, 'loginRequired');
  if (user.password_hash !== null) {
    await s.limits.loginAttempt(caller.ip, `user:${user.id}`);
    if (!(await verifyPassword(user.password_hash, body.old_password ?? '')))
      throw new ApiError(400, 'oldPasswordWrong');
    await s.limits.loginSucceeded(caller.ip, `user:${user.id}`);
  }
  const passwordHash = await hashPassword(body.password);
  const revoked = await s.db.tx(async (q) => {
    await q.query('update users set password_hash = $2 where id = $1', [user.id, passwordHash]);
    await endAssociationLinks(q, user.id);
    return revokeOtherTokens(q, user.id, caller.tokenId);
  });
  await sessionsEnded(s, user.id, revoked);
}
