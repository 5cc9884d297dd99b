import DataLoader from 'dataloader';
import type { Db } from '../db/db';

/** Whose friend entry for which card. */
export type FriendEntryKey = { userId: number; cardId: number };

/**
 * Viewers' live friend entries for cards (their id, 0 for none), looked up together: every
 * lookup asked for in one turn of the event loop goes to the database as one query (a shared
 * card opened by many signed-in phones at once costs one round trip, not one each). Nothing is
 * remembered between turns, so an entry added or removed shows in the next answer.
 */
export type FriendEntryLoader = DataLoader<FriendEntryKey, number>;

export function friendEntryLoader(db: Db): FriendEntryLoader {
  return new DataLoader(
    async (keys) => {
      const rows = await db.query<{ user_id: number; card_id: number; id: number }>(
        `select f.user_id, f.card_id, f.id
         from unnest($1::bigint[], $2::bigint[]) as k(user_id, card_id)
         join friends f on f.user_id = k.user_id and f.card_id = k.card_id and f.deleted_at is null`,
        [keys.map((k) => k.userId), keys.map((k) => k.cardId)],
      );
      const found = new Map(rows.map((r) => [`${r.user_id}:${r.card_id}`, Number(r.id)]));
      return keys.map((k) => found.get(`${k.userId}:${k.cardId}`) ?? 0);
    },
    { cache: false, batchScheduleFn: (run) => setImmediate(run) },
  );
}
