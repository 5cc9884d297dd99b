import { useLiveQuery } from 'dexie-react-hooks';
import type { CloudCardRow, CloudGroupRow } from '../CardbookDB';
import { cloudGroupsInOrder, newestCloudFirst, readPendingCloudCardIds, searchCloudCards } from '../cloud';
import { db } from '../db';
import { useThrottledLiveQuery } from '../throttled-live-query';

/**
 * Live reads of my cloud cards and groups (tables cloudCards and cloudGroups, and the outbox's
 * changes to them) for the cloud screens: all local, so offline too.
 */

/** A whole-collection read is repeated at most this often while a sync writes page after page. */
const WHOLE_READ_GAP_MS = 400;

/** My cloud groups in their sort order: undefined while loading. */
export function useCloudGroups(): CloudGroupRow[] | undefined {
  return useLiveQuery(() => cloudGroupsInOrder(db), []);
}

/** Every cloud card, newest first (5,000 read in well under the gap): undefined while loading. */
export function useCloudCards(): CloudCardRow[] | undefined {
  return useThrottledLiveQuery(
    async () => (await db.cloudCards.toArray()).sort(newestCloudFirst),
    [],
    ['cloudCards'],
    WHOLE_READ_GAP_MS,
  );
}

/** One card: undefined while loading, null when it is not (any more) mine. */
export function useCloudCard(id: string | null): CloudCardRow | null | undefined {
  return useLiveQuery(async () => (id === null ? null : ((await db.cloudCards.get(id)) ?? null)), [id]);
}

/** Ids of cards with changes the server has not confirmed yet. */
export function usePendingCloudIds(): Set<string> {
  return useLiveQuery(() => readPendingCloudCardIds(db), []) ?? EMPTY;
}
const EMPTY = new Set<string>();

/** Cards holding every word of the query in any row: searched locally, so offline too. */
export function useCloudSearch(query: string): CloudCardRow[] | undefined {
  return useLiveQuery(() => searchCloudCards(db, query), [query]);
}

/** How many cloud cards I hold: undefined while loading. */
export function useCloudCount(): number | undefined {
  return useLiveQuery(() => db.cloudCards.count(), []);
}
