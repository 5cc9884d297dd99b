/**
 * Background Sync in the service worker (issue 24): when the browser says the network is back
 * (`sync`, tag OUTBOX_SYNC_TAG) each account database on this device that has changes waiting
 * runs one cycle of the same sync engine the page's worker runs (workers/sync/engine.ts): its
 * own session token, the same client id and mutation ids (so the server applies each change once
 * whoever sends it), and the same cycle lock (so the page and this worker never send or apply a
 * pull at once). Periodic Background Sync (tag PERIODIC_PULL_TAG) runs the cycle for every
 * account, so the app opens fresh with no signal.
 *
 * Nothing is ever dropped here: a cycle that fails leaves the outbox as it was; the browser
 * retries the event later, and after its last chance the page sends it the next time it opens.
 */

import { CardbookDB } from '../src/db/CardbookDB';
import { ownerOfDbName } from '../src/db/db-name';
import { noteSentInBackground } from '../src/db/sent-in-background';
import { OUTBOX_SYNC_TAG, PERIODIC_PULL_TAG } from '../src/lib/background-sync-tags';
import { createSyncEngine } from '../workers/sync/engine';

declare const self: ServiceWorkerGlobalScope;

type SyncEvent = ExtendableEvent & { tag: string; lastChance: boolean };

/** The account databases on this device (`cardbook-u{id}`); the signed-out one has no session to send with. */
async function accountDatabases(): Promise<string[]> {
  const all = await indexedDB.databases();
  return all.flatMap((d) => (d.name && ownerOfDbName(d.name) !== null ? [d.name] : []));
}

/** Whether a page of the app is open (then what was sent is not news for the next opening). */
async function appOpen(): Promise<boolean> {
  return (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).length > 0;
}

/** One cycle on each account database (only those with changes waiting, unless `all`); false if any must be tried again. */
async function syncAccounts(all: boolean): Promise<boolean> {
  let ok = true;
  for (const name of await accountDatabases()) {
    const db = new CardbookDB(name);
    try {
      if (!all && (await db.outbox.count()) === 0) continue;
      const engine = createSyncEngine({
        db,
        fetch: (input, init) => fetch(input, init),
        baseUrl: self.location.origin,
      });
      const outcome = await engine.once();
      engine.stop();
      if (outcome.sent > 0 && !(await appOpen())) await noteSentInBackground(db, outcome.sent);
      if (outcome.state === 'retry') ok = false;
    } catch (error) {
      console.warn('background sync', name, error);
      ok = false;
    } finally {
      db.close();
    }
  }
  return ok;
}

export function listenForBackgroundSync(): void {
  self.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      syncAccounts(false).then((ok) => {
        // A rejection asks the browser to try again later; after its last chance the page sends.
        if (!ok && !sync.lastChance) throw new Error('background sync: changes still waiting');
      }),
    );
  });
  self.addEventListener('periodicsync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== PERIODIC_PULL_TAG) return;
    sync.waitUntil(syncAccounts(true).then(() => undefined));
  });
}
