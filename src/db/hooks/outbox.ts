import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';

/** Whether a change is still in the outbox (waiting or on its way); undefined while loading. */
export function useQueued(id: string): boolean | undefined {
  return useLiveQuery(async () => (await db.outbox.where('id').equals(id).count()) > 0, [id]);
}

/** How many changes wait in the outbox. */
export function usePendingCount(): number {
  return useLiveQuery(() => db.outbox.count(), []) ?? 0;
}
