import 'fake-indexeddb/auto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import type { PullResult, SyncRow } from '../../src/api';
import { CardbookDB } from '../../src/db/CardbookDB';
import { createdGroupIds, groupIdsOf } from '../../src/db/mutations';
import { clientId, readCursor } from '../../src/db/sync-store';
import { createSyncEngine, type SyncEngine } from '../../workers/sync/engine';
import { call, createTestApp, dropSchema, type TestApp } from '../server/helper';

/**
 * The pieces of the model-based sync test: one real server (PGlite on a data folder, or its own
 * PostgreSQL schema when DATABASE_URL is set) that can be restarted on the same data, and
 * devices, each a CardbookDB on fake-indexeddb with the real sync engine, whose fetch goes to
 * the server through `app.inject` and can be cut or lose answers.
 */

// Every case signs up fresh users; the per-address budgets would run out.
const ROOMY = { points: 1_000_000, seconds: 60 };
const RATE_LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  register: ROOMY,
  verifyCodePerAddress: ROOMY,
  verifyCodePerAccount: ROOMY,
};

/** The server, restartable on the same data. */
export class Server {
  private t: TestApp | null = null;
  private readonly dataDir: string | null;
  private readonly schema: string;
  restarts = 0;

  constructor() {
    // In memory-backed /dev/shm where there is one: PGlite writes its files on every commit.
    const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
    this.dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(base, 'cardbook-model-'));
    this.schema = `model_${Math.random().toString(36).slice(2, 12)}`;
  }

  get test(): TestApp {
    if (!this.t) throw new Error('server is not running');
    return this.t;
  }

  get app() {
    return this.test.app;
  }

  async start(): Promise<void> {
    this.t = await createTestApp({
      ...(this.dataDir ? { dataDir: this.dataDir } : { schema: this.schema }),
      keepData: true,
      rateLimits: RATE_LIMITS,
    });
  }

  /** Closes the app and its database, then builds a new one on the same data. */
  async restart(): Promise<void> {
    await this.t?.close();
    this.t = null;
    this.restarts += 1;
    await this.start();
  }

  async stop(): Promise<void> {
    await this.t?.close();
    this.t = null;
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
    const url = process.env.DATABASE_URL;
    if (url) await dropSchema(url, this.schema);
  }
}

/** How the next request of a device fails: cut before it leaves, or its answer lost after the server ran it. */
export type Failure = { at: number; lost: boolean };

/**
 * A fetch over `app.inject`: the engine's Request/init become inject options and the answer a
 * Response. While `device.online` is false it fails as a browser does with no network.
 */
export const traffic = { requests: 0, cut: 0, lost: 0 };

