import {
  type AddGroupBody,
  type EditGroupBody,
  GROUPS_MAX,
  type Group,
  type GroupIdParams,
  type GroupList,
  MAIN_GROUP_ID,
  type SortGroupsBody,
  type SyncRow,
} from '../../src/api';
import type { Locale } from '../../src/i18n/langs';
import { isNewer } from '../../src/lib/hlc';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { serverText } from '../i18n';
import { stampOf, superseded } from './clock';
import type { Caller, Services } from './context';
import { pokeOwnDevices } from './pushes';

/**
 * Friend groups (SPEC §3 "Friend group", §7 Groups). Group 1 is every user's main group: it
 * holds every friend, is listed last, and cannot be renamed or deleted. It is stored as the
 * user's friend_groups row with is_main (made with their first friend, see 0005_friends.sql),
 * and answered as id 1 with a name in the reader's language. Every query is scoped to the
 * caller: another user's group id is answered 404, as a group that does not exist.
 */

export const groupNotFound = () => new ApiError(404, 'groupNotFound');
export const mainGroupFixed = () => new ApiError(400, 'groupMainFixed');

/** The main group sorts after every other. */
const MAIN_SORT = 2_147_483_647;

type GroupRow = {
  id: number;
  is_main: boolean;
  name: string;
  update_num: number;
  sort: number;
  version: number;
  deleted: boolean;
};

const GROUP_COLUMNS = 'id, is_main, name, update_num, sort, version, deleted_at is not null as deleted';

function groupOf(row: GroupRow, locale: Locale): Group {
  return {
    group_id: row.is_main ? MAIN_GROUP_ID : row.id,
    group_name: row.is_main ? serverText(locale, 'groupMain') : row.name,
    update_num: row.update_num,
  };
}

function emptyMain(locale: Locale): Group {
  return { group_id: MAIN_GROUP_ID, group_name: serverText(locale, 'groupMain'), update_num: 0 };
}

/**
 * The row id of the user's main group, made if missing. It also takes the row's lock, so the
 * group writes of one user queue behind each other (the group limit, sorting, deletes).
 */
export async function lockMainGroup(q: Queryable, userId: number): Promise<number> {
  const select = () =>
    q.query<{ id: number }>('select id from friend_groups where user_id = $1 and is_main for update', [userId]);
  const [found] = await select();
  if (found) return found.id;
  // Only when missing: the version trigger would take a number even for an insert that conflicts.
  await q.query(
    `insert into friend_groups (user_id, name, is_main, sort) values ($1, '', true, $2)
     on conflict (user_id) where is_main do nothing`,
    [userId, MAIN_SORT],
  );
  const [row] = await select();
  if (!row) throw new Error('main group vanished');
  return row.id;
}

/** A live group of the user other than the main one, by its id; 404 when there is none. */
export async function ownGroupRow(q: Queryable, userId: number, groupId: number): Promise<GroupRow> {
  const [row] = await q.query<GroupRow>(
    `select ${GROUP_COLUMNS} from friend_groups
     where id = $1 and user_id = $2 and not is_main`,
    [groupId, userId],
  );
  if (!row) throw groupNotFound();
  if (row.deleted) throw new ApiError(404, 'groupGone');
  return row;
}

/** Whether one of my groups (not the main one) exists and is not deleted. */
export async function liveGroup(q: Queryable, userId: number, groupId: number): Promise<boolean> {
  const rows = await q.query('select 1 from friend_groups where id = $1 and user_id = $2 and deleted_at is null', [
    groupId,
    userId,
  ]);
  return rows.length > 0;
}

async function readGroups(q: Queryable, caller: Caller): Promise<GroupList> {
  const rows = await q.query<GroupRow>(
    `select ${GROUP_COLUMNS} from friend_groups where user_id = $1 and deleted_at is null
     order by is_main, sort, id`,
    [caller.userId],
  );
  const list = rows.map((row) => groupOf(row, caller.locale));
  if (!rows.some((row) => row.is_main)) list.push(emptyMain(caller.locale));
  return { list };
}

/** GET /api/group/list: my groups in their order, each with its update count; the main group last. */
export function listGroups(s: Services, caller: Caller): Promise<GroupList> {
  return readGroups(s.db, caller);
}

/** GET /api/group/friend_update: the sum of my groups' update counts. */
export async function friendUpdate(s: Services, caller: Caller): Promise<{ total: number }> {
  const [row] = await s.db.query<{ total: number }>(
    'select coalesce(sum(update_num), 0)::int as total from friend_groups where user_id = $1 and deleted_at is null',
    [caller.userId],
  );
  return { total: row?.total ?? 0 };
}

/** POST /api/group/add: a new group after the others (before the main one). */
export async function addGroup(s: Services, caller: Caller, body: AddGroupBody): Promise<Group> {
  const group = await s.db.tx(async (q) => {
    await lockMainGroup(q, caller.userId);
    const [count] = await q.query<{ n: number; next: number }>(
      `select count(*)::int as n, coalesce(max(sort), 0)::int + 1 as next from friend_groups
       where user_id = $1 and not is_main and deleted_at is null`,
      [caller.userId],
    );
    if ((count?.n ?? 0) >= GROUPS_MAX) throw new ApiError(400, 'groupsTooMany', { max: GROUPS_MAX });
    const [row] = await q.query<GroupRow>(
      `insert into friend_groups (user_id, name, sort) values ($1, $2, $3) returning ${GROUP_COLUMNS}`,
      [caller.userId, body.group_name, count?.next ?? 1],
    );
    if (!row) throw new Error('group insert returned no row');
    return groupOf(row, caller.locale);
  });
  await pokeOwnDevices(s, caller);
  return group;
}

