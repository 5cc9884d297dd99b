import type { LoginType } from '../../src/api';
import type { Queryable } from '../db/db';
import { newToken, sha256 } from '../security/secrets';
import type { SessionDevice } from './session-device';

export const TOKEN_LIFETIME_DAYS = 180;

/** Issues a new session token for the user, with what the sign-in told of its device; only its hash is stored. */
export async function issueToken(
  q: Queryable,
  userId: number,
  loginType: LoginType,
  device: SessionDevice | null = null,
): Promise<string> {
  const token = newToken();
  await q.query(
    `insert into auth_tokens (user_id, token_hash, login_type, expires_at, browser, platform, time_zone, address)
     values ($1, $2, $3, now() + make_interval(days => $4), $5, $6, $7, $8)`,
    [
      userId,
      sha256(token),
      loginType,
      TOKEN_LIFETIME_DAYS,
      device?.browser ?? null,
      device?.platform ?? null,
      device?.timeZone ?? null,
      device?.address ?? null,
    ],
  );
  return token;
}

export type TokenSession = {
  tokenId: number;
  userId: number;
  loginType: LoginType;
  /** An exchange the user took part in started and their entries are not written yet (settleExchanges). */
  exchangePending: boolean;
};

/**
 * The live session a token belongs to, or null when it is unknown, expired or revoked. This
 * runs on every signed-in request, so it reads one indexed row (and probes one partial index for
 * exchanges to settle) and nothing else: removing an
 * account must revoke its tokens (revokeOtherTokens with null) rather than rely on a join here.
 */
export async function resolveToken(q: Queryable, token: string): Promise<TokenSession | null> {
  return tokenLooksRight(token) ? resolveTokenHash(q, sha256(token)) : null;
}

/** Whether a token is of a length we issue (newToken), before hashing it. */
export const tokenLooksRight = (token: string) => token.length >= 20 && token.length <= 100;

/** resolveToken for a token already hashed (sha256). */
export async function resolveTokenHash(q: Queryable, hash: Buffer): Promise<TokenSession | null> {
  const [row] = await q.query<{ id: number; user_id: number; login_type: LoginType; pending: boolean }>(
    `select t.id, t.user_id, t.login_type,
       exists (select 1 from exchange_members m where m.user_id = t.user_id and m.settle_pending) as pending
     from auth_tokens t
     where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now()`,
    [hash],
  );
  return row ? { tokenId: row.id, userId: row.user_id, loginType: row.login_type, exchangePending: row.pending } : null;
}

export async function revokeToken(q: Queryable, tokenId: number): Promise<void> {
  await q.query('update auth_tokens set revoked_at = now() where id = $1 and revoked_at is null', [tokenId]);
}

/** Revokes every live token of the user but `keepTokenId`; answers the ids revoked. */
export async function revokeOtherTokens(q: Queryable, userId: number, keepTokenId: number | null): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `update auth_tokens set revoked_at = now() where user_id = $1 and revoked_at is null and id is distinct from $2
     returning id`,
    [userId, keepTokenId],
  );
  return rows.map((r) => r.id);
}
