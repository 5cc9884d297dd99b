import { randomInt } from 'node:crypto';
import {
  type CreateExchangeBody,
  EXCHANGE_FACES_MAX,
  EXCHANGE_PUSH_TYPE,
  type ExchangePreview,
  ExchangePushSub,
  type ExchangeRoom,
  type ExchangeStatus,
  exchangeLink,
  type JoinExchangeBody,
  NOTIFY_TYPE_FRIEND,
  NotifySub,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  type RoomCodeBody,
} from '../../src/api';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { serverText } from '../i18n';
import { hashPassword, verifyPassword } from '../security/passwords';
import type { Caller, Services } from './context';
import { touchFriends } from './groups';
import { pushSystem, SystemSub, systemMessage } from './pushes';

/**
 * Group card exchange (src/api/exchange.ts). A host opens a room; signed-in users with a card
 * join it by its code (and the joiner password, when set); the host starts it, and every member
 * who ever joined, those who left included (SPEC §4), gets every other member's card as a
 * friend, in a new group named after the event, with one notification.
 *
 * The start is O(members) rows in one transaction (see 0008_exchange.sql): the members' rows
 * become the record of the friendships, and `settleExchanges` writes one member's entries from
 * it, set-based, before that member's next signed-in request is answered.
 */

export type ExchangeConfig = {
  /** How long an open room takes joiners and can start. */
  roomMinutes: number;
  /** Members a room holds, the host and those who left included. */
  maxMembers: number;
};

export const DEFAULT_EXCHANGE_CONFIG: ExchangeConfig = { roomMinutes: 120, maxMembers: 2000 };

const MAIN_SORT = 2_147_483_647;

type RoomRow = {
  id: number;
  room_code: string;
  host_user_id: number;
  joiner_password_hash: string | null;
  name: string;
  status: Exclude<ExchangeStatus, 'expired'> | 'expired';
  expired: boolean;
};

const ROOM_COLUMNS = `id, room_code, host_user_id, joiner_password_hash, name, status,
  (status = 'open' and expires_at <= now()) as expired`;

const notFound = () => new ApiError(404, 'exchangeNotFound');

function newRoomCode(): string {
  let code = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i++) code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
  return code;
}

async function roomByCode(q: Queryable, code: string, lock = false): Promise<RoomRow> {
  const [room] = await q.query<RoomRow>(
    `select ${ROOM_COLUMNS} from exchange_rooms where room_code = $1 and deleted_at is null${lock ? ' for update' : ''}`,
    [code],
  );
  if (!room) throw notFound();
  return room;
}

/** An open room that has not expired; the clear refusal otherwise. */
function mustBeOpen(room: RoomRow): void {
  if (room.status === 'open' && !room.expired) return;
  throw new ApiError(409, room.status === 'open' || room.status === 'expired' ? 'exchangeExpired' : 'exchangeEnded');
}

function mustBeHost(room: RoomRow, caller: Caller): void {
  if (room.host_user_id !== caller.userId) throw new ApiError(403, 'exchangeHostOnly');
}

async function liveCardOf(q: Queryable, userId: number): Promise<number> {
  const [card] = await q.query<{ id: number }>(
    'select id from cards where user_id = $1 and deleted_at is null order by id limit 1',
    [userId],
  );
  if (!card) throw new ApiError(400, 'exchangeNeedsCard');
  return card.id;
}

