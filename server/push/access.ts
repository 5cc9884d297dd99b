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
  if (!topic.startsWith(`${prefix}/`)) return null;
  const match = /^(system|group_add)\/([1-9][0-9]{0,15})$/.exec(topic.slice(prefix.length + 1));
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id > MAX_ID) return null;
  return match[1] === 'system' ? { kind: 'system', userId: id } : { kind: 'group', groupId: id };
}

/** Whether the user belongs to the exchange room (host, or a joiner who has not left). */
export async function isRoomMember(q: Queryable, userId: number, roomId: number): Promise<boolean> {
  const rows = await q.query<{ ok: number }>(
    `select 1 as ok from exchange_rooms r
     where r.id = $1 and r.deleted_at is null
       and (r.host_user_id = $2 or exists (
         select 1 from exchange_members m where m.room_id = r.id and m.user_id = $2 and m.left_at is null))`,
    [roomId, userId],
  );
  return rows.length > 0;
}

/** Whether the session token (by id) is still live: not revoked, not expired. */
export async function isTokenLive(q: Queryable, tokenId: number): Promise<boolean> {
  const rows = await q.query<{ ok: number }>(
    'select 1 as ok from auth_tokens where id = $1 and revoked_at is null and expires_at > now()',
    [tokenId],
  );
  return rows.length > 0;
}

/** Whether a live session of `userId` may subscribe to `topic`. */
export async function maySubscribe(q: Queryable, prefix: string, userId: number, topic: string): Promise<boolean> {
  const parsed = parseTopic(prefix, topic);
  if (!parsed) return false;
  if (parsed.kind === 'system') return parsed.userId === userId;
  return isRoomMember(q, userId, parsed.groupId);
}