export function injectFetch(
  server: Server,
  device: { online: boolean; silent?: boolean; failure: Failure | null; requests: number },
) {
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const index = device.requests;
    device.requests += 1;
    if (device.silent) {
      // A network that takes the request and never answers: only the caller's signal ends it.
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    const failure = device.failure;
    traffic.requests += 1;
    if (!device.online || (failure && failure.at === index && !failure.lost)) {
      traffic.cut += 1;
      throw new TypeError('Failed to fetch');
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let payload: string | Buffer | undefined;
    if (typeof init.body === 'string') payload = init.body;
    else if (init.body != null) {
      // FormData, Blob, …: let a Request encode it as a browser would.
      const request = new Request(url, { method: init.method ?? 'POST', body: init.body, headers: init.headers });
      payload = Buffer.from(await request.arrayBuffer());
      const type = request.headers.get('content-type');
      if (type) headers['content-type'] = type;
    }
    const res = await server.app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    if (failure && failure.at === index && failure.lost) {
      traffic.lost += 1;
      throw new TypeError('Failed to fetch');
    }
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}

let dbCounter = 0;

/** A lock as the Web Locks API gives one: callers run one at a time, in the order they asked. */
function lock(): <T>(run: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>) => {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** One phone: its own IndexedDB, session (its own token), sync engine and network. */
export class Device {
  online = true;
  /** Requests go out and are never answered. */
  silent = false;
  failure: Failure | null = null;
  requests = 0;
  readonly db: CardbookDB;
  /** The page's sync worker. */
  readonly engine: SyncEngine;
  /** The service worker's background sync: the same engine on the same database, one cycle per event. */
  readonly background: SyncEngine;
  /** Timers the engine asked for (backoff, periodic pull): recorded, never fired; the model drives syncNow. */
  readonly timers: { ms: number }[] = [];
  client = '';

  /** `skew`: how far this phone's wall clock is off (ms; negative: slow), as a phone's may be. */
  constructor(
    readonly name: string,
    server: Server,
    readonly skew = 0,
  ) {
    dbCounter += 1;
    this.db = new CardbookDB(`model-${process.pid}-${dbCounter}-${name}`);
    this.db.now = () => Date.now() + skew;
    const deps = {
      db: this.db,
      fetch: injectFetch(server, this) as typeof fetch,
      baseUrl: 'http://cardbook.test',
      random: () => 0.5,
      setTimeout: (_fn: () => void, ms: number) => {
        const timer = { ms };
        this.timers.push(timer);
        return timer;
      },
      clearTimeout: () => undefined,
      // Short, so a silent network is given up on within the test.
      timeouts: { push: 2_000, call: 2_000, upload: 2_000 },
      // One cycle lock per database, as the page's worker and the service worker share in a browser.
      cycleLock: lock(),
    };
    this.engine = createSyncEngine(deps);
    this.background = createSyncEngine(deps);
  }

  /** Signs in as the app does: the session (token, user id) in meta, the login's profile. */
  async signIn(server: Server, email: string, password: string): Promise<void> {
    const res = await call<{ id: number; token: string; login_type: number }>(server.app, 'POST', '/api/login', {
      email,
      password,
    });
    if (res.status !== 200) throw new Error(`login: ${JSON.stringify(res.body)}`);
    const { id, token, login_type } = res.body.data;
    await this.db.meta.put({ key: 'session', value: { token, userId: id, loginType: login_type } });
    this.client = await clientId(this.db);
  }

  /** One sync cycle now; `failure` makes one of its requests fail. */
  async sync(failure: Failure | null = null): Promise<void> {
    this.requests = 0;
    this.failure = failure;
    try {
      await this.engine.syncNow();
    } finally {
      this.failure = null;
    }
  }

  /**
   * The network comes back while the page is open: the page's worker syncs and, `ticks` turns of
   * the event loop later, the service worker's background sync fires and runs its one cycle.
   * `failure` makes one request of either fail.
   */
  async syncRacingBackground(ticks: number, failure: Failure | null = null): Promise<void> {
    this.requests = 0;
    this.failure = failure;
    try {
      const page = this.engine.syncNow();
      for (let i = 0; i < ticks; i += 1) await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([page, this.background.once()]);
    } finally {
      this.failure = null;
    }
  }

  /** The service worker's background sync alone (every page of the app closed). */
  async backgroundSync(failure: Failure | null = null): Promise<void> {
    this.requests = 0;
    this.failure = failure;
    try {
      await this.background.once();
    } finally {
      this.failure = null;
    }
  }

  cursor(): Promise<number> {
    return readCursor(this.db);
  }

  outboxSize(): Promise<number> {
    return this.db.outbox.count();
  }

  createdGroups(): Promise<Map<number, number>> {
    return createdGroupIds(this.db);
  }

  async close(): Promise<void> {
    this.engine.stop();
    this.background.stop();
    this.db.close();
    await this.db.delete();
  }
}

/** The tables both sides hold, normalized for comparison (ordered by key, no local-only keys). */
export type View = {
  profile: unknown;
  card: unknown;
  company: unknown;
  groups: unknown[];
  friends: unknown[];
  notifications: unknown[];
  cloudCards: unknown[];
  cloudGroups: unknown[];
};

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const byKey =
  <T>(key: (row: T) => number) =>
  (a: T, b: T) =>
    key(a) - key(b);

function withoutKey<T extends { key: string }>(row: T | undefined): Omit<T, 'key'> | null {
  if (!row) return null;
  const { key: _key, ...rest } = row;
  return rest;
}

export async function deviceView(device: Device): Promise<View> {
  const db = device.db;
  return {
    profile: withoutKey(await db.profile.get('me')),
    card: withoutKey(await db.card.get('me')),
    company: withoutKey(await db.company.get('me')),
    groups: (await db.groups.toArray()).sort(byKey((g) => g.group_id)),
    friends: (await db.friends.toArray()).sort(byKey((f) => f.accept_id)),
    notifications: (await db.notifications.toArray()).sort(byKey((n) => n.id)),
    cloudCards: (await db.cloudCards.toArray()).sort(byId),
    cloudGroups: (await db.cloudGroups.toArray()).sort(byId),
  };
}

/** What the server's pull from cursor 0 gives, as a device that applied it would hold it. */
export async function serverView(server: Server, token: string): Promise<View> {
  const rows: SyncRow[] = [];
  let cursor = 0;
  for (;;) {
    const res = await call<PullResult>(server.app, 'GET', '/api/sync/pull', undefined, {
      token,
      query: { cursor: String(cursor) },
    });
    if (res.status !== 200) throw new Error(`pull: ${JSON.stringify(res.body)}`);
    rows.push(...res.body.data.rows);
    cursor = res.body.data.cursor;
    if (!res.body.data.more) break;
  }
  const last = new Map<string, SyncRow>();
  for (const row of rows) last.set(`${row.table}:${row.key}`, row);
  const live = [...last.values()].filter((r) => !r.deleted && r.value);
  const one = (table: SyncRow['table']) => live.find((r) => r.table === table)?.value ?? null;
  const many = (table: SyncRow['table']) => live.filter((r) => r.table === table).map((r) => r.value);
  return {
    profile: one('profile'),
    card: one('card'),
    company: one('company'),
    groups: (many('group') as { group_id: number }[]).sort(byKey((g) => g.group_id)),
    friends: (many('friend') as { accept_id: number; group_id: string }[])
      .map((f) => ({ ...f, groupIds: groupIdsOf(f.group_id) }))
      .sort(byKey((f) => f.accept_id)),
    notifications: (many('notification') as { id: number }[]).sort(byKey((n) => n.id)),
    cloudCards: (many('cloudCard') as { id: string }[]).sort(byId),
    cloudGroups: (many('cloudGroup') as { id: string }[]).sort(byId),
  };
}
