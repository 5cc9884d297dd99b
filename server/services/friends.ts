import {
  type AcceptIdParams,
  type AddedFriends,
  type AddFriendBody,
  FRIEND_PAGE_SIZE_DEFAULT,
  FRIEND_STATUS_NORMAL,
  FRIEND_STATUS_REMOVED_ME,
  type Friend,
  type FriendGroupParams,
  type FriendList,
  type FriendListQuery,
  MAIN_GROUP_ID,
  type MoveToGroupParams,
  NOTIFY_TYPE_FRIEND,
  NOTIFY_UNREAD,
  NotifySub,
  type RemarkBody,
  type SyncRow,
} from '../../src/api';
import { companyLine } from '../../src/lib/company-line';
import { type PersonNames, personName } from '../../src/lib/display-name';
import { isNewer } from '../../src/lib/hlc';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { type EntryRow, extensionOf } from './card-entries';
import { stampOf, superseded } from './clock';
import type { Caller, Services } from './context';
import { settleExchanges } from './exchange';
import { liveGroup, lockMainGroup, mainGroupFixed, ownGroupRow, touchFriends } from './groups';
import { pokeOwnDevices, pushSystem, SystemSub, systemMessage } from './pushes';

/**
 * Friends (SPEC §3 "Friend entry", §4 friend status, §7 Friends). A friend entry (`friends`,
 * its id is the accept_id) is my copy of another user's card: it always shows that card as it
 * is now, with my remark and my groups. Every entry is in the main group (1); other groups are
 * membership rows. Every query is scoped to the caller: another user's accept_id or group id is
 * answered 404, as one that does not exist.
 *
 * Sync: the friend row's version moves whenever what it shows changes: its remark, its groups
 * (touchFriends), and its friend's card (onCardSaved, in the card's transaction).
 */

const friendNotFound = () => new ApiError(404, 'friendNotFound');

type FriendRow = {
  accept_id: number;
  version: number;
  deleted: boolean;
  remark: string;
  status: number;
  card_id: number;
  name: string;
  avatar: string;
  profile: string;
  photo: string;
  groups: string | null;
  english_name: string;
  photo_back: string;
  share_str: string | null;
  ext: EntryRow[];
  account_deleted: boolean;
};

/** My entries (`f`) with their friend's card and their groups. */
const FRIEND_SELECT = `
  select f.id as accept_id, f.version, f.deleted_at is not null as deleted, f.remark, f.status,
    c.id as card_id, coalesce(nullif(c.name, ''), c.english_name) as name, u.avatar, c.profile, c.photo,
    u.deleted_at is not null as account_deleted,
    c.english_name, c.photo_back, c.entries as ext, k.share_key as share_str,
    (select string_agg(m.group_id::text, ',' order by m.group_id) from friend_group_members m
      where m.friend_id = f.id and m.deleted_at is null) as groups
  from friends f
  join cards c on c.id = f.card_id
  join users u on u.id = c.user_id
  left join card_share_keys k on k.card_id = c.id and k.revoked_at is null`;

function friendOf(row: FriendRow): Friend {
  const extension = extensionOf(row.ext);
  const [company] = extension.company;
  return {
    accept_id: row.accept_id,
    friend_card_info: {
      card_id: row.card_id,
      name: row.name,
      avatar: row.avatar,
      profile: row.profile,
      photo: row.photo,
      company: companyLine({ name: company?.name ?? '', position: company?.position ?? '' }),
      english_name: row.english_name,
      photo_back: row.photo_back,
      share_str: row.share_str ?? '',
      extension,
    },
    remark: row.remark,
    group_id: row.groups ? `${MAIN_GROUP_ID},${row.groups}` : String(MAIN_GROUP_ID),
    group_main: row.groups ? 0 : 1,
    status: row.status,
    ...(row.account_deleted ? { account_deleted: 1 as const } : {}),
  };
}

async function readFriend(q: Queryable, userId: number, acceptId: number): Promise<Friend> {
  const [row] = await q.query<FriendRow>(
    `${FRIEND_SELECT} where f.id = $1 and f.user_id = $2 and f.deleted_at is null`,
    [acceptId, userId],
  );
  if (!row) throw friendNotFound();
  return friendOf(row);
}

/** My live entry, locked until the transaction ends (its group changes queue); 404 when not mine. */
async function lockFriend(q: Queryable, userId: number, acceptId: number): Promise<void> {
  const [row] = await q.query(
    'select id from friends where id = $1 and user_id = $2 and deleted_at is null for update',
    [acceptId, userId],
  );
  if (!row) throw friendNotFound();
}

