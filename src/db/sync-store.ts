import { liveQuery } from 'dexie';

export { clientId } from './client-id';

import type { Profile, PullResult } from '../api';
import type {
  CardbookDB,
  CloudCardRow,
  CloudGroupRow,
  FriendRow,
  GroupRow,
  NotificationRow,
  OutboxRow,
  PhysicalOrderRow,
  Session,
  SyncNotice,
  SyncState,
} from './CardbookDB';
import { keepNamesOfDeletedAccounts } from './deleted-accounts';
import {
  createdGroupIds,
  groupIdsOf,
  groupRefs,
  LOCAL_TABLES,
  mapGroupRefs,
  rebasePending,
  receiveStamp,
} from './mutations';

/** What the sync engine reads and writes locally; the engine itself never touches Dexie. */
export const INITIAL_SYNC_STATE: SyncState = {
  online: true,
  syncing: false,
  lastSyncAt: 0,
  unauthorized: false,
  rejected: [],
};

export async function readSession(db: CardbookDB): Promise<Session | null> {
  const row = await db.meta.get('session');
  return row?.key === 'session' ? row.value : null;
}

export async function readLang(db: CardbookDB): Promise<string | null> {
  const row = await db.meta.get('lang');
  return row?.key === 'lang' ? row.value : null;
}

export async function readCursor(db: CardbookDB): Promise<number> {
  const row = await db.meta.get('cursor');
  return row?.key === 'cursor' ? row.value : 0;
}

export async function readSyncState(db: CardbookDB): Promise<SyncState> {
  const row = await db.meta.get('syncState');
  return row?.key === 'syncState' ? row.value : INITIAL_SYNC_STATE;
}

export async function patchSyncState(db: CardbookDB, patch: Partial<SyncState>): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const current = await readSyncState(db);
    await db.meta.put({ key: 'syncState', value: { ...current, ...patch } });
  });
}

export function pendingBatch(db: CardbookDB, max: number): Promise<OutboxRow[]> {
  return db.outbox.orderBy('seq').limit(max).toArray();
}

/**
 * Drops confirmed (or rejected) entries from the outbox and keeps the rejections to tell the
 * user. A rejection also rewinds the pull cursor: the next pull brings the whole view again,
 * which replaces the refused change's optimistic rows with the server's. `createdGroups` maps
 * the temporary ids of groups the server has just created to their ids: the changes still
 * queued that name them are rewritten, so they can be sent.
 */
export async function settleOutbox(
  db: CardbookDB,
  settled: string[],
  rejected: SyncNotice[],
  createdGroups: ReadonlyMap<number, number> = new Map(),
): Promise<void> {
  await db.transaction('rw', [db.outbox, db.meta, db.cloudCards, db.cloudGroups, db.groups, db.friends], async () => {
    await dropRefusedCloudAdds(db, rejected);
    await db.outbox.where('id').anyOf(settled).delete();
    await renameCreatedGroups(db, createdGroups);
    await adoptCreatedGroups(db, createdGroups);
    if (rejected.length > 0) {
      const state = await readSyncState(db);
      await db.meta.put({ key: 'syncState', value: { ...state, rejected: [...state.rejected, ...rejected] } });
      // An outdone edit needs no rewind: the server sent the winning row again.
      if (rejected.some((r) => r.key !== 'superseded')) await db.meta.put({ key: 'cursor', value: 0 });
    }
  });
}

/**
 * The groups the server has just created leave their temporary rows: a group shown under its
 * temporary id takes the server's id (unless a pull already brought the server's row), and
 * friends filed in it follow. Without this, a create whose answer was lost and whose group a
 * pull brought before the replayed push was answered kept its temporary twin until the next pull
 * with rows in it.
 */
async function adoptCreatedGroups(db: CardbookDB, created: ReadonlyMap<number, number>): Promise<void> {
  for (const [temp, id] of created) {
    const row = await db.groups.get(temp);
    if (!row) continue;
    await db.groups.delete(temp);
    if (!(await db.groups.get(id))) await db.groups.put({ ...row, group_id: id });
    await db.friends
      .where('groupIds')
      .equals(temp)
      .modify((friend) => {
        const ids = [...new Set(friend.groupIds.map((g) => (g === temp ? id : g)))];
        friend.groupIds = ids;
        friend.group_id = ids.join(',');
      });
  }
}

/**
 * A cloud card or group is listed under its own (device-made) id the moment it is added, so no
 * pull replaces it: when the server refuses the add (or the change could not be sent), the
 * local row goes now. The full pull that follows a refusal brings back anything it should hold.
 */