/** POST /api/group/edit: renames one of my groups (not the main one). */
export async function editGroup(s: Services, caller: Caller, body: EditGroupBody): Promise<Group> {
  if (body.group_id === MAIN_GROUP_ID) throw mainGroupFixed();
  const stamp = stampOf(caller);
  const row = await s.db.tx(async (q) => {
    await ownGroupRow(q, caller.userId, body.group_id);
    const [clock] = await q.query<{ stamp: string | null }>(
      `select clocks->>'name' as stamp from friend_groups where id = $1 for update`,
      [body.group_id],
    );
    const newer = isNewer(stamp, clock?.stamp);
    // A rename made later elsewhere keeps its name; the group is sent again so this device shows it.
    if (!newer) superseded(caller, ['group_name']);
    const [updated] = await q.query<GroupRow>(
      newer
        ? `update friend_groups set name = $2, clocks = jsonb_set(clocks, '{name}', to_jsonb($3::text))
           where id = $1 returning ${GROUP_COLUMNS}`
        : `update friend_groups set updated_at = now() where id = $1 returning ${GROUP_COLUMNS}`,
      newer ? [body.group_id, body.group_name, stamp] : [body.group_id],
    );
    if (!updated) throw groupNotFound();
    return updated;
  });
  await pokeOwnDevices(s, caller);
  return groupOf(row, caller.locale);
}

/** Bumps the version of friend entries so sync sends them again (their group list changed). */
export async function touchFriends(q: Queryable, friendIds: number[]): Promise<void> {
  if (friendIds.length === 0) return;
  await q.query(
    'update friends set updated_at = now() where id in (select (jsonb_array_elements_text($1::jsonb))::bigint)',
    [JSON.stringify(friendIds)],
  );
}

/** GET /api/group/del/{id}: deletes one of my groups; its members stay my friends (main group). */
export async function delGroup(s: Services, caller: Caller, params: GroupIdParams): Promise<null> {
  if (params.id === MAIN_GROUP_ID) throw mainGroupFixed();
  await s.db.tx(async (q) => {
    await ownGroupRow(q, caller.userId, params.id);
    await lockMainGroup(q, caller.userId);
    await q.query('update friend_groups set deleted_at = now() where id = $1', [params.id]);
    const members = await q.query<{ friend_id: number }>(
      `update friend_group_members set deleted_at = now() where group_id = $1 and deleted_at is null
       returning friend_id`,
      [params.id],
    );
    await touchFriends(
      q,
      members.map((m) => m.friend_id),
    );
  });
  await pokeOwnDevices(s, caller);
  return null;
}

/**
 * POST /api/group/sorting: puts my groups in the order of `ids` (the main group, if named, stays
 * last; groups left out keep their place). Any id that is not one of my groups refuses it all.
 */
export async function sortGroups(s: Services, caller: Caller, body: SortGroupsBody): Promise<GroupList> {
  const ids = body.ids.filter((id) => id !== MAIN_GROUP_ID);
  if (new Set(ids).size !== ids.length) throw new ApiError(400, 'invalidField', { field: 'ids' });
  const list = await s.db.tx(async (q) => {
    if (ids.length > 0) {
      const updated = await q.query(
        `update friend_groups g set sort = x.ord::int
         from jsonb_array_elements_text($2::jsonb) with ordinality as x(id, ord)
         where g.id = x.id::bigint and g.user_id = $1 and not g.is_main and g.deleted_at is null
         returning g.id`,
        [caller.userId, JSON.stringify(ids)],
      );
      if (updated.length !== ids.length) throw groupNotFound();
    }
    return readGroups(q, caller);
  });
  await pokeOwnDevices(s, caller);
  return list;
}

/** GET /api/group/group_update_cancel/{id}: that group's update count back to zero. */
export async function cancelGroupUpdate(s: Services, caller: Caller, params: GroupIdParams): Promise<Group> {
  const main = params.id === MAIN_GROUP_ID;
  const match = main ? 'is_main' : 'id = $2 and not is_main';
  const args = main ? [caller.userId] : [caller.userId, params.id];
  const [row] = await s.db.query<GroupRow>(
    `update friend_groups set update_num = 0 where user_id = $1 and ${match} and deleted_at is null
       and update_num <> 0
     returning ${GROUP_COLUMNS}`,
    args,
  );
  if (row) {
    await pokeOwnDevices(s, caller);
    return groupOf(row, caller.locale);
  }
  const [current] = await s.db.query<GroupRow>(
    `select ${GROUP_COLUMNS} from friend_groups where user_id = $1 and ${match} and deleted_at is null`,
    args,
  );
  if (current) return groupOf(current, caller.locale);
  if (main) return emptyMain(caller.locale);
  throw groupNotFound();
}

/** Sync pull: my groups (the main one as key '1') changed after the cursor, deletes included. */
export async function groupRows(q: Queryable, caller: Caller, cursor: number, limit: number): Promise<SyncRow[]> {
  const rows = await q.query<GroupRow>(
    `select ${GROUP_COLUMNS} from friend_groups where user_id = $1 and version > $2 order by version limit $3`,
    [caller.userId, cursor, limit],
  );
  return rows.map((row): SyncRow => {
    const value = row.deleted ? null : { ...groupOf(row, caller.locale), sort: row.sort };
    const key = String(row.is_main ? MAIN_GROUP_ID : row.id);
    return { table: 'group', key, version: row.version, deleted: row.deleted, value };
  });
}
