import { liveQuery } from 'dexie';
import type { CardbookDB } from '../db/CardbookDB';
import { readSyncState } from '../db/sync-store';
import { OUTBOX_SYNC_TAG, PERIODIC_PULL_TAG } from '../lib/background-sync-tags';
import { serviceWorkerRegistration } from './sw-register';

/**
 * Background Sync (issue 24): changes queued while they cannot be sent are sent by the service
 * worker when the network returns, even with every page of the app closed (sw/background-sync.ts
 * runs the same sync engine). Browsers without the API (Safari, Firefox) send them the next time
 * a page is open and online, as before.
 */
export const PERIODIC_PULL_MIN_MS = 12 * 60 * 60 * 1000;

/** The parts of the registration Background Sync adds (not in TypeScript's DOM library). */
type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
};

async function registration(): Promise<SyncRegistration | undefined> {
  return (await serviceWorkerRegistration()) as SyncRegistration | undefined;
}

/** Asks the browser to wake the service worker once the network is back; false where it cannot. */
export async function requestBackgroundSend(): Promise<boolean> {
  const reg = await registration();
  if (!reg?.sync) return false;
  try {
    // One registration per tag: asking again while one waits changes nothing.
    await reg.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** For an installed app the browser allows it: a pull every half day or so, app closed or not. */
export async function requestPeriodicPull(): Promise<boolean> {
  const reg = await registration();
  if (!reg?.periodicSync) return false;
  try {
    const status = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (status.state !== 'granted') return false;
    await reg.periodicSync.register(PERIODIC_PULL_TAG, { minInterval: PERIODIC_PULL_MIN_MS });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whenever a sync cycle ends with changes still queued (no network, the server failing), asks
 * for a background send, so closing the app does not leave them waiting for its next opening.
 */
export function watchForBackgroundSend(db: CardbookDB): () => void {
  const subscription = liveQuery(async () => {
    const [pending, state] = await Promise.all([db.outbox.count(), readSyncState(db)]);
    return pending > 0 && !state.syncing;
  }).subscribe({
    next: (stuck) => {
      if (stuck) void requestBackgroundSend();
    },
  });
  return () => subscription.unsubscribe();
}
