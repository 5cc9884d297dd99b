import { useLiveQuery } from 'dexie-react-hooks';
import type { CardCacheRow } from '../CardbookDB';
import { db } from '../db';

/** What this device kept of a friend's card opened earlier (src/db/card-cache.ts): undefined while loading, null when nothing. */
export function useKeptCard(cardId: number): CardCacheRow | null | undefined {
  return useLiveQuery(async () => (cardId ? ((await db.cardCache.get(cardId)) ?? null) : null), [cardId]);
}
