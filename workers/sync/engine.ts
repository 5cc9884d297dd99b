/**
 * The sync engine: drains the outbox to POST /api/sync/push in order, then pulls deltas from
 * GET /api/sync/pull until the server has nothing more, and records its state where every tab
 * can read it. Only one runs per browser (the elected tab's worker).
 *
 * Why it is safe to retry anything: every mutation has an id the server applies at most once
 * per client and answers from its record on replay; every pulled page is applied with its
 * cursor in one local transaction. So a lost answer, a crash or a closed tab at any point is
 * repaired by simply running the cycle again. Failures back off exponentially with full jitter
 * (1 s doubling to 30 s) so a crowd of phones coming back online does not hit the server at once.
 */
import {
  groupSchema,
  MUTATION_MAX_BYTES,
  PULL_PAGE_MAX,
  PUSH_BATCH_MAX,
  PUSH_BODY_MAX_BYTES,
  type PullResult,
  type PushResult,
  pullResponseSchema,
  pushResponseSchema,
} from '../../src/api';
import type { CardbookDB, OutboxRow, Session, SyncNotice, UploadTarget } from '../../src/db/CardbookDB';
import { ownerOfDbName } from '../../src/db/db-name';
import { groupRefs } from '../../src/db/mutations';
import {
  applyPull,
  clientId,
  patchSyncState,
  pendingBatch,
  readCursor,
  readLang,
  readSession,
  renameCreatedGroups,
  settleOutbox,
} from '../../src/db/sync-store';
import { localRefs, pruneUploads, replaceRefs, resolveRefs } from '../../src/db/uploads';
import { maxHlc } from '../../src/lib/hlc';

/** Where each kind of file picked offline is uploaded (each takes `upload_id` for idempotency). */
const UPLOAD_PATHS: Record<UploadTarget, string> = {
  cardPhoto: '/api/card/upload',
  cloudPhoto: '/api/ocr/upload',
  feedbackImage: '/api/feedback/image',
};

export const PUSH_BATCH = Math.min(50, PUSH_BATCH_MAX);
/** Rows per pull page: the server's maximum (PULL_PAGE_MAX), so a first sync takes few round trips and commits. */
export const PULL_PAGE = PULL_PAGE_MAX;
/** Pulled rows written in one IndexedDB transaction at most, and pages fetched ahead of the writer. */
export const APPLY_MAX_ROWS = 5 * PULL_PAGE_MAX;
export const PULL_AHEAD_PAGES = 5;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
/**
 * A request that never answers (a connection the network dropped without a word, a request sent
 * as the phone lost its signal) must not hold the cycle, and every change behind it, for ever: it
 * is given up after this long and tried again like any failure. Uploads carry photos over slow
 * networks; pulls may carry a whole card holder.
 */
export const REQUEST_TIMEOUTS = { push: 30_000, call: 60_000, upload: 120_000 };
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

/** What one cycle did: how many changes the server took, and whether it must be tried again later. */
export type CycleOutcome = {
  sent: number;
  /** done: pushed and pulled; retry: the network or server failed; idle: no session of this database's account, or its token refused. */
  state: 'done' | 'retry' | 'idle';
};

/** The Web Lock held during a cycle on a database (by the page's sync worker or the service worker). */
export const cycleLockName = (dbName: string) => `cardbook-cycle:${dbName}`;

function webLock(dbName: string): <T>(cycle: () => Promise<T>) => Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return (cycle) => cycle();
  return <T>(cycle: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      // Held until the cycle settles.
      locks.request(cycleLockName(dbName), () => cycle().then(resolve, reject)).catch(reject);
    });
}

class Unauthorized extends Error {}
/** The token is another account's than the one whose changes this database holds: send nothing, wait. */
class OtherAccount extends Error {}
/** The server refused a file for good (too large, not an image): the change using it is rejected. */
class Refused extends Error {}

type Rejection = SyncNotice;

/** The server answered the request itself cannot be taken (malformed, too large): not worth retrying as is. */
const isRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

function wireOf({ id, name, args, hlc }: OutboxRow) {
  return hlc ? { id, name, args, hlc } : { id, name, args };
}

