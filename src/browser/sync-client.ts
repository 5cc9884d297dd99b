/**
 * Elects one sync worker per browser. Every tab asks for the same Web Lock; the tab that gets
 * it starts workers/sync.worker.ts and holds the lock until it closes, when the browser hands
 * the lock (and so the role) to the next waiting tab. Followers never talk to the worker: they
 * write to IndexedDB (outbox), which the leader's worker watches, and read its state from there.
 */
import * as Comlink from 'comlink';
import type { SyncWorkerApi } from '../../workers/sync.worker';
import syncWorkerUrl from '../../workers/sync.worker.ts?module-worker';
import { activeDbName } from '../db/db';

// One leader per account database: tabs on different accounts each sync their own.
const LOCK_NAME = `cardbook-sync:${activeDbName()}`;
const CHANNEL = LOCK_NAME;

export type SyncRole = 'leader' | 'follower';

export type SyncClient = {
  /** Asks the leader to sync now (after a write, on reconnect). */
  poke(reason?: 'online'): void;
  role(): SyncRole;
};

export function startSyncClient(onRole: (role: SyncRole) => void = () => undefined): SyncClient {
  let worker: Comlink.Remote<SyncWorkerApi> | null = null;
  let role: SyncRole = 'follower';
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

  const setRole = (next: SyncRole) => {
    role = next;
    document.documentElement.dataset.syncRole = next;
    onRole(next);
  };
  setRole('follower');

  const lead = async () => {
    for (let failures = 0; ; failures += 1) {
      const started = await startWorker();
      if (started) {
        worker = started;
        setRole('leader');
        void started.syncNow();
        return;
      }
      await nextChance(failures);
    }
  };

  channel?.addEventListener('message', (event: MessageEvent<{ type: 'poke' | 'online' }>) => {
    if (!worker) return;
    void (event.data.type === 'online' ? worker.online() : worker.syncNow());
  });

  if ('locks' in navigator) {
    void navigator.locks.request(LOCK_NAME, async () => {
      await lead();
      await new Promise<never>(() => undefined); // held for the life of this tab
    });
  } else {
    void lead();
  }

  const poke = (reason?: 'online') => {
    if (worker) void (reason === 'online' ? worker.online() : worker.syncNow());
    else channel?.postMessage({ type: reason ?? 'poke' });
  };
  window.addEventListener('online', () => poke('online'));

  return { poke, role: () => role };
}

/**
 * The sync worker, started; null if its script could not load (the network went away while its
 * modules were fetched: a worker that never loaded would never answer, and nothing would sync
 * for the life of the tab).
 */
async function startWorker(): Promise<Comlink.Remote<SyncWorkerApi> | null> {
  // The worker opens the database named after it (src/db/db-name.ts: it has no cookies).
  const raw = new Worker(syncWorkerUrl, { type: 'module', name: activeDbName() });
  const failed = new Promise<null>((resolve) => raw.addEventListener('error', () => resolve(null), { once: true }));
  const remote = Comlink.wrap<SyncWorkerApi>(raw);
  const started = await Promise.race([remote.start().then(() => remote), failed]);
  if (!started) raw.terminate();
  return started;
}

/** A worker that could not load is started again when the network returns, or after a while. */
const WORKER_RETRY_MS = [2_000, 5_000, 15_000, 30_000] as const;

function nextChance(failures: number): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      window.removeEventListener('online', go);
      resolve();
    };
    const timer = setTimeout(go, WORKER_RETRY_MS[Math.min(failures, WORKER_RETRY_MS.length - 1)]);
    window.addEventListener('online', go);
  });
}

let shared: SyncClient | null = null;

/** The one sync client of this tab, started the first time a signed-in screen needs it. */
export function ensureSyncClient(): SyncClient {
  shared ??= startSyncClient();
  return shared;
}
