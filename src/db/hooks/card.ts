import { useLiveQuery } from 'dexie-react-hooks';
import type { CardRow } from '../CardbookDB';
import { db } from '../db';

/** My card: undefined while loading, null when I have none yet. */
export function useMyCard(): CardRow | null | undefined {
  return useLiveQuery(async () => (await db.card.get('me')) ?? null, []);
}