async function dropRefusedCloudAdds(db: CardbookDB, rejected: readonly SyncNotice[]): Promise<void> {
  const refused = rejected.filter((r) => r.key !== 'superseded').map((r) => r.id);
  if (refused.length === 0) return;
  const entries = await db.outbox.where('id').anyOf(refused).toArray();
  for (const entry of entries) {
    const id = (entry.args as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') continue;
    if (entry.name === 'addCloudCard') await db.cloudCards.delete(id);
    else if (entry.name === 'addCloudGroup') {
      await db.cloudGroups.delete(id);
      await db.cloudCards.where('group_id').equals(id).modify({ group_id: '' });
    }
  }
}

/**
 * Rewrites queued changes that name a group by a temporary id the server has replaced, after
 * adding `fresh` to what is known (kept: a change may still be made with the temporary id until
 * the pull brings the server's group).
 */
export async function renameCreatedGroups(
  db: CardbookDB,
  fresh: ReadonlyMap<number, number> = new Map(),
): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    const known = await createdGroupIds(db);
    for (const [temp, id] of fresh) known.set(temp, id);
    if (known.size === 0) return;
    if (fresh.size > 0) await db.meta.put({ key: 'createdGroups', value: Object.fromEntries(known) });
    const pending = await db.outbox.toArray();
    const renamed = pending
      .filter((entry) => groupRefs(entry.name, entry.args).some((id) => known.has(id)))
      .map((entry) => ({ ...entry, args: mapGroupRefs(entry.name, entry.args, (id) => known.get(id) ?? id) }));
    if (renamed.length > 0) await db.outbox.bulkPut(renamed);
  });
}

/** The rows of one keyed table in a page: the last row of each key, a value or null (deleted). */
type Changes<T, K = number> = Map<K, T | null>;

/** Writes a table's changes with two bulk requests instead of one awaited request per row. */
async function writeChanges<T, K>(
  table: { bulkDelete(keys: K[]): Promise<void>; bulkPut(items: readonly T[]): Promise<unknown> },
  changes: Changes<T, K>,
): Promise<void> {
  const deleted: K[] = [];
  const values: T[] = [];
  for (const [key, value] of changes) {
    if (value === null) deleted.push(key);
    else values.push(value);
  }
  if (deleted.length > 0) await table.bulkDelete(deleted);
  if (values.length > 0) await table.bulkPut(values);
}

/**
 * Applies one pulled page and its cursor atomically, then re-applies pending local changes.
 * Keyed tables are written in bulk: a page names each key of a table once, and were it to name
 * one twice its last row wins, as applying the rows one by one in order would leave it.
 */
export async function applyPull(db: CardbookDB, page: PullResult): Promise<void> {
  await db.transaction('rw', [...LOCAL_TABLES(db), db.meta], async () => {
    const groups: Changes<GroupRow> = new Map();
    const friends: Changes<FriendRow> = new Map();
    const notifications: Changes<NotificationRow> = new Map();
    const cloudCards: Changes<CloudCardRow, string> = new Map();
    const cloudGroups: Changes<CloudGroupRow, string> = new Map();
    const orders: Changes<PhysicalOrderRow> = new Map();
    for (const row of page.rows) {
      switch (row.table) {
        case 'profile':
          if (row.deleted || !row.value) await db.profile.delete('me');
          else await db.profile.put({ ...row.value, key: 'me' });
          break;
        case 'card':
          if (row.deleted || !row.value) await db.card.delete('me');
          else await db.card.put({ ...row.value, key: 'me' });
          break;
        case 'company':
          if (row.deleted || !row.value) await db.company.delete('me');
          else await db.company.put({ ...row.value, key: 'me' });
          break;
        case 'group':
          groups.set(Number(row.key), row.deleted || !row.value ? null : row.value);
          break;
        case 'friend':
          friends.set(
            Number(row.key),
            row.deleted || !row.value ? null : { ...row.value, groupIds: groupIdsOf(row.value.group_id) },
          );
          break;
        case 'notification':
          notifications.set(Number(row.key), row.deleted || !row.value ? null : row.value);
          break;
        case 'cloudCard':
          cloudCards.set(row.key, row.deleted || !row.value ? null : row.value);
          break;
        case 'cloudGroup':
          cloudGroups.set(row.key, row.deleted || !row.value ? null : row.value);
          break;
        case 'physicalOrder':
          orders.set(Number(row.key), row.deleted || !row.value ? null : row.value);
          break;
      }
    }
    await writeChanges(db.groups, groups);
    await keepNamesOfDeletedAccounts(db, friends);
    await writeChanges(db.friends, friends);
    await writeChanges(db.notifications, notifications);
    await writeChanges(db.cloudCards, cloudCards);
    await writeChanges(db.cloudGroups, cloudGroups);
    await writeChanges(db.physicalOrders, orders);
    await db.meta.put({ key: 'cursor', value: page.cursor });
    // In the same transaction as the rows: no edit can be made between seeing them and the clock moving.
    if (page.hlc) await receiveStamp(db, page.hlc);
    if (page.rows.length > 0) {
      // Groups and friends added on this device wait for the server's rows; pending ones are
      // made again below.
      await db.groups.where('group_id').below(0).delete();
      await db.friends.where('accept_id').below(0).delete();
      await rebasePending(db);
    }
  });
}

/** Writes a freshly fetched profile (getProfile) under the pending local edits. */
export async function applyProfile(db: CardbookDB, profile: Profile): Promise<void> {
  await db.transaction('rw', [...LOCAL_TABLES(db), db.meta], async () => {
    await db.profile.put({ ...profile, key: 'me' });
    await rebasePending(db);
  });
}

/** Calls `onChange` whenever the outbox or the session changes, in this tab or another. */
export function watchOutboxAndSession(db: CardbookDB, onChange: () => void): () => void {
  const subscription = liveQuery(async () => {
    const [count, session] = await Promise.all([db.outbox.count(), readSession(db)]);
    return `${count}|${session?.token ?? ''}`;
  }).subscribe({ next: onChange });
  return () => subscription.unsubscribe();
}