// Reading ----------------------------------------------------------------------------------

/**
 * GET /api/friend/list/{groupId}: a page of my friends in that group, newest first; group 1
 * is every friend. SPEC §4: a page as long as page_size means there may be a next one.
 */
export async function listFriends(
  s: Services,
  caller: Caller,
  groupId: number,
  query: FriendListQuery,
): Promise<FriendList> {
  const pageSize = query.page_size ?? FRIEND_PAGE_SIZE_DEFAULT;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  if (groupId === MAIN_GROUP_ID) {
    const rows = await s.db.query<FriendRow>(
      `${FRIEND_SELECT} where f.user_id = $1 and f.deleted_at is null order by f.id desc limit $2 offset $3`,
      [caller.userId, pageSize, offset],
    );
    return { friend_list: rows.map(friendOf), page_size: pageSize };
  }
  await ownGroupRow(s.db, caller.userId, groupId);
  const rows = await s.db.query<FriendRow>(
    `${FRIEND_SELECT}
     join friend_group_members g on g.friend_id = f.id and g.group_id = $4 and g.deleted_at is null
     where f.user_id = $1 and f.deleted_at is null order by f.id desc limit $2 offset $3`,
    [caller.userId, pageSize, offset, groupId],
  );
  return { friend_list: rows.map(friendOf), page_size: pageSize };
}

/** Sync pull: my entries changed after the cursor, each with its friend's latest card; deletes as tombstones. */
export async function friendRows(q: Queryable, caller: Caller, cursor: number, limit: number): Promise<SyncRow[]> {
  const rows = await q.query<FriendRow>(
    `${FRIEND_SELECT} where f.user_id = $1 and f.version > $2 order by f.version limit $3`,
    [caller.userId, cursor, limit],
  );
  return rows.map((row) => ({
    table: 'friend',
    key: String(row.accept_id),
    version: row.version,
    deleted: row.deleted,
    value: row.deleted ? null : friendOf(row),
  }));
}

// Adding -----------------------------------------------------------------------------------

type Target = { card_id: number; user_id: number };

/**
 * POST /api/friend/add: adds the cards of these share strings to my friends, in the main group.
 * Idempotent (a card I already keep stays as it is); my own card and unknown or revoked share
 * strings are skipped; when none names a card it is 404, and when only my own card, 400. Each card's owner who gains me as a
 * holder gets a notification (type 1, sub-type 3, "X added your card") and a push.
 */
export async function addFriends(s: Services, caller: Caller, body: AddFriendBody): Promise<AddedFriends> {
  await s.limits.friendAdd(caller.userId);
  const { friends, owners, toPush } = await s.db.tx(async (q) => {
    const found = await q.query<Target>(
      `select distinct c.id as card_id, c.user_id from card_share_keys k
       join cards c on c.id = k.card_id and c.deleted_at is null
       join users u on u.id = c.user_id and u.deleted_at is null
       where k.share_key in (select jsonb_array_elements_text($1::jsonb)) and k.revoked_at is null`,
      [JSON.stringify(body.content)],
    );
    if (found.length === 0) throw new ApiError(404, 'cardNotFound');
    const targets = found.filter((t) => t.user_id !== caller.userId);
    // Only my own card: say so, rather than a success that adds nothing.
    if (targets.length === 0) throw new ApiError(400, 'ownCard');
    await lockMainGroup(q, caller.userId);
    const added = await q.query<{ friend_user_id: number }>(
      `insert into friends (user_id, friend_user_id, card_id)
       select $1, t.user_id, t.card_id from jsonb_to_recordset($2::jsonb) as t(card_id bigint, user_id bigint)
       on conflict (user_id, card_id) where deleted_at is null do nothing
       returning friend_user_id`,
      [caller.userId, JSON.stringify(targets)],
    );
    const owners = added.map((a) => a.friend_user_id);
    const toPush = owners.length > 0 ? await tellOwners(q, caller, owners) : [];
    const rows = await q.query<FriendRow>(
      `${FRIEND_SELECT} where f.user_id = $1 and f.deleted_at is null
         and f.card_id in (select (jsonb_array_elements_text($2::jsonb))::bigint)
       order by f.id desc`,
      [caller.userId, JSON.stringify(targets.map((t) => t.card_id))],
    );
    return { friends: rows.map(friendOf), owners, toPush };
  });
  if (toPush.length > 0) await pushSystem(s, toPush, systemMessage(SystemSub.cardAdded));
  if (owners.length > 0) await pokeOwnDevices(s, caller);
  return { friend_list: friends };
}

