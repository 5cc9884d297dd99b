import { useLiveQuery } from 'dexie-react-hooks';
import type { ScanRow } from '../CardbookDB';
import { db } from '../db';

/** Live reads of the scanner's review queue (table scans, src/browser/scan-queue.ts). */

/** Every scan waiting in the review queue, newest first: undefined while loading. */
export function useScans(): ScanRow[] | undefined {
  return useLiveQuery(async () => (await db.scans.orderBy('createdAt').toArray()).reverse(), []);
}
