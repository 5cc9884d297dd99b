/**
 * The sync engine: drains the outbox to POST /api/sync/push in order, then pulls deltas from
 * GET /api/sync/pull until the server has nothing more, and records its state where every tab
 * can read it. Only one runs per browser (the elected tab's worker).
 *
 * Its parts, as Replicache has them: transport.ts (the one authenticated request, with its
 * timeouts), uploader.ts (staged files uploaded before the changes that name them), pusher.ts
 * (the outbox in batches), puller.ts (the pages of deltas), and here the loop that runs a cycle
 * of push then pull under the cycle lock, again on a timer or after a failure.
 *
 * Why it is safe to retry anything: every mutation has an id the server applies at most once
 * per client and answers from its record on replay; every pulled page is applied with its
 * cursor in one local transaction. So a lost answer, a crash or a closed tab at any point is
 * repaired by simply running the cycle again. Failures back off exponentially with full jitter
 * (1 s doubling to 30 s) so a crowd of phones coming back online does not hit the server at once.
 */
import type { CardbookDB, Session } from '../../src/db/CardbookDB';
import { ownerOfDbName } from '../../src/db/db-name';
import { patchSyncState, readSession } from '../../src/db/sync-store';
import { createPuller, type Puller } from './puller';
import { createPusher, type Pusher } from './pusher';
import { createTransport, OtherAccount, REQUEST_TIMEOUTS, Unauthorized } from './transport';
import { createUploader } from './uploader';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
export const PERIODIC_PULL_MS = 30_000;

export type SyncDeps = {
  db: CardbookDB;
  fetch: typeof fetch;
  /** Origin of the API, e.g. self.location.origin. */
  baseUrl: string;
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** How long a push, another API call and an upload may go unanswered (REQUEST_TIMEOUTS). */
  timeouts?: typeof REQUEST_TIMEOUTS;
  /**
   * Runs a cycle (push, then pull) holding this database's cycle lock, so the page's sync worker
   * and the service worker (background sync) never send or apply pulls at once. Default: the Web
   * Lock `cardbook-cycle:{db name}` where the browser has Web Locks, else none.
   */
  cycleLock?: <T>(cycle: () => Promise<T>) => Promise<T>;
};

type CycleLock = NonNullable<SyncDeps['cycleLock']>;

/** What one cycle did: how many changes the server took, and whether it must be tried again later. */
export type CycleOutcome = {
  sent: number;
  /** done: pushed and pulled; retry: the network or server failed; idle: no session of this database's account, or its token refused. */
  state: 'done' | 'retry' | 'idle';
};

/** The Web Lock held during a cycle on a database (by the page's sync worker or the service worker). */
export const cycleLockName = (dbName: string) => `cardbook-cycle:${dbName}`;

function webLock(dbName: string): CycleLock {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return (cycle) => cycle();
  return <T>(cycle: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      // Held until the cycle settles.
      locks.request(cycleLockName(dbName), () => cycle().then(resolve, reject)).catch(reject);
    });
}

export function backoffDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.max(250, Math.round(random() * ceiling));
}

/**
 * One cycle: pushes, then pulls whatever happened to the push (a push that keeps failing, a
 * server error, must not stop this device from receiving the other devices' changes). The
 * attempt never throws: a local database that failed (its connection closed under us, say) is
 * reopened and the cycle is to be tried again.
 */
