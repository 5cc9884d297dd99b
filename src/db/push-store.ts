import { liveQuery } from 'dexie';
import { FRIEND_STATUS_REMOVED_ME } from '../api';
import type { ExchangeRoom } from '../api/exchange';
import type { CardbookDB } from './CardbookDB';

/**
 * What the live push connection (workers/sync/live.ts) reads and writes locally. A push only
 * speeds things up: each write here is also what the next pull brings, or a signal for the UI.
 */

/** The exchange room whose group pushes to follow, or 0. */
export async function readExchangeGroup(db: CardbookDB): Promise<number> {
  const row = await db.meta.get('exchangeGroup');
  return row?.key === 'exchangeGroup' ? row.value : 0;
}

export async function setExchangeGroup(db: CardbookDB, groupId: number): Promise<void> {
  await db.meta.put({ key: 'exchangeGroup', value: groupId });
}

/**
 * Calls `onChange` when the kept exchange room id changes (the sync worker's subscription follows
 * it). The meta table changes often (sync state, live state): only a new id counts.
 */
export function watchExchangeGroup(db: CardbookDB, onChange: () => void): () => void {
  let last: number | null = null;
  const subscription = liveQuery(() => readExchangeGroup(db)).subscribe({
    next: (group) => {
      if (last !== null && group !== last) onChange();
      last = group;
    },
  });
  return () => subscription.unsubscribe();
}

/** The exchange room this device shows, if any. */
export async function readExchangeRoom(db: CardbookDB): Promise<ExchangeRoom | null> {
  const row = await db.meta.get('exchangeRoom');
  return row?.key === 'exchangeRoom' ? row.value : null;
}

/**
 * Keeps the room as the server answered it, and follows its pushes while it is open and I am in
 * it (SPEC §4: the kept group id); an ended room, or one I left, is no longer followed (0).
 */
export async function keepExchangeRoom(db: CardbookDB, room: ExchangeRoom): Promise<void> {
  const follow = room.status === 'open' && !room.left ? room.room_id : 0;
  await db.transaction('rw', db.meta, async () => {
    await db.meta.put({ key: 'exchangeRoom', value: room });
    await db.meta.put({ key: 'exchangeGroup', value: follow });
  });
}

/** A push on the room's topic: its live member count, and its end (SPEC §4 "Group push"). */
export async function applyRoomPush(
  db: CardbookDB,
  roomId: number,
  memberNum: number | null,
  outcome: 'exchanged' | 'dismissed' | null,
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const room = await readExchangeRoom(db);
    if (room?.room_id !== roomId) return;
    await db.meta.put({
      key: 'exchangeRoom',
      value: {
        ...room,
        member_num: memberNum ?? room.member_num,
        status: outcome ?? room.status,
      },
    });
  });
}

/**
 * SPEC §4 sub-type 5: a friend removed my card. My entry for them (accept_id) leaves the listed
 * groups' lists: it gets status 20, as the server already recorded and the next pull confirms.
 */
export async function markRemovedMe(db: CardbookDB, acceptId: number): Promise<void> {
  await db.transaction('rw', db.friends, async () => {
    const friend = await db.friends.get(acceptId);
    if (friend && friend.status !== FRIEND_STATUS_REMOVED_ME) {
      await db.friends.put({ ...friend, status: FRIEND_STATUS_REMOVED_ME });
    }
  });
}

/** Raises the push-announced notification count by one. */
export async function bumpPushUnread(db: CardbookDB): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('pushUnread');
    await db.meta.put({ key: 'pushUnread', value: (row?.key === 'pushUnread' ? row.value : 0) + 1 });
  });
}

/** Asks the tabs to play the push sound. */
export async function signalPushSound(db: CardbookDB, at = Date.now()): Promise<void> {
  await db.meta.put({ key: 'pushSound', value: at });
}

/** Calls `onSound` with each new push-sound time (not the one stored before subscribing). */
export function watchPushSound(db: CardbookDB, onSound: (at: number) => void): () => void {
  let seen: number | null = null;
  const subscription = liveQuery(async () => {
    const row = await db.meta.get('pushSound');
    return row?.key === 'pushSound' ? row.value : 0;
  }).subscribe({
    next: (at) => {
      if (seen !== null && at > seen) onSound(at);
      seen = at;
    },
  });
  return () => subscription.unsubscribe();
}

/** Records that the live connection came up (subscribed) or went down. */
export async function setLiveState(db: CardbookDB, connected: boolean, at = Date.now()): Promise<void> {
  await db.meta.put({ key: 'liveState', value: { connected, since: at } });
}
