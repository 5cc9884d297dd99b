import { useLiveQuery } from 'dexie-react-hooks';
import type { Session, SyncState } from '../CardbookDB';
import { db } from '../db';
import { INITIAL_SYNC_STATE, readSession, readSyncState } from '../sync-store';

/** The signed-in session: undefined while loading, null when signed out. */
export function useSession(): Session | null | undefined {
  return useLiveQuery(() => readSession(db), []);
}

/** Where the sync worker stands (online, syncing, the last notice). */
export function useSyncState(): SyncState {
  return useLiveQuery(() => readSyncState(db), []) ?? INITIAL_SYNC_STATE;
}
