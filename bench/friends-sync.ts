import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dbNameFor } from '../src/db/db-name';
import { type ApiUser, addSessionCookie, registerViaApi } from '../tests/e2e/support/api';
import { launchBrowser, newPhoneContext } from '../tests/e2e/support/browser';
import { type E2eServer, startServer } from '../tests/e2e/support/server';
import { seedFriends } from './friends-seed';
import { printTable, sized, WAIT_MS, within } from './lib';

/**
 * In Chromium against the built app and the real server (PGlite under a temp DATA_DIR), for a
 * user holding 10,000 friends (seeded in SQL, each a real user with a card):
 * - the initial sync: a fresh profile signed in (the session cookie, as after login) opens
 *   /friendsList; timed from the sync worker's first GET /api/sync/pull, and from navigation
 *   start, until IndexedDB `friends` holds every entry and the worker's sync state says it
 *   finished a cycle (meta `syncState`: lastSyncAt set, not syncing). Goal: under 3 s.
 * - the first paint of /friendsList with those rows in IndexedDB (goal: under 100 ms): opened
 *   from another screen of the app, timed from the tap to the frame that paints the first row;
 *   and a reload under the service worker (so the app's own start-up too), from navigation
 *   start, online and with the network cut.
 * Each beside its floor measured in the same run and browser, since milliseconds do not travel
 * between machines: the sync beside a plain Dexie bulkPut of the same rows into an empty
 * database (goal: at most 2×), the first rows beside a blank page's first paint.
 * Figures only: nothing here passes or fails.
 */
const FRIENDS = Number(process.env.BENCH_FRIENDS ?? sized(10_000, 50));
const SYNC_RUNS = sized(3, 1);
const PAINT_RUNS = sized(7, 1);

/** When the first friend row was put in the page, the next frame began, and that frame was painted (ms after timeOrigin). */
type FirstRow = { inserted: number; frame: number; painted: number; routeChunk: number | null };

declare global {
  interface Window {
    benchFirstRow?: Promise<FirstRow>;
  }
}

/**
 * Init script: watches for the first `.vlist-row` from the start of every document. (Page
 * functions declare no inner named functions: tsx would wrap those in a helper the page lacks.)
 */