/** The room as the caller sees it; 403 when they are neither its host nor one of its members. */
async function roomView(q: Queryable, roomId: number, caller: Caller): Promise<ExchangeRoom> {
  const [row] = await q.query<{
    id: number;
    room_code: string;
    name: string;
    host_user_id: number;
    has_password: boolean;
    status: ExchangeStatus;
    expires_at: number;
    member_num: number;
    mine: boolean;
    left: boolean;
    my_group_id: number | null;
    members: { user_id: number; name: string; avatar: string; is_host: boolean }[];
  }>(
    `select r.id, r.room_code, r.name, r.host_user_id, r.joiner_password_hash is not null as has_password,
       case when r.status = 'open' and r.expires_at <= now() then 'expired' else r.status end as status,
       (extract(epoch from r.expires_at) * 1000)::bigint as expires_at,
       (select count(*)::int from exchange_members m where m.room_id = r.id and m.left_at is null) as member_num,
       me.user_id is not null as mine, me.left_at is not null as left, me.group_id as my_group_id,
       coalesce((
         select jsonb_agg(jsonb_build_object('user_id', f.user_id, 'name', f.name, 'avatar', f.avatar, 'is_host', f.is_host)
           order by f.joined_at desc)
         from (
           select m.user_id, m.is_host, m.joined_at,
             coalesce(nullif(c.name, ''), nullif(c.english_name, ''), u.full_name) as name, u.avatar
           from exchange_members m
           join users u on u.id = m.user_id
           left join cards c on c.id = m.card_id
           where m.room_id = r.id and m.left_at is null
           order by m.joined_at desc limit ${EXCHANGE_FACES_MAX}
         ) f
       ), '[]'::jsonb) as members
     from exchange_rooms r
     left join exchange_members me on me.room_id = r.id and me.user_id = $2
     where r.id = $1`,
    [roomId, caller.userId],
  );
  if (!row?.mine) throw new ApiError(403, 'exchangeNotMember');
  return {
    room_id: row.id,
    room_code: row.room_code,
    name: row.name,
    link: exchangeLink(caller.origin, row.room_code),
    role: row.host_user_id === caller.userId ? 'host' : 'joiner',
    left: row.left,
    has_password: row.has_password,
    status: row.status,
    expires_at: Number(row.expires_at),
    member_num: row.member_num,
    members: row.members.map((m) => ({ ...m, user_id: Number(m.user_id), avatar: m.avatar ?? '' })),
    my_group_id: row.my_group_id ?? 0,
  };
}

async function memberCount(q: Queryable, roomId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'select count(*)::int as n from exchange_members where room_id = $1 and left_at is null',
    [roomId],
  );
  return row?.n ?? 0;
}

function publishCount(s: Services, roomId: number, count: number): Promise<void> {
  return s.push
    .publishGroup(roomId, {
      group_id: roomId,
      group_member_num: count,
      is_dismiss: 0,
      msg_type: EXCHANGE_PUSH_TYPE,
      msg_type_sub: ExchangePushSub.members,
    })
    .catch(() => undefined);
}

/**
 * POST /api/exchange/create: a new room hosted by the caller, who is its first member (their card
 * is exchanged too, so they need one). One open room per host: while one is open and not
 * expired, it is answered instead.
 */
export async function createRoom(s: Services, caller: Caller, body: CreateExchangeBody): Promise<ExchangeRoom> {
  const password = body.password ? await hashPassword(body.password) : null;
  const roomId = await s.db.tx(async (q) => {
    const cardId = await liveCardOf(q, caller.userId);
    await q.query(
      `update exchange_rooms set status = 'expired'
       where host_user_id = $1 and status = 'open' and expires_at <= now()`,
      [caller.userId],
    );
    const [open] = await q.query<{ id: number }>(
      `select id from exchange_rooms where host_user_id = $1 and status = 'open'`,
      [caller.userId],
    );
    if (open) return open.id;
    for (let attempt = 0; ; attempt++) {
      const [room] = await q.query<{ id: number }>(
        `insert into exchange_rooms (room_code, host_user_id, joiner_password_hash, name, expires_at)
         values ($1, $2, $3, $4, now() + make_interval(mins => $5))
         on conflict (room_code) do nothing
         returning id`,
        [newRoomCode(), caller.userId, password, body.name ?? '', s.exchange.roomMinutes],
      );
      if (room) {
        await q.query('insert into exchange_members (room_id, user_id, card_id, is_host) values ($1, $2, $3, true)', [
          room.id,
          caller.userId,
          cardId,
        ]);
        return room.id;
      }
      if (attempt > 5) throw new Error('no free room code');
    }
  });
  await s.pushAccess.allowGroup(caller.userId, roomId);
  return roomView(s.db, roomId, caller);
}