function createAttempt(parts: { db: CardbookDB; cycleLock: CycleLock; pusher: Pusher; puller: Puller }) {
  const { db, cycleLock, pusher, puller } = parts;
  return async function attempt(): Promise<CycleOutcome> {
    const tally = { sent: 0 };
    try {
      const session = await readSession(db);
      if (!session || !ownedBy(db.name, session)) {
        // Signed out, or a session of another account than this database's: its changes wait.
        await patchSyncState(db, { syncing: false });
        return { sent: tally.sent, state: 'idle' };
      }
      return await cycleLock(async (): Promise<CycleOutcome> => {
        await patchSyncState(db, { syncing: true });
        let pushed = true;
        try {
          await pusher.push(session, tally);
        } catch (err) {
          if (err instanceof Unauthorized || err instanceof OtherAccount) throw err;
          pushed = false;
        }
        await puller.pull(session);
        await patchSyncState(db, { syncing: false, online: true, unauthorized: false, lastSyncAt: Date.now() });
        return { sent: tally.sent, state: pushed ? 'done' : 'retry' };
      });
    } catch (err) {
      if (err instanceof Unauthorized) {
        await patchSyncState(db, { syncing: false, unauthorized: true }).catch(() => undefined);
        return { sent: tally.sent, state: 'idle' };
      }
      // Tried again when the session changes (watchOutboxAndSession), never with this token.
      if (err instanceof OtherAccount) {
        await patchSyncState(db, { syncing: false }).catch(() => undefined);
        return { sent: tally.sent, state: 'idle' };
      }
      await db.reopenIfClosed(err).catch(() => false);
      await patchSyncState(db, { syncing: false, online: false }).catch(() => undefined);
      return { sent: tally.sent, state: 'retry' };
    }
  };
}

/** The engine: its parts wired together, run by the loop. */
export function createSyncEngine(deps: SyncDeps) {
  const { db } = deps;
  const transport = createTransport({
    db,
    fetch: deps.fetch,
    baseUrl: deps.baseUrl,
    timeouts: deps.timeouts ?? REQUEST_TIMEOUTS,
  });
  const uploader = createUploader({ db, transport });
  const pusher = createPusher({ db, transport, uploader });
  const puller = createPuller({ db, transport });
  const attempt = createAttempt({ db, cycleLock: deps.cycleLock ?? webLock(db.name), pusher, puller });
  return createLoop(attempt, {
    random: deps.random ?? Math.random,
    later: deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms)),
    cancel: deps.clearTimeout ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
  });
}

type Timers = {
  random: () => number;
  later: NonNullable<SyncDeps['setTimeout']>;
  cancel: NonNullable<SyncDeps['clearTimeout']>;
};

/** The loop: runs cycles now, again on a timer when they went through, and after a backoff when they failed. */
function createLoop(attempt: () => Promise<CycleOutcome>, { random, later, cancel }: Timers) {
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;

  function schedule(ms: number): void {
    if (timer !== null) cancel(timer);
    timer = later(() => {
      timer = null;
      void syncNow();
    }, ms);
  }

  /**
   * One cycle, then what comes after it: the periodic pull when it went through, a backoff when
   * it failed, nothing when there is no session to sync with.
   */
  async function cycle(): Promise<void> {
    const outcome = await attempt();
    if (outcome.state === 'done') {
      failures = 0;
      schedule(PERIODIC_PULL_MS);
    } else if (outcome.state === 'retry') {
      failures += 1;
      schedule(backoffDelay(failures, random));
    }
  }

  /** Runs a cycle now; a call during a cycle runs one more right after it. */
  function syncNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await cycle();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    syncNow,
    /**
     * One cycle and no follow-up (no timer is left behind): the service worker's background sync,
     * which lives only as long as its event.
     */
    async once(): Promise<CycleOutcome> {
      while (running) await running;
      return attempt();
    },
    /** The network came back: forget the backoff and go now. */
    online(): Promise<void> {
      failures = 0;
      return syncNow();
    },
    stop(): void {
      stopped = true;
      if (timer !== null) cancel(timer);
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

/**
 * Whether the session is of the account whose changes this database holds (an account's own
 * database is named for it, src/db/db-name.ts); a database of no known account takes any. The
 * user id is sent with every push and pull too, so the server refuses another account's token.
 */
export function ownedBy(dbName: string, session: Session): boolean {
  const owner = ownerOfDbName(dbName);
  return owner === null || owner === session.userId;
}
