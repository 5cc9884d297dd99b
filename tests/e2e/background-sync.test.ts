import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_SYNC_TAG } from '../../src/lib/background-sync-tags';
import { CloudScanPage } from './pages/cloud-scan';
import { type ApiUser, addSessionCookie, postJson } from './support/api';
import { appOrigin, newPhoneContext } from './support/browser';
import { appDatabase, syncedSince } from './support/idb';
import { controlledByServiceWorker } from './support/service-worker';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * Background sync (issue 24), in Chromium at 390×844: changes and a scanned card made with no
 * network are sent by the service worker once the network is back, with every page of the app
 * closed; the server holds each exactly once (the photo too), also when the service worker is
 * killed in the middle of the send, and each account's changes go with its own token. Opened
 * again offline, the app says what was sent while it was closed and has nothing waiting.
 *
 * The `sync` event is fired through the DevTools protocol (ServiceWorker.dispatchSyncEvent), as
 * Chromium fires it when the network returns; that needs a page target, an about:blank page.
 * Offline cuts the context's relay too (newPhoneContext's `cutWhenOffline`): Chromium may fire
 * `sync` on its own when a change is queued, and the service worker it wakes can send before
 * Playwright's emulation reaches it.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-background-sync';

const TEXT = {
  en: { sent: (n: number) => `Sent while the app was closed: ${n} changes` },
  hk: { sent: (n: number) => `應用程式關閉期間已送出 ${n} 項更改` },
} as const;
type Lang = keyof typeof TEXT;

