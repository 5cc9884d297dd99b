import { useLiveQuery } from 'dexie-react-hooks';
import type { MutationArgs } from '../../api';
import type { FriendRow } from '../CardbookDB';
import { db } from '../db';
import { deletedAccountNames } from '../deleted-accounts';
import { useThrottledLiveQuery } from '../throttled-live-query';

/** The screens' reads of my friend entries (the `friends` table, and the adds still in the outbox). */

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

/** My entry for a card (by its card id; 0: none): undefined while loading, null when I do not keep it. */
export function useFriendOfCard(cardId: number): FriendRow | null | undefined {
  return useLiveQuery(
    async () => (cardId ? ((await db.friends.where('friend_card_info.card_id').equals(cardId).first()) ?? null) : null),
    [cardId],
  );
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

/** The names this device knows for cards of deleted accounts, by card id (src/db/deleted-accounts.ts): undefined while loading. */
export function useDeletedAccountNames(cardIds: readonly number[]): Map<number, string> | undefined {
  return useLiveQuery(() => deletedAccountNames(db, cardIds), [cardIds.join(',')]);
}

/** Whether a card is in my card holder (one of my friends' cards); undefined while loading. */
export function useCardInHolder(cardId: number): boolean | undefined {
  return useLiveQuery(
    async () => (await db.friends.where('friend_card_info.card_id').equals(cardId).count()) > 0,
    [cardId],
  );
}
