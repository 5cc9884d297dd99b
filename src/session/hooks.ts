import { useLiveQuery } from 'dexie-react-hooks';
import { MAIN_GROUP_ID, type MutationArgs } from '../api';
import {
  type CardRow,
  type CompanyRow,
  db,
  type FriendRow,
  type GroupRow,
  type NotificationRow,
  type ProfileRow,
  type Session,
  type SyncState,
} from '../db';
import { createdGroupIds } from '../db/mutations';
import { INITIAL_SYNC_STATE, readSession, readSyncState } from '../db/sync-store';
import { useThrottledLiveQuery } from '../db/throttled-live-query';
import { displayName } from '../lib/display-name';

/** The signed-in session: undefined while loading, null when signed out. */
export function useSession(): Session | null | undefined {
  return useLiveQuery(() => readSession(db), []);
}

export function useProfile(): ProfileRow | null | undefined {
  return useLiveQuery(async () => (await db.profile.get('me')) ?? null, []);
}

export function useSyncState(): SyncState {
  return useLiveQuery(() => readSyncState(db), []) ?? INITIAL_SYNC_STATE;
}

export function usePendingCount(): number {
  return useLiveQuery(() => db.outbox.count(), []) ?? 0;
}

export function useUnreadCount(): number {
  return useLiveQuery(() => db.notifications.where('status_user').equals(1).count(), []) ?? 0;
}

/** My company blocks: undefined while loading, null when I have none yet. */
export function useCompany(): CompanyRow | null | undefined {
  return useLiveQuery(async () => (await db.company.get('me')) ?? null, []);
}

/** My card: undefined while loading, null when I have none yet. */
export function useMyCard(): CardRow | null | undefined {
  return useLiveQuery(async () => (await db.card.get('me')) ?? null, []);
}

/** What the app calls the signed-in user (src/lib/display-name.ts), their card's name included; '' signed out. */
export function useMyName(): string {
  const profile = useProfile();
  const card = useMyCard();
  return profile ? displayName({ ...profile, card: card ?? null }) : '';
}

/** A friend group with how many of my friends are in it (read locally, so it is right offline). */
export type GroupWithCount = GroupRow & { count: number };

/**
 * My friend groups in their order, the main group (1) last (SPEC §3), each with its member
 * count: undefined while loading.
 */
export function useGroups(): GroupWithCount[] | undefined {
  return useLiveQuery(async () => {
    const groups = await db.groups.toArray();
    groups.sort((a, b) => {
      if (a.group_id === MAIN_GROUP_ID) return 1;
      if (b.group_id === MAIN_GROUP_ID) return -1;
      return a.sort - b.sort || a.group_id - b.group_id;
    });
    const counts = await Promise.all(groups.map((g) => db.friends.where('groupIds').equals(g.group_id).count()));
    return groups.map((g, i) => ({ ...g, count: counts[i] ?? 0 }));
  }, []);
}

/**
 * A stable React key for each group: a group made on this device keeps the key of its temporary
 * id after the server's row replaces it, so a row being edited is not remounted mid-edit.
 */
export function useGroupKey(): (groupId: number) => number {
  const known = useLiveQuery(() => createdGroupIds(db), []);
  const byServerId = new Map([...(known ?? [])].map(([temp, id]) => [id, temp]));
  return (groupId) => byServerId.get(groupId) ?? groupId;
}

/** The newest entry first: those added here and not synced yet (negative ids), then the largest accept_id. */
const newestFirst = (a: FriendRow, b: FriendRow) =>
  a.accept_id < 0 !== b.accept_id < 0 ? (a.accept_id < 0 ? -1 : 1) : b.accept_id - a.accept_id;

/** While the friends table keeps changing (a first sync), the whole group is read again at most this often; the first screen stays live. */
const WHOLE_GROUP_READ_GAP_MS = 1000;

/** More rows than a phone screen shows. */
const FIRST_SCREEN = 24;

/**
 * The friends in one group (the main group holds them all), newest first: undefined while
 * loading. With `firstScreen`, the first rows come from a small indexed read and show while
 * the whole group (10,000 rows take ~150 ms to read) is still loading.
 */
export function useFriends(groupId: number, firstScreen = false): FriendRow[] | undefined {
  const head = useLiveQuery(async () => {
    if (!firstScreen) return undefined;
    const inGroup = db.friends.where('groupIds').equals(groupId);
    const [newest, pending] = await Promise.all([
      inGroup.clone().reverse().limit(FIRST_SCREEN).toArray(),
      db.friends
        .where('accept_id')
        .below(0)
        .filter((f) => f.groupIds.includes(groupId))
        .toArray(),
    ]);
    const byId = new Map([...pending, ...newest].map((f) => [f.accept_id, f]));
    return [...byId.values()].sort(newestFirst);
  }, [groupId, firstScreen]);
  // The whole read starts once the first screen is in: reading 10,000 rows occupies the main
  // thread (IndexedDB hands results over there) and would hold back that first paint.
  const headShown = !firstScreen || head !== undefined;
  const all = useThrottledLiveQuery(
    async () => {
      if (!headShown) return undefined;
      const rows = await db.friends.where('groupIds').equals(groupId).toArray();
      return rows.sort(newestFirst);
    },
    [groupId, headShown],
    ['friends'],
    WHOLE_GROUP_READ_GAP_MS,
  );
  return all ?? head;
}

/** One friend entry: undefined while loading, null when I do not hold it (any more). */
export function useFriend(acceptId: number | null): FriendRow | null | undefined {
  return useLiveQuery(async () => (acceptId === null ? null : ((await db.friends.get(acceptId)) ?? null)), [acceptId]);
}

/** How many cards the outbox will add whose details are not known here yet (added offline by link or scan). */
export function useQueuedFriendAdds(): number {
  return (
    useLiveQuery(async () => {
      const adds = await db.outbox.filter((entry) => entry.name === 'addFriend').toArray();
      return adds.reduce((sum, entry) => {
        const args = entry.args as MutationArgs<'addFriend'>;
        return sum + Math.max(0, args.content.length - (args.cards?.length ?? 0));
      }, 0);
    }, []) ?? 0
  );
}

/** Friends whose name, remark, company or card text contains every word of the query, searched locally. */
export function useFriendSearch(query: string): FriendRow[] | undefined {
  return useLiveQuery(async () => {
    const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    const rows = await db.friends
      .filter((f) => {
        const { name, company, profile } = f.friend_card_info;
        const text = [f.remark, name, company, profile].join('\n').toLocaleLowerCase();
        return words.every((w) => text.includes(w));
      })
      .toArray();
    return rows.sort(newestFirst);
  }, [query]);
}

/** My notifications, newest first: undefined while loading. */
export function useNotifications(): NotificationRow[] | undefined {
  return useLiveQuery(() => db.notifications.orderBy('time').reverse().toArray(), []);
}