const cardSvg = (name: string, email: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960">
  <rect width="1280" height="960" fill="#4b5563"/>
  <rect x="190" y="230" width="900" height="540" rx="16" fill="#fdfdfb"/>
  <text x="250" y="360" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#111">${name}</text>
  <text x="250" y="430" font-family="DejaVu Sans, sans-serif" font-size="38" fill="#333">Harbour Logistics Ltd</text>
  <text x="250" y="620" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#222">Tel +852 6234 5678</text>
  <text x="250" y="680" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#222">${email}</text>
</svg>`;

/** The service worker's registration, seen through the DevTools protocol of a blank page. */
async function serviceWorkerControl(context: BrowserContext, origin: string) {
  const blank = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(blank);
  const registrations = new Map<string, string>();
  const status = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.registrationId, r.scopeURL);
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) status.set(v.versionId, v.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => [...registrations.values()].some((scope) => scope.startsWith(origin))).toBe(true);
  const registrationId = [...registrations].find(([, scope]) => scope.startsWith(origin))?.[0] ?? '';
  return {
    /** Fires `sync` for the outbox tag, as the browser does when the network returns. */
    fireSync: () =>
      cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: OUTBOX_SYNC_TAG, lastChance: false }),
    /** Kills the service worker (as the browser may at any moment) and waits until it has stopped. */
    async kill(): Promise<void> {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await expect.poll(() => [...status.values()].every((s) => s === 'stopped')).toBe(true);
    },
    close: () => blank.close(),
  };
}

describe('background sync', () => {
  const { server, browser } = serverAndBrowser();
  let dir = '';
  let photo = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardbook-background-sync-'));
    photo = join(dir, 'card.jpg');
    writeFileSync(
      photo,
      await sharp(Buffer.from(cardSvg('Bob Lee', 'bob@harbour.example')))
        .jpeg()
        .toBuffer(),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A phone signed in, in English, its service worker in control and its first sync done. */
  async function phone(user: ApiUser): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      locale: 'en-US',
      cutWhenOffline: true,
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    const page = await context.newPage();
    await page.goto('/userHome');
    await controlledByServiceWorker(page);
    await syncedSince(page, 0);
    return { context, page };
  }

  /**
   * Offline: renames me, adds a friend group and (unless `scan` is false) scans a paper card
   * (recognized on the phone) into the cloud.
   */
  async function changesOffline(context: BrowserContext, page: Page, name: string, { scan: withScan = true } = {}) {
    // Scanning offline needs the recognizer's files, fetched while online.
    const scan = new CloudScanPage(page);
    if (withScan) {
      await page.goto('/cloud/create');
      await scan.waitUntilPrepared();
    }
    await page.goto('/friendsCategory');
    await page.goto('/editMyProfile');

    await context.setOffline(true);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    // Queued changes, read from IndexedDB: on two cores shared with another file's browser (and
    // the recognizer's files just cached) a write can wait well past expect.poll's ten seconds.
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(1);

    await page.goto('/friendsCategory');
    await page.getByPlaceholder('New group').fill('Trade fair');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(2);
    if (!withScan) return;

    await scan.open();
    await scan.addPhotos([photo]);
    await scan.review();
    await expect.poll(() => scan.statuses(), { timeout: 60_000 }).toEqual(['Recognized']);
    await scan.saveAll.click();
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(3);
  }

  /** Changes waiting in this page's account database. */
  const pending = async (page: Page) =>
    page.evaluate(
      (name) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const idb = open.result;
            const tx = idb.transaction('outbox');
            const count = tx.objectStore('outbox').count();
            tx.oncomplete = () => resolve(count.result);
            tx.onerror = () => reject(tx.error);
            tx.addEventListener('complete', () => idb.close());
            tx.addEventListener('error', () => idb.close());
          };
        }),
      await appDatabase(page),
    );

  const db = () => server.app.services.db;
  const fullName = async (user: ApiUser) =>
    (await db().query<{ full_name: string }>('select full_name from users where id = $1', [user.id]))[0]?.full_name;
  const serverState = async (user: ApiUser) => ({
    name: await fullName(user),
    groups: (
      await db().query<{ n: number }>(
        `select count(*)::int as n from friend_groups where user_id = $1 and name = 'Trade fair' and deleted_at is null`,
        [user.id],
      )
    )[0]?.n,
    cloudCards: (
      await db().query<{ photo: string }>('select photo from cloud_cards where user_id = $1 and deleted_at is null', [
        user.id,
      ])
    ).map((c) => c.photo),
    photos: (
      await db().query<{ n: number }>(
        "select count(*)::int as n from uploads where purpose = 'cloud' and user_id = $1",
        [user.id],
      )
    )[0]?.n,
  });

  /** Opens the app again with no network: the notice, and nothing waiting. */
  async function reopenOffline(context: BrowserContext, lang: Lang, count: number, shot: string): Promise<void> {
    await context.setOffline(true);
    // Init scripts run in order: this one's language is the page's.
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    await page.goto('/userHome');
    await page.getByText(TEXT[lang].sent(count)).waitFor({ timeout: 20_000 });
    expect(await pending(page)).toBe(0);
    expect(await page.getByTestId('sync-pending').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/${shot}.png` });
    await page.close();
  }

  // The whole path once, in English; in Chinese, the notice (the scan's path is the same in any language).
  for (const [lang, withScan] of [
    ['en', true],
    ['hk', false],
  ] as const) {
    it(`sends changes${withScan ? ' and a scan' : ''} made offline with the app closed, each once, and says so on the next opening (${lang})`, async () => {
      const user = await userWithCard(server, 'Olive Offline');
      const { context, page } = await phone(user);
      try {
        await changesOffline(context, page, 'Olive Basement', { scan: withScan });
        await page.close();
        expect(context.pages()).toHaveLength(0);

        await context.setOffline(false);
        const sw = await serviceWorkerControl(context, appOrigin(context));
        await sw.fireSync();
        const photos = withScan ? 1 : 0;
        await expect
          .poll(() => serverState(user), { timeout: 30_000 })
          .toMatchObject({ name: 'Olive Basement', groups: 1, photos });
        const state = await serverState(user);
        expect(state.cloudCards).toHaveLength(photos);
        if (withScan) expect(state.cloudCards[0]).toMatch(/^\/blobs\//);
        // Fired again (the browser may): nothing is sent twice.
        await sw.fireSync();
        await sw.close();
        expect(context.pages()).toHaveLength(0);

        await reopenOffline(context, lang, withScan ? 3 : 2, `sent-while-closed-${lang}`);
        expect(await serverState(user)).toEqual(state);
      } finally {
        await context.close();
      }
    });
  }

  it('sends each change once when the service worker is killed in the middle of the send', async () => {
    const user = await userWithCard(server, 'Kim Killed');
    const { context, page } = await phone(user);
    try {
      await changesOffline(context, page, 'Kim Resent');
      await page.close();

      // The first push reaches the server, which applies it; the worker dies before the answer.
      const sw = await serviceWorkerControl(context, appOrigin(context));
      let pushes = 0;
      let killed: () => void = () => undefined;
      const dead = new Promise<void>((resolve) => {
        killed = resolve;
      });
      await context.route('**/api/sync/push', async (route) => {
        pushes += 1;
        if (pushes > 1) return route.continue();
        await route.fetch();
        await sw.kill();
        // The request died with its worker: nothing waits for this answer.
        void route.abort().catch(() => undefined);
        killed();
      });
      await context.setOffline(false);
      await sw.fireSync();
      await dead;
      expect(await serverState(user)).toMatchObject({ name: 'Kim Resent', groups: 1 });

      // Fired again: the same changes go again, and the server applies none of them twice.
      await sw.fireSync();
      await expect.poll(() => pushes, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const opened = await context.newPage();
      await opened.goto('/userHome');
      await expect.poll(() => pending(opened), { timeout: 30_000 }).toBe(0);
      await opened.close();
      await sw.close();
      const state = await serverState(user);
      expect(state).toMatchObject({ name: 'Kim Resent', groups: 1, photos: 1 });
      expect(state.cloudCards).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("sends two accounts' changes, each with its own token only", async () => {
    const personal = await userWithCard(server, 'Pat Personal');
    const company = await userWithCard(server, 'Cody Company');
    const linked = await postJson(
      server,
      '/api/user/associate',
      { email: company.email, password: company.password, current_password: personal.password },
      personal.token,
    );
    expect(linked.status).toBe(200);
    const { context, page } = await phone(personal);
    try {
      // Changes cannot reach the server (for the page's worker and the service worker alike).
      await context.route('**/api/sync/push', (route) => route.abort());
      await page.goto('/editMyProfile');
      await page.getByLabel('Name', { exact: true }).fill('Pat Renamed');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => pending(page)).toBe(1);

      await page.goto('/accountManagement');
      await page.getByRole('button', { name: `Switch to ${company.email}` }).click();
      await page.waitForURL(/\/userHome$/);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.db)).toBe(`cardbook-u${company.id}`);
      await page.goto('/editMyProfile');
      await page.getByLabel('Name', { exact: true }).fill('Cody Renamed');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => pending(page)).toBe(1);
      await page.close();

      await context.unroute('**/api/sync/push');
      const sw = await serviceWorkerControl(context, appOrigin(context));
      await sw.fireSync();
      await expect.poll(() => fullName(personal), { timeout: 30_000 }).toBe('Pat Renamed');
      await expect.poll(() => fullName(company), { timeout: 30_000 }).toBe('Cody Renamed');
      await sw.close();
    } finally {
      await context.close();
    }
  });
});
