import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Response } from 'playwright-core';
import { addSessionCookie, registerViaApi } from '../tests/e2e/support/api';
import { launchBrowser, newPhoneContext } from '../tests/e2e/support/browser';
import { type E2eServer, startServer } from '../tests/e2e/support/server';
import { printTable, sized, within } from './lib';

const RUNS = sized(7, 1);
const FCP_RUNS = sized(7, 1);
const VISITOR_BUDGET_KB = 150;
const MEMBER_BUDGET_KB = 200;
/** Lighthouse scores a mobile FCP under 1.8 s as good. */
const FCP_GOOD = "(Lighthouse's 'good': under 1800 ms)";

/**
 * In Chromium against the built app:
 * - the JavaScript a fresh load of `/` fetches, signed out (budget 150 KB) and signed in (budget
 *   200 KB), the workers' included: the bytes on the wire when the server sends it compressed
 *   (content-encoding), else its gzip size;
 * - the first contentful paint of `/` on Lighthouse's mobile profile (4× CPU slowdown, slow 4G:
 *   150 ms latency, ~1,474 kbps down, ~675 kbps up), a fresh profile each time, both ways: the
 *   app shell in index.html paints it; and beside it when the app itself has drawn the home
 *   screen (its headline), which is what the shell stands in for;
 * - the time from navigation to the first render of /userHome with the network cut, served by
 *   the service worker from IndexedDB (median of several runs).
 */
type Scripts = { compressed: number; raw: number; files: number; onTheWire: number };

/** Bytes of a script as sent: the encoded body when compressed on the wire, else gzipped by us. */
async function scriptSize(res: Response): Promise<Scripts | null> {
  const body = await res.body().catch(() => null);
  if (!body) return null;
  const encoded = (await res.headerValue('content-encoding'))?.trim();
  const sent = encoded ? (await res.request().sizes()).responseBodySize : 0;
  return sent > 0
    ? { compressed: sent, raw: body.length, files: 1, onTheWire: 1 }
    : { compressed: gzipSync(body, { level: 9 }).length, raw: body.length, files: 1, onTheWire: 0 };
}

/** Every script a fresh page load of `path` fetches, the workers' included. */
async function scriptsLoadedFor(browser: Browser, baseURL: string, path: string, existing?: BrowserContext) {
  const context = existing ?? (await newPhoneContext(browser, baseURL, { serviceWorkers: 'allow' }));
  const page = await context.newPage();
  // Keyed by URL: the sync worker imports chunks the page has already loaded, and those second
  // reads come from the browser's cache without a download, so each file counts once.
  const pending = new Map<string, Promise<Scripts | null>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && !pending.has(res.url())) pending.set(res.url(), scriptSize(res));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const sizes = (await within(`the scripts of ${path}`, Promise.all(pending.values()))).filter(
    (s): s is Scripts => s !== null,
  );
  await page.close();
  if (!existing) await context.close();
  return sizes.reduce(
    (sum, s) => ({
      compressed: sum.compressed + s.compressed,
      raw: sum.raw + s.raw,
      files: sum.files + 1,
      onTheWire: sum.onTheWire + s.onTheWire,
    }),
    { compressed: 0, raw: 0, files: 0, onTheWire: 0 },
  );
}

function describe(s: Scripts, budgetKb: number): string {
  const how =
    s.onTheWire === s.files ? 'as sent, compressed' : s.onTheWire === 0 ? 'gzip -9' : `${s.onTheWire} sent compressed`;
  return `${(s.compressed / 1024).toFixed(1)} KB (budget ${budgetKb} KB; ${how}; ${(s.raw / 1024).toFixed(0)} KB raw, ${s.files} files)`;
}

/** Lighthouse's mobile throttling (slow 4G, 4× CPU), in kbit/s as Lighthouse states it. */
const SLOW_4G = { latency: 150, downloadKbps: 1.6 * 1024 * 0.9, uploadKbps: 750 * 0.9 };

type Paint = { fcp: number; home: number };

/**
 * FCP of `/` (ms from navigation start; the app shell index.html carries paints it) and when the
 * app has drawn the home screen itself (its headline), in a fresh profile on the mobile profile;
 * session if `token`.
 */
async function throttledPaint(browser: Browser, server: E2eServer, token?: string): Promise<Paint> {
  const context = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow' });
  try {
    if (token) await addSessionCookie(context, server, token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latency,
      downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/', { waitUntil: 'commit' });
    const home = await page.waitForFunction(
      () => (document.querySelector('main:not([aria-busy]) h1') ? performance.now() : null),
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    const fcp = await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      undefined,
      { timeout: 60_000 },
    );
    return { fcp: Number(await fcp.jsonValue()), home: Number(await home.jsonValue()) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const spread = (values: number[]) =>
  `${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;

export async function appLoad(): Promise<void> {
  const server = await within('the server to start', startServer());
  const browser = await within('Chromium to start', launchBrowser());
  try {
    const visitor = await scriptsLoadedFor(browser, server.url, '/');
    const user = await within('a user to register', registerViaApi(server));
    const visitorPaints: Paint[] = [];
    const memberPaints: Paint[] = [];
    for (let i = 0; i < FCP_RUNS; i += 1) {
      visitorPaints.push(await throttledPaint(browser, server));
      memberPaints.push(await throttledPaint(browser, server, user.token));
    }
    const context = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow' });
    await addSessionCookie(context, server, user.token);
    const member = await scriptsLoadedFor(browser, server.url, '/', context);
    const page = await context.newPage();
    await page.goto('/userHome');
    await page.getByTestId('user-name').waitFor();
    await within(
      'the service worker to be ready',
      page.evaluate(() => navigator.serviceWorker.ready.then(() => null)),
    );
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await context.setOffline(true);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await page.goto('/userHome');
      const t = await page.waitForFunction(
        () => (document.querySelector('[data-testid="user-name"]') ? performance.now() : null),
        undefined,
        { polling: 'raf' },
      );
      times.push(Number(await t.jsonValue()));
    }
    printTable('App load (Chromium, built app)', [
      ['JS loaded for / signed out', describe(visitor, VISITOR_BUDGET_KB)],
      ['JS loaded for / signed in, sync worker included', describe(member, MEMBER_BUDGET_KB)],
      [
        `FCP of / signed out, 4× CPU + slow 4G (median of ${FCP_RUNS})`,
        `${spread(visitorPaints.map((p) => p.fcp))} ${FCP_GOOD}`,
      ],
      [
        `FCP of / signed in, 4× CPU + slow 4G (median of ${FCP_RUNS})`,
        `${spread(memberPaints.map((p) => p.fcp))} ${FCP_GOOD}`,
      ],
      ['  home drawn by the app, signed out', spread(visitorPaints.map((p) => p.home))],
      ['  home drawn by the app, signed in', spread(memberPaints.map((p) => p.home))],
      [`/userHome offline, first render (median of ${RUNS})`, spread(times)],
    ]);
  } finally {
    await browser.close();
    await server.close();
  }
}