/**
 * POST /api/exchange/join: the caller joins with the room's code (and its password when set). A
 * member joining again, or the host, just gets the room. Wrong passwords are rate limited per
 * user and room; a full, ended or expired room is refused.
 */
export async function joinRoom(s: Services, caller: Caller, body: JoinExchangeBody): Promise<ExchangeRoom> {
  await s.limits.exchangeJoin(caller.userId);
  const room = await roomByCode(s.db, body.room_code);
  const [already] = await s.db.query<{ left: boolean }>(
    'select left_at is not null as left from exchange_members where room_id = $1 and user_id = $2',
    [room.id, caller.userId],
  );
  if (already && !already.left) return roomView(s.db, room.id, caller);
  mustBeOpen(room);
  if (room.joiner_password_hash && !already) {
    if (!body.password) throw new ApiError(403, 'exchangePasswordNeeded');
    await s.limits.exchangePassword(caller.userId, room.id);
    if (!(await verifyPassword(room.joiner_password_hash, body.password))) {
      throw new ApiError(403, 'exchangeWrongPassword');
    }
    await s.limits.exchangePasswordOk(caller.userId, room.id);
  }
  const count = await s.db.tx(async (q) => {
    const cardId = await liveCardOf(q, caller.userId);
    mustBeOpen(await roomByCode(q, body.room_code, true));
    if (!already) {
      const [size] = await q.query<{ n: number }>(
        'select count(*)::int as n from exchange_members where room_id = $1',
        [room.id],
      );
      if ((size?.n ?? 0) >= s.exchange.maxMembers) {
        throw new ApiError(409, 'exchangeFull', { max: s.exchange.maxMembers });
      }
    }
    await q.query(
      `insert into exchange_members (room_id, user_id, card_id) values ($1, $2, $3)
       on conflict (room_id, user_id) do update set left_at = null, card_id = excluded.card_id, joined_at = now()`,
      [room.id, caller.userId, cardId],
    );
    return memberCount(q, room.id);
  });
  await s.pushAccess.allowGroup(caller.userId, room.id);
  await publishCount(s, room.id, count);
  return roomView(s.db, room.id, caller);
}

/**
 * POST /api/exchange/preview: what the join page shows before joining (the event, its host,
 * whether a password is asked). The room code is the capability: whoever holds it may see this,
 * and it tells no more than a join would (404 for no such room), under the same rate limit.
 */
export async function previewRoom(s: Services, caller: Caller, body: RoomCodeBody): Promise<ExchangePreview> {
  await s.limits.exchangeJoin(caller.userId);
  const [row] = await s.db.query<ExchangePreview>(
    `select r.room_code, r.name, r.joiner_password_hash is not null as has_password,
       case when r.status = 'open' and r.expires_at <= now() then 'expired' else r.status end as status,
       coalesce(nullif(c.name, ''), nullif(c.english_name, ''), u.full_name, '') as host_name
     from exchange_rooms r
     join users u on u.id = r.host_user_id
     left join exchange_members m on m.room_id = r.id and m.user_id = r.host_user_id
     left join cards c on c.id = m.card_id
     where r.room_code = $1 and r.deleted_at is null`,
    [body.room_code],
  );
  if (!row) throw notFound();
  return row;
}

/**
 * GET /api/exchange/{room_code}: the room, for its host and its members (those who left too).
 * Anyone else gets the same 403 whether the code names a room or not, and each such lookup
 * takes a point of the join budget first, so reading cannot sweep room codes that joining cannot;
 * a member's polls cost nothing.
 */
export async function readRoom(s: Services, caller: Caller, code: string): Promise<ExchangeRoom> {
  const [room] = await s.db.query<{ id: number }>(
    `select r.id from exchange_rooms r
     join exchange_members m on m.room_id = r.id and m.user_id = $2
     where r.room_code = $1 and r.deleted_at is null`,
    [code, caller.userId],
  );
  if (!room) {
    await s.limits.exchangeJoin(caller.userId);
    throw new ApiError(403, 'exchangeNotMember');
  }
  return roomView(s.db, room.id, caller);
}