/** A person's names as the display-name rule takes them, from a row of users joined to their live card. */
export function namesOf(row: {
  full_name: string | null;
  english_name: string | null;
  card_name: string | null;
  card_english_name: string | null;
}): PersonNames {
  return {
    fullName: row.full_name ?? '',
    english_name: row.english_name ?? '',
    card:
      row.card_name === null && row.card_english_name === null
        ? null
        : { name: row.card_name ?? '', english_name: row.card_english_name ?? '' },
  };
}

/** Within this long of the last push for my add, adding again (after a remove) pushes nothing. */
const REPEAT_ADD_QUIET = '10 minutes';

/**
 * The owners' side of an add: a notification naming me (my card's name, else my profile name)
 * with my card id, and, where an owner's entry for my card said I had removed theirs, it is
 * back to normal. Repeats collapse: an owner who has not read my last add notification gets
 * that one updated and moved to now instead of another, and no new push unless the last was
 * pushed longer than REPEAT_ADD_QUIET ago. Answers the owners to push.
 */
async function tellOwners(q: Queryable, caller: Caller, owners: number[]): Promise<number[]> {
  const [me] = await q.query<{
    card_id: number | null;
    full_name: string;
    english_name: string;
    card_name: string | null;
    card_english_name: string | null;
    icon: string;
  }>(
    `select c.id as card_id, u.full_name, u.english_name, c.name as card_name, c.english_name as card_english_name,
       coalesce(nullif(u.avatar, ''), c.photo, '') as icon
     from users u left join cards c on c.user_id = u.id and c.deleted_at is null where u.id = $1`,
    [caller.userId],
  );
  // What I am called, by the one rule the app uses (src/lib/display-name.ts).
  const name = me ? personName(namesOf(me)) : '';
  const facts = [NOTIFY_TYPE_FRIEND, NotifySub.cardAdded, me?.icon ?? '', me?.card_id ?? 0, name, caller.userId];
  // content.from: who added (the card id may change); content.pushed_at: epoch ms of the last push.
  const content = `jsonb_build_object('f_card_id', $5::bigint, 'name', $6::text, 'from', $7::bigint,
    'pushed_at', (extract(epoch from now()) * 1000)::bigint)`;
  const bumped = await q.query<{ user_id: number; quiet: boolean }>(
    `update notifications n set created_at = now(), icon = $4,
       content = ${content} || case when old.quiet then jsonb_build_object('pushed_at', old.pushed_at) else '{}' end
     from (
       select id, (content->>'pushed_at')::bigint as pushed_at,
         coalesce((content->>'pushed_at')::bigint > (extract(epoch from now() - interval '${REPEAT_ADD_QUIET}') * 1000), false) as quiet
       from notifications
       where user_id in (select (jsonb_array_elements_text($1::jsonb))::bigint)
         and status_user = $8 and deleted_at is null and msg_type = $2 and msg_type_sub = $3
         and (content->>'from')::bigint = $7
     ) old
     where n.id = old.id
     returning n.user_id, old.quiet`,
    [JSON.stringify(owners), ...facts, NOTIFY_UNREAD],
  );
  const collapsed = new Set(bumped.map((b) => Number(b.user_id)));
  const fresh = owners.filter((o) => !collapsed.has(o));
  if (fresh.length > 0) {
    await q.query(
      `insert into notifications (user_id, msg_type, msg_type_sub, icon, content)
       select (o.id)::bigint, $2, $3, $4, ${content}
       from jsonb_array_elements_text($1::jsonb) as o(id)`,
      [JSON.stringify(fresh), ...facts],
    );
  }
  if (me?.card_id) {
    await q.query(
      `update friends set status = $3 where card_id = $2 and status = $4 and deleted_at is null
         and user_id in (select (jsonb_array_elements_text($1::jsonb))::bigint)`,
      [JSON.stringify(owners), me.card_id, FRIEND_STATUS_NORMAL, FRIEND_STATUS_REMOVED_ME],
    );
  }
  return [...fresh, ...bumped.filter((b) => !b.quiet).map((b) => Number(b.user_id))];
}

// Changing ---------------------------------------------------------------------------------

/**
 * GET /api/friend/delFriend/{acceptId}: deletes my entry (a tombstone), lowering the update
 * count of each group it was in, never below zero (SPEC §4). The friend's entry for my card, if
 * they keep one, gets status 20, and they get a push (sub-type 5) naming it and its groups.
 */
