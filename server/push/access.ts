import type { Queryable } from '../db/db';

/**
 * Who may subscribe to what (SPEC §7 push topics): a signed-in user to `{prefix}/system/{own id}`
 * and to `{prefix}/group_add/{roomId}` of an open exchange room they host or have joined (and
 * not left). Nobody but the server publishes. Shared by the embedded broker's hooks and the
 * external broker's role management so both enforce the same rule.
 */
export type PushTopic = { kind: 'system'; userId: number } | { kind: 'group'; groupId: number };

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Parses one of our topics under `prefix`; anything else (wildcards included) is null. */
export function parseTopic(prefix: string, topic: string): PushTopic | null {
  if (topic.length > prefix.length + 28 || !topic.startsWith(`${prefix}/`)) return null;
  const match = /^(system|group_add)\/([1-9][0-9]{0,15})$/.exec(topic.slice(prefix.length + 1));
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id > MAX_ID) return null;
  return match[1] === 'system' ? { kind: 'system', userId: id } : { kind: 'group', groupId: id };
}

/**
 * The MQTT client id of a session (SPEC §4: built from the user id). GET /api/push/session
 * answers it and a broker accepts a session's CONNECT only with it, so one user can never take
 * over (and so drop) another user's connection with a colliding id.
 */
export function sessionClientId(userId: number, tokenId: number): string {
  return `cardbook_${userId}_${tokenId}`;
}

/** How often sessions revoked or expired are cut off from the broker (both modes). */
export const SWEEP_INTERVAL_MS = 5000;

/**
 * What a session's subscription can be, without the database: `null` when it cannot be allowed
 * at all (another user's system topic, a wildcard, anything else), else the room it names (null
 * for the own system topic), which `sessionMay` then checks.
 */
export function allowedShape(
  prefix: string,
  session: { userId: number; tokenId: number },
  topic: string,
): { room: number | null } | null {
  const parsed = parseTopic(prefix, topic);
  if (!parsed) return null;
  if (parsed.kind === 'system') return parsed.userId === session.userId ? { room: null } : null;
  return { room: parsed.groupId };
}

/**
 * One round trip: whether the token is live (not revoked, not expired) and, for a room, whether
 * the user belongs to it (host, or a joiner who has not left).
 */
export async function sessionMay(
  q: Queryable,
  session: { userId: number; tokenId: number },
  room: number | null,
): Promise<{ live: boolean; member: boolean }> {
  const [row] = await q.query<{ live: boolean; member: boolean }>(
    `select
       exists (select 1 from auth_tokens where id = $1 and revoked_at is null and expires_at > now()) as live,
       ($3::bigint is not null and exists (
         select 1 from exchange_rooms r
         where r.id = $3::bigint and r.deleted_at is null
           and (r.host_user_id = $2 or exists (
             select 1 from exchange_members m where m.room_id = r.id and m.user_id = $2 and m.left_at is null)))) as member`,
    [session.tokenId, session.userId, room],
  );
  return { live: row?.live === true, member: row?.member === true };
}

/** Of these session tokens, the ones revoked or expired by now. */
export async function endedTokens(q: Queryable, tokenIds: readonly number[]): Promise<number[]> {
  if (tokenIds.length === 0) return [];
  const rows = await q.query<{ id: number }>(
    `select id from auth_tokens
     where id in (select (jsonb_array_elements_text($1::jsonb))::bigint)
       and (revoked_at is not null or expires_at <= now())`,
    [JSON.stringify(tokenIds)],
  );
  return rows.map((r) => Number(r.id));
}
