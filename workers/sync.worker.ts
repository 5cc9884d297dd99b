/**
 * The sync worker: one per browser (the tab holding the Web Lock starts it; see
 * src/browser/sync-client.ts). It runs the sync engine and wakes it when the outbox or the session
 * changes in any tab, and keeps the live push connection (sync/live.ts) while a session exists.
 * Tabs read its results from IndexedDB, never from this worker.
 */
import * as Comlink from 'comlink';
import { db } from '../src/db';
import { watchExchangeGroup } from '../src/db/push-store';
import { watchOutboxAndSession } from '../src/db/sync-store';
import { createSyncEngine } from './sync/engine';
import { createLiveConnection } from './sync/live';

const engine = createSyncEngine({ db, fetch: (input, init) => fetch(input, init), baseUrl: self.location.origin });
const live = createLiveConnection({
  db,
  fetch: (input, init) => fetch(input, init),
  baseUrl: self.location.origin,
  pullNow: () => void engine.syncNow(),
});
let watching = false;
// Any other read that met a connection the browser closed (site data cleared) reopens it too.
self.addEventListener('unhandledrejection', (event) => void db.reopenIfClosed(event.reason).catch(() => false));

const api = {
  start(): void {
    if (watching) return;
    watching = true;
    watchOutboxAndSession(db, () => {
      void engine.syncNow();
      void live.refresh();
    });
    // A screen joined, left or ended an exchange room: follow its pushes (SPEC §4).
    watchExchangeGroup(db, () => void live.groupChanged());
  },
  syncNow: () => engine.syncNow(),
  online: () => engine.online(),
  /** The kept exchange room changed (meta 'exchangeGroup'): follow its pushes. */
  groupChanged: () => live.groupChanged(),
};

export type SyncWorkerApi = typeof api;
Comlink.expose(api);