export async function delFriend(s: Services, caller: Caller, params: AcceptIdParams): Promise<null> {
  // Their entry for my card may still be an exchange's to write: written first, it gets status 20.
  const [other] = await s.db.query<{ friend_user_id: number }>(
    'select friend_user_id from friends where id = $1 and user_id = $2 and deleted_at is null',
    [params.acceptId, caller.userId],
  );
  if (other) await settleExchanges(s.db, other.friend_user_id);
  const theirs = await s.db.tx(async (q) => {
    const [entry] = await q.query<{ friend_user_id: number }>(
      `update friends set deleted_at = now() where id = $1 and user_id = $2 and deleted_at is null
       returning friend_user_id`,
      [params.acceptId, caller.userId],
    );
    if (!entry) throw friendNotFound();
    const groups = await q.query<{ group_id: number }>(
      `update friend_group_members set deleted_at = now() where friend_id = $1 and deleted_at is null
       returning group_id`,
      [params.acceptId],
    );
    await q.query(
      `update friend_groups set update_num = greatest(update_num - 1, 0)
       where user_id = $1 and deleted_at is null and update_num > 0
         and (is_main or id in (select (jsonb_array_elements_text($2::jsonb))::bigint))`,
      [caller.userId, JSON.stringify(groups.map((g) => g.group_id))],
    );
    const marked = await q.query<{ id: number; user_id: number }>(
      `update friends set status = $3 where user_id = $1 and deleted_at is null
         and card_id in (select id from cards where user_id = $2 and deleted_at is null)
       returning id, user_id`,
      [entry.friend_user_id, caller.userId, FRIEND_STATUS_REMOVED_ME],
    );
    const result: { userId: number; acceptId: number; groups: string }[] = [];
    for (const row of marked) {
      const friend = await readFriend(q, row.user_id, row.id);
      result.push({ userId: row.user_id, acceptId: row.id, groups: friend.group_id });
    }
    return result;
  });
  for (const entry of theirs) {
    await pushSystem(
      s,
      [entry.userId],
      systemMessage(SystemSub.cardRemoved, { accept_id: entry.acceptId, group_id: entry.groups }),
    );
  }
  await pokeOwnDevices(s, caller);
  return null;
}

/** POST /api/friend/remark: my remark for an entry ('' clears it). */
export async function setRemark(s: Services, caller: Caller, body: RemarkBody): Promise<Friend> {
  const stamp = stampOf(caller);
  const friend = await s.db.tx(async (q) => {
    const [row] = await q.query<{ stamp: string | null }>(
      `select clocks->>'remark' as stamp from friends where id = $1 and user_id = $2 and deleted_at is null for update`,
      [body.accept_id, caller.userId],
    );
    if (!row) throw friendNotFound();
    if (isNewer(stamp, row.stamp)) {
      await q.query(
        `update friends set remark = $2, clocks = jsonb_set(clocks, '{remark}', to_jsonb($3::text)) where id = $1`,
        [body.accept_id, body.remark, stamp],
      );
    } else {
      // A later edit made elsewhere keeps its remark; the entry is sent again so this device shows it.
      superseded(caller, ['remark']);
      await touchFriends(q, [body.accept_id]);
    }
    return readFriend(q, caller.userId, body.accept_id);
  });
  await pokeOwnDevices(s, caller);
  return friend;
}

async function joinGroup(q: Queryable, userId: number, acceptId: number, groupId: number): Promise<void> {
  await q.query(
    `insert into friend_group_members (user_id, friend_id, group_id) values ($1, $2, $3)
     on conflict (friend_id, group_id) where deleted_at is null do nothing`,
    [userId, acceptId, groupId],
  );
}

async function leaveGroup(q: Queryable, acceptId: number, groupId: number): Promise<void> {
  await q.query(
    'update friend_group_members set deleted_at = now() where friend_id = $1 and group_id = $2 and deleted_at is null',
    [acceptId, groupId],
  );
}

/** Runs a change of an entry's groups: entry locked, then the change, then the entry bumped and answered. */
async function changeGroups(
  s: Services,
  caller: Caller,
  acceptId: number,
  change: (q: Queryable) => Promise<void>,
): Promise<Friend> {
  const friend = await s.db.tx(async (q) => {
    await lockFriend(q, caller.userId, acceptId);
    await change(q);
    await touchFriends(q, [acceptId]);
    return readFriend(q, caller.userId, acceptId);
  });
  await pokeOwnDevices(s, caller);
  return friend;
}

/**
 * GET /api/friend/delFriendFromGroup/{acceptId}/{groupId}: takes the entry out of one of my
 * groups; it stays my friend (main group). The main group itself cannot be left (delFriend does that).
 */
