import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { addSessionCookie, registerViaApi } from '../tests/e2e/support/api';
import { launchBrowser, newPhoneContext } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { printTable } from './lib';

const RUNS = 7;

/**
 * In Chromium against the built app: the gzipped size of the JavaScript `/` loads (budget
 * 150 KB), and the time from navigation to the first render of /userHome with the network cut,
 * served by the service worker from IndexedDB (median of several runs).
 */
/** Gzipped size of every script a fresh page load of `path` fetches, the workers' included. */
async function scriptsLoadedFor(
  browser: Browser,
  baseURL: string,
  path: string,
  existing?: BrowserContext,
): Promise<string> {
  const context = existing ?? (await newPhoneContext(browser, baseURL));
  const page = await context.newPage();
  const pending: Promise<Buffer | null>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') pending.push(res.body().catch(() => null));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(pending)).filter((b): b is Buffer => b !== null);
  await page.close();
  if (!existing) await context.close();
  const gz = scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  const raw = scripts.reduce((sum, body) => sum + body.length, 0);
  return `${(gz / 1024).toFixed(1)} KB (${(raw / 1024).toFixed(0)} KB raw, ${scripts.length} files)`;
}

export async function appLoad(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const visitor = await scriptsLoadedFor(browser, server.url, '/');
    const user = await registerViaApi(server);
    const context = await newPhoneContext(browser, server.url);
    await addSessionCookie(context, server, user.token);
    const member = await scriptsLoadedFor(browser, server.url, '/', context);
    const page = await context.newPage();
    await page.goto('/userHome');
    await page.getByTestId('user-name').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
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
    times.sort((a, b) => a - b);
    printTable('App load (Chromium, built app)', [
      ['JS loaded for / by a visitor (gzip)', `${visitor} (budget 150 KB)`],
      ['JS loaded for / signed in, sync worker included (gzip)', member],
      [
        `/userHome offline, first render (median of ${RUNS})`,
        `${times[Math.floor(RUNS / 2)]?.toFixed(0)} ms (min ${times[0]?.toFixed(0)}, max ${times[RUNS - 1]?.toFixed(0)})`,
      ],
    ]);
  } finally {
    await browser.close();
    await server.close();
  }
}
