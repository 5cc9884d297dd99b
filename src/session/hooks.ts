import { useLiveQuery } from 'dexie-react-hooks';
import { type CardRow, type CompanyRow, db, type ProfileRow, type Session, type SyncState } from '../db';
import { INITIAL_SYNC_STATE, readSession, readSyncState } from '../db/sync-store';

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