export function delFriendFromGroup(s: Services, caller: Caller, params: FriendGroupParams): Promise<Friend> {
  if (params.groupId === MAIN_GROUP_ID) throw mainGroupFixed();
  return changeGroups(s, caller, params.acceptId, async (q) => {
    await ownGroupRow(q, caller.userId, params.groupId);
    await leaveGroup(q, params.acceptId, params.groupId);
  });
}

/**
 * GET /api/friend/moveToGroup/{acceptId}/{fromGroupId}/{toGroupId}: the entry leaves `from` and
 * joins `to`. The main group holds every friend: moving from it only joins `to`, moving to it
 * only leaves `from`.
 */
export function moveToGroup(s: Services, caller: Caller, params: MoveToGroupParams): Promise<Friend> {
  const { acceptId, fromGroupId: from, toGroupId: to } = params;
  return changeGroups(s, caller, acceptId, async (q) => {
    if (to !== MAIN_GROUP_ID) await ownGroupRow(q, caller.userId, to);
    if (from === to) return;
    if (to !== MAIN_GROUP_ID) await joinGroup(q, caller.userId, acceptId, to);
    // A group deleted meanwhile (on another device) has nothing left to leave: the move still
    // puts the friend in the target instead of losing it.
    if (from !== MAIN_GROUP_ID && (await liveGroup(q, caller.userId, from))) await leaveGroup(q, acceptId, from);
  });
}

/** GET /api/friend/copyToGroup/{acceptId}/{groupId}: the entry joins one more group (idempotent). */
export function copyToGroup(s: Services, caller: Caller, params: FriendGroupParams): Promise<Friend> {
  return changeGroups(s, caller, params.acceptId, async (q) => {
    if (params.groupId === MAIN_GROUP_ID) return;
    await ownGroupRow(q, caller.userId, params.groupId);
    await joinGroup(q, caller.userId, params.acceptId, params.groupId);
  });
}

// A friend's card changed --------------------------------------------------------------------

/**
 * Called by saveCard inside its transaction once the card is written: every user keeping the
 * card sees its entry again on their next pull (version bump), gets +1 on the update count of
 * each of their groups holding it (the main group included), and a notification (type 1,
 * sub-type 4) that replaces an unread one of the same card. Answers those users, for the push
 * the caller sends after commit.
 */
export async function onCardSaved(q: Queryable, cardId: number): Promise<number[]> {
  const holders = await q.query<{ user_id: number }>(
    'update friends set has_update = true where card_id = $1 and deleted_at is null returning user_id',
    [cardId],
  );
  if (holders.length === 0) return [];
  await q.query(
    `update friend_groups set update_num = update_num + 1
     where is_main and deleted_at is null
       and user_id in (select user_id from friends where card_id = $1 and deleted_at is null)`,
    [cardId],
  );
  await q.query(
    `update friend_groups g set update_num = g.update_num + x.n
     from (
       select m.group_id, count(*)::int as n from friends f
       join friend_group_members m on m.friend_id = f.id and m.deleted_at is null
       where f.card_id = $1 and f.deleted_at is null group by m.group_id
     ) x
     where g.id = x.group_id and g.deleted_at is null`,
    [cardId],
  );
  await q.query(
    `update notifications n set deleted_at = now()
     from friends f
     where f.card_id = $1 and f.deleted_at is null and n.user_id = f.user_id
       and n.status_user = 1 and n.deleted_at is null and n.msg_type = $2 and n.msg_type_sub = $3
       and (n.content->>'f_card_id')::bigint = f.card_id`,
    [cardId, NOTIFY_TYPE_FRIEND, NotifySub.cardUpdated],
  );
  await q.query(
    `insert into notifications (user_id, msg_type, msg_type_sub, icon, content)
     select f.user_id, $2, $3, coalesce(nullif(u.avatar, ''), c.photo),
       jsonb_build_object('f_card_id', c.id, 'name', coalesce(nullif(c.name, ''), nullif(c.english_name, ''), u.full_name))
     from friends f join cards c on c.id = f.card_id join users u on u.id = c.user_id
     where f.card_id = $1 and f.deleted_at is null`,
    [cardId, NOTIFY_TYPE_FRIEND, NotifySub.cardUpdated],
  );
  return holders.map((h) => h.user_id);
}

/** After a card save committed: a push (sub-type 4) to everyone keeping it. */
export function pushCardChanged(s: Services, holders: number[]): Promise<void> {
  return pushSystem(s, holders, systemMessage(SystemSub.cardChanged));
}