function watchFirstRow(): void {
  window.benchFirstRow = new Promise<FirstRow>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.vlist-row')) return;
      observer.disconnect();
      const inserted = performance.now();
      requestAnimationFrame(() => {
        const frame = performance.now();
        // A task posted from the frame's rAF runs once that frame has been painted.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const chunk = performance
            .getEntriesByType('resource')
            .find((e) => /\/assets\/friends-list-[^/]+\.js$/.test(e.name)) as PerformanceResourceTiming | undefined;
          resolve({ inserted, frame, painted: performance.now(), routeChunk: chunk ? chunk.responseEnd : null });
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/**
 * In the page: polls the account's IndexedDB database (`cardbook-u{id}`, src/db/db-name.ts;
 * its own short-lived connections, never Dexie's) until `friends` holds `expected` rows and the
 * sync worker has finished a cycle; answers Date.now() then. Gives up at `deadline` (Date.now()
 * ms) with what it last saw, so a database that never fills fails the bench instead of hanging.
 */
async function syncedAt({
  name,
  expected,
  deadline,
}: {
  name: string;
  expected: number;
  deadline: number;
}): Promise<number> {
  let seen = 'no database yet';
  for (;;) {
    // Opening before Dexie made the database would make an empty one: wait for Dexie's (version 3 = 30).
    const info = (await indexedDB.databases()).find((d) => d.name === name);
    if ((info?.version ?? 0) >= 30) {
      const state = await new Promise<{ count: number; idle: boolean } | null>((resolve) => {
        const req = indexedDB.open(name);
        req.onerror = () => resolve(null);
        req.onsuccess = () => {
          const db = req.result;
          try {
            const tx = db.transaction(['friends', 'meta'], 'readonly');
            const count = tx.objectStore('friends').count();
            const meta = tx.objectStore('meta').get('syncState');
            tx.oncomplete = () => {
              db.close();
              const sync = (meta.result as { value?: { lastSyncAt: number; syncing: boolean } } | undefined)?.value;
              resolve({ count: count.result, idle: Boolean(sync && sync.lastSyncAt > 0 && !sync.syncing) });
            };
            tx.onerror = () => {
              db.close();
              resolve(null);
            };
          } catch {
            db.close();
            resolve(null);
          }
        };
      });
      if (state && state.count >= expected && state.idle) return Date.now();
      if (state) seen = `${state.count} friends, ${state.idle ? 'idle' : 'syncing'}`;
    }
    if (Date.now() > deadline) {
      throw new Error(`IndexedDB ${name} did not reach ${expected} friends and an idle sync (last seen: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type SyncRun = {
  context: BrowserContext;
  page: Page;
  /** ms from the first GET /api/sync/pull, and from navigation start, to the end of the sync. */
  fromPull: number;
  fromLoad: number;
  /** Pull answers that carried rows, and empty ones (the worker's check that nothing is left). */
  pages: number;
  empty: number;
  /** ms from the first pull request to the last page with rows answered (server and network). */
  lastPage: number;
};

async function initialSync(browser: Browser, server: E2eServer, user: ApiUser): Promise<SyncRun> {
  const { token } = user;
  const context = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow' });
  await context.addInitScript(watchFirstRow);
  await addSessionCookie(context, server, token);
  const page = await context.newPage();
  const isPull = (url: string) => new URL(url).pathname === '/api/sync/pull';
  const requested: number[] = [];
  const answered: Promise<{ at: number; rows: number }>[] = [];
  page.on('request', (req) => {
    if (isPull(req.url())) requested.push(Date.now());
  });
  page.on('response', (res) => {
    if (!isPull(res.url())) return;
    const at = Date.now();
    answered.push(
      res
        .json()
        .then((body: { data?: { rows?: unknown[] } }) => ({ at, rows: body.data?.rows?.length ?? 0 }))
        .catch(() => ({ at, rows: 0 })),
    );
  });
  await page.goto('/friendsList');
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  const done = await within(
    `IndexedDB ${dbNameFor(user.id)} to hold ${FRIENDS} friends`,
    page.evaluate(syncedAt, { name: dbNameFor(user.id), expected: FRIENDS, deadline: Date.now() + WAIT_MS }),
    WAIT_MS + 5_000,
  );
  const first = requested[0];
  if (first === undefined) throw new Error('no GET /api/sync/pull seen');
  const pulls = (await within('the pull answers to be read', Promise.all(answered))).filter((p) => p.at <= done);
  return {
    context,
    page,
    fromPull: done - first,
    fromLoad: done - timeOrigin,
    pages: pulls.filter((p) => p.rows > 0).length,
    empty: pulls.filter((p) => p.rows === 0).length,
    lastPage: Math.max(...pulls.filter((p) => p.rows > 0).map((p) => p.at)) - first,
  };
}

/** Reloads `page` `runs` times; the first-row figures of each load. */
async function firstRows(page: Page, runs: number): Promise<FirstRow[]> {
  const out: FirstRow[] = [];
  for (let i = 0; i < runs; i += 1) {
    await page.reload();
    const row = await within(
      'the first friend row to be painted',
      page.evaluate(() => window.benchFirstRow ?? null),
    );
    if (!row) throw new Error('the first-row probe is missing');
    out.push(row);
  }
  return out;
}

/**
 * Goes to /friendsCategory and back by the in-app link `runs` times; each time, the ms from the
 * tap to the frame that paints the first list row (the route module is loaded by then: this is
 * the screen's own work, reading IndexedDB and rendering).
 */
async function inAppVisits(page: Page, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await page.locator('a[href="/friendsCategory"]').first().click();
    await page.waitForFunction(() => location.pathname === '/friendsCategory' && !document.querySelector('.vlist-row'));
    const ms = await within(
      'the first row of /friendsList opened from the app',
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (!document.querySelector('.vlist-row')) return;
              observer.disconnect();
              requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve(performance.now() - start);
                channel.port2.postMessage(null);
              });
            });
            observer.observe(document, { childList: true, subtree: true });
            document.querySelector<HTMLAnchorElement>('a[href="/friendsList"]')?.click();
          }),
      ),
    );
    out.push(ms);
  }
  return out;
}

type Schema = { primKey: string; indexes: string[] };

/** In the synced page: every row of IndexedDB `friends` of database `name` and the store's Dexie schema string parts. */
async function readFriends(name: string): Promise<{ rows: unknown[]; schema: Schema }> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const store = db.transaction('friends', 'readonly').objectStore('friends');
      const indexes = Array.from(store.indexNames).map((name) => {
        const index = store.index(name);
        return `${index.multiEntry ? '*' : ''}${String(index.keyPath)}`;
      });
      const all = store.getAll();
      all.onsuccess = () => {
        db.close();
        resolve({ rows: all.result, schema: { primKey: String(store.keyPath), indexes } });
      };
      all.onerror = () => reject(all.error);
    };
  });
}

const BLANK_PAGE = 'bench-blank.html';
const DEXIE_SOURCE = readFileSync(
  fileURLToPath(new URL('../node_modules/dexie/dist/dexie.min.js', import.meta.url)),
  'utf8',
);

/**
 * The floors, in a fresh context of the same browser on the app's origin (a blank page the
 * server serves, no service worker): the first paint of that page from navigation start, and
 * the ms of one Dexie `bulkPut` of `rows` into an empty table with the friends table's schema.
 */
async function floors(
  browser: Browser,
  server: E2eServer,
  data: { rows: unknown[]; schema: Schema },
): Promise<{ blankPaint: number[]; bulkPut: number[] }> {
  writeFileSync(join(server.dataDir, 'dist', BLANK_PAGE), '<!doctype html><meta charset="utf-8"><p>Cardbook</p>');
  const context = await newPhoneContext(browser, server.url, { serviceWorkers: 'block', bypassCSP: true });
  try {
    const page = await context.newPage();
    const blankPaint: number[] = [];
    for (let i = 0; i < PAINT_RUNS; i += 1) {
      await page.goto(`/${BLANK_PAGE}`);
      const paint = await page.waitForFunction(
        () => performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
        undefined,
        { polling: 'raf' },
      );
      blankPaint.push(Number(await paint.jsonValue()));
    }
    await page.addScriptTag({ content: DEXIE_SOURCE });
    const bulkPut: number[] = [];
    for (let i = 0; i < SYNC_RUNS; i += 1) {
      bulkPut.push(
        await within(
          'a Dexie bulkPut of the friends',
          page.evaluate(
            async ({ rows, schema, name }) => {
              const { Dexie } = window as unknown as { Dexie: typeof import('dexie').Dexie };
              const db = new Dexie(name);
              db.version(1).stores({ friends: [schema.primKey, ...schema.indexes].join(', ') });
              await db.open();
              const start = performance.now();
              await db.table('friends').bulkPut(rows);
              const ms = performance.now() - start;
              db.close();
              await Dexie.delete(name);
              return ms;
            },
            { ...data, name: `bench-floor-${i}` },
          ),
        ),
      );
    }
    return { blankPaint, bulkPut };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const spread = (values: number[]) =>
  `${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;

function paintRows(label: string, rows: FirstRow[], blankPaint: number): [string, string][] {
  const fromChunk = rows.flatMap((r) => (r.routeChunk === null ? [] : [r.painted - r.routeChunk]));
  const painted = rows.map((r) => r.painted);
  const out: [string, string][] = [
    [
      `${label}, first row painted (median of ${rows.length})`,
      `${spread(painted)}, ${(median(painted) / blankPaint).toFixed(1)}× a blank page's first paint`,
    ],
    ['  first row in the DOM', spread(rows.map((r) => r.inserted))],
  ];
  if (fromChunk.length === rows.length) out.push(['  painted after the route chunk was loaded', spread(fromChunk)]);
  return out;
}

export async function friendsSync(): Promise<void> {
  const server = await within('the server to start', startServer());
  const browser = await within('Chromium to start', launchBrowser());
  const contexts: BrowserContext[] = [];
  try {
    const user = await within('a user to register', registerViaApi(server));
    const seedStart = performance.now();
    await within(`${FRIENDS} friends to be seeded`, seedFriends(server.app.services.db, user.id, FRIENDS));
    const seedMs = performance.now() - seedStart;

    const runs: SyncRun[] = [];
    for (let i = 0; i < SYNC_RUNS; i += 1) {
      const run = await initialSync(browser, server, user);
      contexts.push(run.context);
      runs.push(run);
    }
    const last = runs.at(-1);
    if (!last) throw new Error('no sync run');

    // The rows are in IndexedDB: reload /friendsList under the service worker, online then offline.
    const { page, context } = last;
    await within(
      'the service worker to be ready',
      page.evaluate(() => navigator.serviceWorker.ready.then(() => null)),
    );
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const online = await firstRows(page, PAINT_RUNS);
    const visits = await inAppVisits(page, PAINT_RUNS);
    await context.setOffline(true);
    const offline = await firstRows(page, PAINT_RUNS);
    await context.setOffline(false);
    const floor = await floors(
      browser,
      server,
      await within('the friends to be read back', page.evaluate(readFriends, dbNameFor(user.id))),
    );
    const blankPaint = median(floor.blankPaint);
    const bulkPut = median(floor.bulkPut);
    const sync = median(runs.map((r) => r.fromPull));

    const n = FRIENDS.toLocaleString('en');
    printTable(`Friends, ${n} of them (Chromium, built app; seeded in SQL in ${(seedMs / 1000).toFixed(1)} s)`, [
      [
        `initial sync into IndexedDB, from the first pull (median of ${SYNC_RUNS})`,
        `${spread(runs.map((r) => r.fromPull))}, ${(sync / bulkPut).toFixed(1)}× the floor (goal at most 2×)`,
      ],
      [`  floor: one Dexie bulkPut of the same ${n} rows (median of ${SYNC_RUNS})`, spread(floor.bulkPut)],
      ['  from navigation start of /friendsList', spread(runs.map((r) => r.fromLoad))],
      ['  the last page answered (server and network), from the first pull', spread(runs.map((r) => r.lastPage))],
      ['  pull pages with rows (+ empty)', runs.map((r) => `${r.pages} (+${r.empty})`).join(', ')],
      [
        `/friendsList opened from the app, tap to first row painted (median of ${visits.length})`,
        `${spread(visits)} (goal under 100 ms)`,
      ],
      ...paintRows('/friendsList reload', online, blankPaint),
      ...paintRows('/friendsList reload offline', offline, blankPaint),
      [`  floor: a blank page's first paint (median of ${PAINT_RUNS})`, spread(floor.blankPaint)],
    ]);
  } finally {
    for (const context of contexts) await context.close();
    await browser.close();
    await server.close();
  }
}