function pushBody(client: string, batch: readonly OutboxRow[], owner?: number): string {
  return JSON.stringify({ client_id: client, ...(owner ? { owner } : {}), mutations: batch.map(wireOf) });
}

/**
 * The longest head of the queue whose request fits the server's body limit, and the changes
 * that are too large to be sent ever (set apart at once, so they never hold up the queue). A
 * change under the per-change limit always fits a request on its own.
 */
export function cutBySize(
  client: string,
  entries: readonly OutboxRow[],
): { batch: OutboxRow[]; tooLarge: OutboxRow[] } {
  const batch: OutboxRow[] = [];
  const tooLarge: OutboxRow[] = [];
  let size = bytes(pushBody(client, []));
  for (const entry of entries) {
    if (bytes(JSON.stringify(entry.args ?? null)) > MUTATION_MAX_BYTES) {
      tooLarge.push(entry);
      continue;
    }
    const own = bytes(JSON.stringify(wireOf(entry))) + 1;
    if (batch.length > 0 && size + own > PUSH_BODY_MAX_BYTES) break;
    batch.push(entry);
    size += own;
  }
  return { batch, tooLarge };
}

/** Consecutive pull pages as one: every row in order (a later row of a key wins), the last cursor, the latest stamp. */
export function joinPages(pages: readonly PullResult[]): PullResult {
  const last = pages.at(-1);
  if (!last) throw new Error('no pages to join');
  if (pages.length === 1) return last;
  const joined: PullResult = { rows: pages.flatMap((p) => p.rows), cursor: last.cursor, more: last.more };
  const stamps = pages.flatMap((p) => (p.hlc ? [p.hlc] : []));
  return stamps.length > 0 ? { ...joined, hlc: stamps.reduce(maxHlc) } : joined;
}

export function backoffDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.max(250, Math.round(random() * ceiling));
}

