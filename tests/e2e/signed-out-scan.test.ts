import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudCardOverlay } from './pages/cloud';
import { ScanQueuePage } from './pages/cloud-scan';
import { LoginScreen } from './pages/third-party';
import { registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { serverAndBrowser } from './support/suite';

/**
 * Scans made signed out are never lost (issue 23, item 14), at 390×844 in English and
 * Traditional Chinese: signed out, /cloud/create says the cards stay on this phone until a
 * sign-in; a card saved there (its photo staged) and a shot not yet saved move into the account
 * that signs in next, the saved card reaching /cloud/list and the server exactly once.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots/wt-data';

function cardSvg(name: string, email: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960">
  <rect width="1280" height="960" fill="#556"/>
  <rect x="190" y="230" width="900" height="540" rx="16" fill="#fdfdfb"/>
  <text x="250" y="360" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#111">${name}</text>
  <text x="250" y="430" font-family="DejaVu Sans, sans-serif" font-size="38" fill="#333">Harbour Logistics</text>
  <text x="250" y="620" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#222">Tel +852 6234 5678</text>
  <text x="250" y="680" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#222">${email}</text>
</svg>`;
}

/** Counts rows of a store in the database this page opened. */
function countIn(page: Page, store: string): Promise<number> {
  return page.evaluate(async (name) => {
    const open = indexedDB.open(document.documentElement.dataset.db ?? 'cardbook');
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const n = await new Promise<number>((resolve) => {
      const req = idb.transaction(name).objectStore(name).count();
      req.onsuccess = () => resolve(req.result);
    });
    idb.close();
    return n;
  }, store);
}

describe('scans made signed out', () => {
  const { server, browser } = serverAndBrowser();
  let dir = '';
  const photos: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardbook-signed-out-'));
    for (const [i, [name, email]] of [
      ['Bob Lee', 'bob@harbour.example'],
      ['Eddie Lam', 'eddie@harbour.example'],
    ].entries()) {
      const path = join(dir, `card-${i}.jpg`);
      writeFileSync(
        path,
        await sharp(Buffer.from(cardSvg(name ?? '', email ?? '')))
          .jpeg({ quality: 90 })
          .toBuffer(),
      );
      photos.push(path);
    }
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const lang of ['en', 'hk'] as const) {
    it(`keeps them on the phone and saves them into the account that signs in next, once (${lang})`, async () => {
      const user = await registerViaApi(server);
      const context = await newPhoneContext(browser, server.url, { locale: lang === 'en' ? 'en-US' : 'zh-HK' });
      try {
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        const page = await context.newPage();
        const scan = new ScanQueuePage(page, lang);
        await scan.open();
        await scan.signedOutNote.waitFor({ timeout: 20_000 });
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.db)).toBe('cardbook');

        // Two shots; the first one saved (its photo staged), the second left to review.
        await scan.addPhotos(photos);
        await scan.review();
        const items = scan.items;
        await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(2);
        await expect.poll(() => scan.itemStates(), { timeout: 90_000 }).toEqual(['ready', 'ready']);
        await scan.save(items.last());
        await scan.savedOnPhone.waitFor();
        await page.screenshot({ path: `${SHOTS}/signed-out-scan-${lang}.png` });
        expect(await countIn(page, 'outbox')).toBe(1);
        expect(await countIn(page, 'uploads')).toBe(1);
        expect(await countIn(page, 'scans')).toBe(1);

        // Sign in: the account takes them in.
        const login = new LoginScreen(page, lang);
        await login.open();
        await login.logIn(user.email, user.password);
        await page.waitForURL(/\/userHome$/, { timeout: 20_000 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.dataset.db), { timeout: 20_000 })
          .toBe(`cardbook-u${user.id}`);

        const cloud = new CloudCardOverlay(page, lang);
        await cloud.openList();
        await cloud.item('Bob Lee').waitFor({ timeout: 20_000 });
        const onServer = () =>
          server.app.services.db.query<{ n: number; photos: number }>(
            `select count(*)::int as n, count(nullif(photo, ''))::int as photos
             from cloud_cards where user_id = $1 and deleted_at is null`,
            [user.id],
          );
        await expect.poll(async () => (await onServer())[0], { timeout: 30_000 }).toEqual({ n: 1, photos: 1 });
        await expect.poll(() => countIn(page, 'outbox'), { timeout: 30_000 }).toBe(0);
        await page.screenshot({ path: `${SHOTS}/signed-out-scan-list-${lang}.png` });

        // The shot not yet saved waits in this account's review queue.
        await scan.open();
        await scan.review();
        await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(1);
        expect(await scan.signedOutNote.count()).toBe(0);

        // Once: a reload and a new sign-in move nothing again.
        await page.reload();
        await scan.reviewTab.waitFor({ timeout: 20_000 });
        expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(
          'cardbook',
        );
        expect((await onServer())[0]).toEqual({ n: 1, photos: 1 });
      } finally {
        await context.close();
      }
    });
  }
});
