import type { LoginType, SessionInfo } from '../../src/api';
import { sessionsEnded } from './accounts';
import { endAssociationLinks } from './associate-links';
import type { Caller, Services } from './context';
import { revokeOtherTokens } from './tokens';

/** My live sessions, newest first, the one asking marked. */
export async function listSessions(s: Services, caller: Caller): Promise<{ sessions: SessionInfo[] }> {
  const rows = await s.db.query<{
    id: number;
    login_type: LoginType;
    created_at: number;
    expires_at: number;
    browser: string | null;
    platform: string | null;
    time_zone: string | null;
    address: string | null;
  }>(
    `select id, login_type, (extract(epoch from created_at) * 1000)::bigint as created_at,
            (extract(epoch from expires_at) * 1000)::bigint as expires_at, browser, platform, time_zone, address
     from auth_tokens where user_id = $1 and revoked_at is null and expires_at > now()
     order by created_at desc, id desc`,
    [caller.userId],
  );
  return {
    sessions: rows.map((row) => ({
      id: Number(row.id),
      login_type: row.login_type,
      created_at: Number(row.created_at),
      expires_at: Number(row.expires_at),
      current: Number(row.id) === caller.tokenId,
      browser: row.browser,
      platform: row.platform,
      time_zone: row.time_zone,
      address: row.address,
    })),
  };
}

/**
 * Ends every session of mine but this one, with their live connections, and every link to my
 * account (a link made from a stolen session would otherwise open a new session at will).
 */
export async function signOutOthers(s: Services, caller: Caller): Promise<{ signed_out: number }> {
  const revoked = await s.db.tx(async (q) => {
    await endAssociationLinks(q, caller.userId);
    return revokeOtherTokens(q, caller.userId, caller.tokenId);
  });
  await sessionsEnded(s, caller.userId, revoked);
  return { signed_out: revoked.length };
}