export function createSyncEngine(deps: SyncDeps) {
  const { db } = deps;
  const random = deps.random ?? Math.random;
  const later = deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = deps.clearTimeout ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const timeouts = deps.timeouts ?? REQUEST_TIMEOUTS;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;
  const cycleLock = deps.cycleLock ?? webLock(db.name);
  /** Whose changes and rows this database holds (0: not known), named in every push and pull. */
  const ownerFor = (session: Session): number => ownerOfDbName(db.name) ?? session.userId;

  async function call<T>(session: Session, path: string, init: RequestInit, parse: (json: unknown) => T): Promise<T> {
    const headers: Record<string, string> = { token: session.token, ...(init.headers as Record<string, string>) };
    const lang = await readLang(db);
    if (lang) headers.lang = lang;
    const res = await deps.fetch(`${deps.baseUrl}${path}`, {
      ...init,
      headers,
      signal: AbortSignal.timeout(timeouts.call),
    });
    if (res.status === 401) throw new Unauthorized();
    if (res.status === 409) throw new OtherAccount();
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return parse(await res.json());
  }

  async function upload(session: Session, file: { id: string; blob: Blob; target: UploadTarget }): Promise<string> {
    const form = new FormData();
    form.append('upload_id', file.id);
    form.append('file', file.blob, 'photo');
    const headers: Record<string, string> = { token: session.token };
    const lang = await readLang(db);
    if (lang) headers.lang = lang;
    const res = await deps.fetch(`${deps.baseUrl}${UPLOAD_PATHS[file.target]}`, {
      method: 'POST',
      body: form,
      headers,
      signal: AbortSignal.timeout(timeouts.upload),
    });
    if (res.status === 401) throw new Unauthorized();
    const json: unknown = await res.json().catch(() => null);
    const envelope = json as { code?: number; msg?: string; data?: { url?: unknown } } | null;
    if (res.ok && typeof envelope?.data?.url === 'string') return envelope.data.url;
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
      throw new Refused(envelope?.msg ?? `HTTP ${res.status}`);
    }
    throw new Error(`upload: HTTP ${res.status}`);
  }

  /** Uploads the files a batch refers to and puts their URLs in; changes whose file was refused are set apart. */
  async function withFiles(session: Session, batch: OutboxRow[]): Promise<{ ready: OutboxRow[]; lost: Rejection[] }> {
    const ready: OutboxRow[] = [];
    const lost: Rejection[] = [];
    for (const entry of batch) {
      const refs = localRefs(entry.args);
      if (refs.length === 0) {
        ready.push(entry);
        continue;
      }
      try {
        const urls = await resolveRefs(db, refs, (file) => upload(session, file));
        if (urls) ready.push({ ...entry, args: replaceRefs(entry.args, urls) });
        else lost.push({ id: entry.id, name: entry.name, msg: '', key: 'fileMissing' });
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        lost.push({ id: entry.id, name: entry.name, msg: err.message });
      }
    }
    return { ready, lost };
  }

  type Sent = { kind: 'applied'; result: PushResult } | { kind: 'refused'; status: number; msg: string };

  /** One push request. A request-level refusal (4xx other than 401/408/429) is answered, not thrown. */
  async function send(session: Session, client: string, batch: OutboxRow[]): Promise<Sent> {
    const headers: Record<string, string> = { token: session.token, 'content-type': 'application/json' };
    const lang = await readLang(db);
    if (lang) headers.lang = lang;
    const res = await deps.fetch(`${deps.baseUrl}/api/sync/push`, {
      method: 'POST',
      headers,
      body: pushBody(client, batch, ownerFor(session)),
      signal: AbortSignal.timeout(timeouts.push),
    });
    if (res.status === 401) throw new Unauthorized();
    if (res.status === 409) throw new OtherAccount();
    if (isRefusal(res.status)) {
      const json = (await res.json().catch(() => null)) as { msg?: unknown } | null;
      return {
        kind: 'refused',
        status: res.status,
        msg: typeof json?.msg === 'string' ? json.msg : `HTTP ${res.status}`,
      };
    }
    if (!res.ok) throw new Error(`/api/sync/push: HTTP ${res.status}`);
    return { kind: 'applied', result: pushResponseSchema.parse(await res.json()).data };
  }

  /**
   * Drains the outbox in order, in batches cut under the server's size limit. No change can
   * block the ones behind it: a change too large to ever send is dropped at once, and a batch the
   * server refuses as a whole is halved until the change it cannot take is alone, which is then
   * dropped; each dropped change is told to the user once and its optimistic rows are replaced
   * by the next pull.
   */
  async function push(session: Session, tally: { sent: number }): Promise<void> {
    const client = await clientId(db);
    let limit = PUSH_BATCH;
    for (;;) {
      await renameCreatedGroups(db);
      const queued = untilCreatedGroupIsNamed(await pendingBatch(db, limit));
      const { ready, lost } = await withFiles(session, queued);
      const { batch, tooLarge } = cutBySize(client, ready);
      lost.push(...tooLarge.map((entry) => ({ id: entry.id, name: entry.name, msg: '', key: 'tooLarge' as const })));
      if (lost.length > 0) {
        await settleOutbox(
          db,
          lost.map((l) => l.id),
          lost,
        );
      }
      if (batch.length === 0 && lost.length === 0) return;
      if (batch.length === 0) continue;
      const sent = await send(session, client, batch);
      if (sent.kind === 'refused') {
        const [only] = batch;
        if (batch.length === 1 && only) {
          const key = sent.status === 413 ? ('tooLarge' as const) : undefined;
          await settleOutbox(db, [only.id], [{ id: only.id, name: only.name, msg: sent.msg, ...(key ? { key } : {}) }]);
          limit = PUSH_BATCH;
        } else {
          limit = Math.max(1, Math.floor(batch.length / 2));
        }
        continue;
      }
      const names = new Map(batch.map((m) => [m.id, m.name]));
      tally.sent += sent.result.results.filter((r) => r.ok).length;
      await settleOutbox(
        db,
        sent.result.results.map((r) => r.id),
        sent.result.results.flatMap((r): SyncNotice[] => {
          const name = names.get(r.id) ?? '';
          if (!r.ok) return [{ id: r.id, name, msg: r.msg }];
          return r.superseded ? [{ id: r.id, name, msg: '', key: 'superseded' }] : [];
        }),
        createdGroups(batch, sent.result),
      );
    }
  }

  function fetchPage(session: Session, cursor: number): Promise<PullResult> {
    return call(
      session,
      `/api/sync/pull?cursor=${cursor}&limit=${PULL_PAGE}${ownerFor(session) ? `&owner=${ownerFor(session)}` : ''}`,
      { method: 'GET' },
      (json) => pullResponseSchema.parse(json).data,
    );
  }

  /**
   * Pages until the server has nothing more. Pages are fetched one after another (each from the
   * cursor the previous answered) while the pages already here are written, and each write takes
   * every page that has arrived, up to APPLY_MAX_ROWS: a first sync of thousands of rows makes a
   * few large IndexedDB transactions (and a few re-reads by the screens' live queries) instead of
   * one per page, while the first page is still written alone so a screen fills at once. A
   * failure anywhere ends the pull; what was applied stays applied, each write with its cursor.
   */
  async function pull(session: Session): Promise<void> {
    const arrived: PullResult[] = [];
    let fetching = true;
    let failure: unknown = null;
    let signal: (() => void) | null = null;
    const notify = () => {
      signal?.();
      signal = null;
    };
    const waitForChange = () => new Promise<void>((resolve) => (signal = resolve));
    const fetcher = (async () => {
      try {
        let cursor = await readCursor(db);
        for (;;) {
          // Backpressure: at most a few pages wait in memory for the writer.
          while (arrived.length >= PULL_AHEAD_PAGES) await waitForChange();
          const page = await fetchPage(session, cursor);
          arrived.push(page);
          notify();
          if (!page.more) return;
          cursor = page.cursor;
        }
      } catch (err) {
        failure = err;
      } finally {
        fetching = false;
        notify();
      }
    })();
    let first = true;
    for (;;) {
      while (arrived.length === 0 && fetching) await waitForChange();
      if (arrived.length === 0) break;
      const taken: PullResult[] = [];
      let rows = 0;
      while (
        arrived.length > 0 &&
        (taken.length === 0 || (!first && rows + (arrived[0]?.rows.length ?? 0) <= APPLY_MAX_ROWS))
      ) {
        const page = arrived.shift() as PullResult;
        taken.push(page);
        rows += page.rows.length;
      }
      notify();
      first = false;
      await applyPull(db, joinPages(taken));
    }
    await fetcher;
    if (failure) throw failure;
    await pruneUploads(db);
  }

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

  /**
   * Pushes, then pulls whatever happened to the push: a push that keeps failing (a server error)
   * must not stop this device from receiving the other devices' changes. Never throws: a local
   * database that failed (its connection closed under us, say) is reopened and the cycle is
   * to be tried again.
   */
  async function attempt(): Promise<CycleOutcome> {
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
          await push(session, tally);
        } catch (err) {
          if (err instanceof Unauthorized || err instanceof OtherAccount) throw err;
          pushed = false;
        }
        await pull(session);
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