/** POST /api/exchange/leave: a joiner leaves; they are still exchanged if the host starts (SPEC §4). */
export async function leaveRoom(s: Services, caller: Caller, body: RoomCodeBody): Promise<ExchangeRoom> {
  const room = await roomByCode(s.db, body.room_code);
  if (room.host_user_id === caller.userId) throw new ApiError(400, 'exchangeHostCannotLeave');
  const count = await s.db.tx(async (q) => {
    const locked = await roomByCode(q, body.room_code, true);
    const left = await q.query(
      `update exchange_members set left_at = now() where room_id = $1 and user_id = $2 and left_at is null
       returning user_id`,
      [room.id, caller.userId],
    );
    return left.length > 0 && locked.status === 'open' ? memberCount(q, room.id) : null;
  });
  const view = await roomView(s.db, room.id, caller);
  if (count !== null) {
    await s.pushAccess.disallowGroup(caller.userId, room.id);
    await publishCount(s, room.id, count);
  }
  return view;
}

function defaultGroupName(caller: Caller): string {
  return `${serverText(caller.locale, 'exchangeGroupName')} ${new Date().toISOString().slice(0, 10)}`;
}

/**
 * POST /api/exchange/start: the host confirms. One transaction of O(members) rows: each member
 * who ever joined gets a new group (the event's name) and one notification, and is marked to have
 * their entries written (settleExchanges); the room is exchanged. Then the room's topic says so
 * (is_dismiss 1) and every member's devices are told to pull. A second start is refused.
 */
export async function startExchange(s: Services, caller: Caller, body: RoomCodeBody): Promise<ExchangeRoom> {
  const room = await roomByCode(s.db, body.room_code);
  mustBeHost(room, caller);
  const members = await s.db.tx(async (q) => {
    const locked = await roomByCode(q, body.room_code, true);
    mustBeOpen(locked);
    const [size] = await q.query<{ n: number }>('select count(*)::int as n from exchange_members where room_id = $1', [
      room.id,
    ]);
    if ((size?.n ?? 0) < 2) throw new ApiError(400, 'exchangeNobodyJoined');
    const name = locked.name || defaultGroupName(caller);
    await q.query(
      `insert into friend_groups (user_id, name, is_main, sort)
       select m.user_id, '', true, $2 from exchange_members m
       where m.room_id = $1 and not exists (select 1 from friend_groups g where g.user_id = m.user_id and g.is_main)
       on conflict (user_id) where is_main do nothing`,
      [room.id, MAIN_SORT],
    );
    const groups = await q.query<{ user_id: number }>(
      `with made as (
         insert into friend_groups (user_id, name, sort)
         select m.user_id, $2, coalesce((
           select max(g.sort) from friend_groups g where g.user_id = m.user_id and not g.is_main and g.deleted_at is null
         ), 0) + 1
         from exchange_members m where m.room_id = $1
         returning id, user_id
       )
       update exchange_members m set group_id = made.id, settle_pending = true
       from made where m.room_id = $1 and m.user_id = made.user_id
       returning m.user_id`,
      [room.id, name],
    );
    const others = groups.length - 1;
    await q.query(
      `insert into notifications (user_id, msg_type, msg_type_sub, icon, content)
       select m.user_id, $2, $3, '', jsonb_build_object('name', $4::text, 'count', $5::int, 'group_id', m.group_id)
       from exchange_members m where m.room_id = $1`,
      [room.id, NOTIFY_TYPE_FRIEND, NotifySub.exchanged, name, others],
    );
    await q.query(`update exchange_rooms set status = 'exchanged', confirmed_at = now() where id = $1`, [room.id]);
    return groups.map((g) => Number(g.user_id));
  });
  await endRoom(s, room.id, ExchangePushSub.exchanged, members.length);
  await pushSystem(s, members, systemMessage(SystemSub.listChanged));
  return roomView(s.db, room.id, caller);
}

