import { useLiveQuery } from 'dexie-react-hooks';
import type { PhysicalOrder } from '../../api';
import { db } from '../db';

/** My exclusive-card orders, newest first (kept by sync pull and by the shop's calls); undefined while loading. */
export function usePhysicalOrders(): PhysicalOrder[] | undefined {
  return useLiveQuery(async () => (await db.physicalOrders.orderBy('created_at').reverse().toArray()) ?? [], []);
}
