/**
 * The sync worker: one per browser (the tab holding the Web Lock starts it; see
 * src/lib/sync-client.ts). It runs the sync engine and wakes it when the outbox or the session
 * changes in any tab. Tabs read its results from IndexedDB, never from this worker.
 */
import * as Comlink from 'comlink';
import { db } from '../src/db';
import { watchOutboxAndSession } from '../src/db/sync-store';
import { createSyncEngine } from './sync/engine';

const engine = createSyncEngine({ db, fetch: (input, init) => fetch(input, init), baseUrl: self.location.origin });
let watching = false;

const api = {
  start(): void {
    if (watching) return;
    watching = true;
    watchOutboxAndSession(db, () => void engine.syncNow());
  },
  syncNow: () => engine.syncNow(),
  online: () => engine.online(),
};

export type SyncWorkerApi = typeof api;
Comlink.expose(api);