/**
 * The batch up to the first change that names a group created earlier in the same batch: that
 * group's id is known only once the server has answered (settleOutbox rewrites it), so the
 * change goes in the next batch.
 */
export function untilCreatedGroupIsNamed(batch: OutboxRow[]): OutboxRow[] {
  const creating = new Set<number>();
  for (const [i, entry] of batch.entries()) {
    if (groupRefs(entry.name, entry.args).some((id) => creating.has(id))) return batch.slice(0, i);
    const tempId = entry.name === 'addGroup' ? (entry.args as { temp_id?: number }).temp_id : undefined;
    if (tempId !== undefined) creating.add(tempId);
  }
  return batch;
}

/** Temporary group id → the server's id, for each group this batch created. */
function createdGroups(batch: OutboxRow[], result: PushResult): Map<number, number> {
  const created = new Map<number, number>();
  const byId = new Map(batch.map((entry) => [entry.id, entry]));
  for (const r of result.results) {
    const entry = byId.get(r.id);
    if (!r.ok || entry?.name !== 'addGroup') continue;
    const tempId = (entry.args as { temp_id?: number }).temp_id;
    const parsed = groupSchema.safeParse(r.data);
    if (tempId !== undefined && parsed.success) created.set(tempId, parsed.data.group_id);
  }
  return created;
}