/** POST /api/exchange/dismiss: the host ends the room without exchanging. */
export async function dismissRoom(s: Services, caller: Caller, body: RoomCodeBody): Promise<ExchangeRoom> {
  const room = await roomByCode(s.db, body.room_code);
  mustBeHost(room, caller);
  const count = await s.db.tx(async (q) => {
    const locked = await roomByCode(q, body.room_code, true);
    if (locked.status !== 'open') throw new ApiError(409, 'exchangeEnded');
    await q.query(`update exchange_rooms set status = 'dismissed' where id = $1`, [room.id]);
    return memberCount(q, room.id);
  });
  await endRoom(s, room.id, ExchangePushSub.dismissed, count);
  return roomView(s.db, room.id, caller);
}

function endRoom(s: Services, roomId: number, sub: number, count: number): Promise<void> {
  return s.push
    .publishGroup(roomId, {
      group_id: roomId,
      group_member_num: count,
      is_dismiss: 1,
      msg_type: EXCHANGE_PUSH_TYPE,
      msg_type_sub: sub,
    })
    .catch(() => undefined);
}

/**
 * settleExchanges when the user has entries to write. A session kept in memory (SessionCache)
 * may say nothing is pending for a moment after an exchange started: a pull asks the database.
 */
export async function settleIfPending(db: Db, userId: number): Promise<void> {
  const [row] = await db.query<{ pending: boolean }>(
    'select exists (select 1 from exchange_members where user_id = $1 and settle_pending) as pending',
    [userId],
  );
  if (row?.pending) await settleExchanges(db, userId);
}

/**
 * Writes the user's friend entries from the exchanges they took part in that started since
 * (settle_pending): every other member's current card joins their friends (a card they already
 * keep is not added twice) and their exchange group. One statement writes both; a concurrent
 * call for the same user waits for the first and finds nothing left to do.
 */
export async function settleExchanges(db: Db, userId: number): Promise<void> {
  await db.tx(async (q) => {
    const settled = await q.query<{ room_id: number; group_id: number }>(
      `update exchange_members set settle_pending = false where user_id = $1 and settle_pending
       returning room_id, group_id`,
      [userId],
    );
    if (settled.length === 0) return;
    // The statement's snapshot predates its own insert: `kept` is only the entries held before.
    const regrouped = await q.query<{ friend_id: number }>(
      `with others as (
         select distinct on (s.group_id, c.id) s.group_id, c.user_id, c.id as card_id
         from jsonb_to_recordset($2::jsonb) as s(room_id bigint, group_id bigint)
         join exchange_members o on o.room_id = s.room_id and o.user_id <> $1
         join cards c on c.user_id = o.user_id and c.deleted_at is null
         join users u on u.id = o.user_id and u.deleted_at is null
       ),
       added as (
         insert into friends (user_id, friend_user_id, card_id)
         select distinct on (card_id) $1::bigint, user_id, card_id from others order by card_id
         on conflict (user_id, card_id) where deleted_at is null do nothing
         returning id, card_id
       ),
       kept as (
         select f.id, f.card_id from friends f
         where f.user_id = $1 and f.deleted_at is null and f.card_id in (select card_id from others)
       ),
       entries as (select id, card_id from added union all select id, card_id from kept),
       joined as (
         insert into friend_group_members (user_id, friend_id, group_id)
         select $1, e.id, o.group_id from others o join entries e on e.card_id = o.card_id
         on conflict (friend_id, group_id) where deleted_at is null do nothing
         returning friend_id
       )
       select distinct j.friend_id from joined j join kept k on k.id = j.friend_id`,
      [userId, JSON.stringify(settled.map((r) => ({ room_id: r.room_id, group_id: r.group_id })))],
    );
    // Entries kept before the exchange are sent again: their group list changed.
    await touchFriends(
      q,
      regrouped.map((j) => Number(j.friend_id)),
    );
  });
}
