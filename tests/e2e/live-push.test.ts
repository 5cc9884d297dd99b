import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtension } from '../../server/services/cards';
import type { MyCard } from '../../src/api';
import { addSessionCookie, postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, pushTransportFromEnv, startServer } from './support/server';

/**
 * Live push end to end (issue 6, client part): A is signed in on /userHome with the sync worker
 * leading and its live connection up; B adds A's card through the API; A's notification badge
 * shows within 3 s, long before the 30 s periodic pull, so it came by push. Runs against the
 * embedded broker, or against Mosquitto when MQTT_URL is set (.ci/start-mosquitto.sh).
 */
const BROKER = process.env.MQTT_URL ? 'Mosquitto (MQTT_URL)' : 'the embedded broker';

/** Reads one meta row of the app's IndexedDB, as the page sees it. */
function readMeta(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (metaKey) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('cardbook');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('meta')) {
            idb.close();
            resolve(null);
            return;
          }
          const get = idb.transaction('meta').objectStore('meta').get(metaKey);
          get.onsuccess = () => {
            idb.close();
            resolve((get.result as { value?: unknown } | undefined)?.value ?? null);
          };
          get.onerror = () => {
            idb.close();
            resolve(null);
          };
        };
      }),
    key,
  );
}

describe(`live push over ${BROKER}`, () => {
  let server: E2eServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ pushTransport: pushTransportFromEnv() });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows A's unread badge within 3 s of B adding A's card", async () => {
    const a = await registerViaApi(server);
    const created = await postJson<MyCard>(
      server,
      '/api/card/create',
      {
        name: 'Alice Live',
        english_name: '',
        photo: '',
        photo_back: '',
        profile: '',
        is_open: 0,
        extension: emptyExtension(),
      },
      a.token,
    );
    expect(created.status).toBe(200);
    const shareStr = created.body.data.share_str;
    const b = await registerViaApi(server);

    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, a.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /^mqtt-/.test(m.text())) errors.push(m.text());
    });
    await page.goto('/userHome');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.syncRole)).toBe('leader');

    // The live connection is up and subscribed, and the pulls it started are done.
    await expect
      .poll(async () => ((await readMeta(page, 'liveState')) as { connected?: boolean } | null)?.connected, {
        timeout: 10_000,
      })
      .toBe(true);
    await expect
      .poll(async () => {
        const state = (await readMeta(page, 'syncState')) as { syncing?: boolean; lastSyncAt?: number } | null;
        return Boolean(state && !state.syncing && (state.lastSyncAt ?? 0) > 0);
      })
      .toBe(true);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    expect(await page.locator('.topbar .badge').count()).toBe(0);

    const added = await postJson(server, '/api/friend/add', { content: [shareStr] }, b.token);
    expect(added.status).toBe(200);

    // Well inside the 30 s periodic pull: only the push can have woken the pull this fast.
    await page.locator('.topbar .badge').waitFor({ timeout: 3_000 });
    expect(await page.locator('.topbar .badge').textContent()).toBe('1');
    expect(await bell.getAttribute('aria-label')).toMatch(/1 unread/);
    expect(errors).toEqual([]);
  });
});
