import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CloudGroup, LoginPayload } from '../../src/api';
import { type ApiUser, addSessionCookie, postJson } from './support/api';
import { newPhoneContext } from './support/browser';
import { openInApp } from './support/navigate';
import { seedSharedCard, userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * Issue 23 items 15, 16, 17: layout at phone widths, signed in with realistic data (a card with
 * photos, company blocks, friends, notifications, cloud cards in groups), in Traditional Chinese
 * and English.
 *  - No screen scrolls sideways at 320, 390 or 430 px: every route of SPEC §2 (placeholders for
 *    params), and the avatar crop dialog open.
 *  - /cloud/category/list: group names have width, the card count stays on one line, Delete is
 *    wholly on screen.
 *  - Sheets sit above the tab bar: a real tap at the centre of the share sheet's Cancel closes it
 *    and stays on the page (it used to land on the tab under it and open the scanner).
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-layout';
const WIDTHS = [320, 390, 430] as const;
const HEIGHT = 844;

/** Every route of SPEC §2 with placeholders for its params; /logout last (it ends the session). */
function routes(shareKey: string): string[] {
  return [
    '/',
    '/login',
    '/loginCode',
    '/register',
    '/registerMail',
    '/resetPassword',
    '/resetPasswordEmail',
    '/resetPasswordFromMobile',
    '/resetPwd',
    '/userHome',
    '/friendsList',
    '/search',
    '/search/public',
    '/friendsCategory',
    '/card/create',
    '/card/identify/front/cardCreate/0',
    '/card/info',
    '/exclusiveCard',
    '/bindExclusiveCard/ABCDEFGHJK?c=abcdefghijklmnop',
    '/bindExclusiveCard/ABCDEFGHJK',
    '/myQrCode',
    '/scanqrcode',
    '/cardLdentify',
    '/site',
    '/about',
    '/tutorial',
    '/suggestions',
    '/accountManagement',
    '/myProfile',
    '/editMyProfile',
    '/loginMethod',
    '/loginMethod/addEmail',
    '/loginMethod/addMobile',
    `/s/${shareKey}`,
    '/ex/ABC123',
    '/exchange',
    '/dominHandle',
    '/information/info',
    '/information/edit',
    '/policy/privacy',
    '/noFoundCard',
    '/cloud/list',
    '/cloud/create',
    '/cloud/search',
    '/cloud/category/list',
    '/oauth/confirm/web/crm?uid=placeholder',
    '/oauth/confirm/web/crm',
    '/auth/google/callback?state=placeholder&code=placeholder',
    '/no/such/page',
    '/logout',
  ];
}

const TEXT = {
  en: {
    locale: 'en-US',
    crop: 'Crop your photo',
    share: 'Share',
    sheet: 'Share my card',
    cancel: 'Cancel',
    del: 'Delete',
  },
  hk: { locale: 'zh-TW', crop: '裁剪頭像', share: '分享', sheet: '分享我的名片', cancel: '取消', del: '刪除' },
} as const;
type Lang = keyof typeof TEXT;

/**
 * How far the page can scroll sideways (0 when it cannot). A route that moves on by itself (a
 * callback, /logout) is measured where it lands.
 */
async function sideways(page: Page): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth - root.clientWidth;
      });
    } catch (error) {
      if (attempt >= 3 || !/Execution context was destroyed/.test(String(error))) throw error;
      await page.waitForLoadState();
      await settled(page);
    }
  }
}

async function settled(page: Page): Promise<void> {
  // A screen waiting on the camera (/card/identify/…) shows its spinner for as long as it waits:
  // it is taken as it is then.
  await page
    .locator('main:not([aria-busy="true"])')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => page.locator('#root *').first().waitFor());
}

/** The element's box lies wholly inside the viewport's width and height. */
async function wholyOnScreen(locator: Locator, page: Page): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
}

describe('layout at phone widths', () => {
  const s = serverAndBrowser();
  let owner: ApiUser;
  let shareKey: string;

  beforeAll(async () => {
    const seeded = await seedSharedCard(s.server);
    owner = seeded.owner;
    shareKey = seeded.card.share_str;
    // Friends both ways: my card holder has cards, and their adds are my notifications.
    for (const name of ['Ophelia Worthington-Smythe', '歐陽志明']) {
      const friend = await userWithCard(s.server, name);
      await postJson(s.server, '/api/friend/add', { content: [friend.shareStr] }, owner.token);
      await postJson(s.server, '/api/friend/add', { content: [shareKey] }, friend.token);
    }
    const groups: CloudGroup[] = [];
    for (const name of ['Trade fair clients, Autumn 2026', '物流供應商']) {
      const res = await postJson<CloudGroup>(s.server, '/api/ocr/group/add', { name }, owner.token);
      groups.push(res.body.data);
    }
    const cards = [
      ['Bartholomew Fitzgerald-Hutchinson', 'International Logistics Consolidated Holdings Ltd'],
      ['陳大文', '大文貿易有限公司'],
      ['Alice Wong', 'Acme Trading'],
    ];
    for (const [i, [name, company]] of cards.entries()) {
      const extension = [
        { key: 'name', value: name },
        { key: 'company', value: company },
        { key: 'email', value: `person${i}@a-rather-long-company-domain.example` },
      ];
      const group_id = groups[i % groups.length]?.id ?? '';
      const res = await postJson(s.server, '/api/ocr/add', { extension, group_id }, owner.token);
      if (res.status !== 200) throw new Error(`ocr/add: ${JSON.stringify(res.body)}`);
    }
  });

  /** A phone signed in as the seeded owner with a session of its own (/logout ends only that one). */
  async function signedIn(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
    const login = await postJson<LoginPayload>(s.server, '/api/login', {
      email: owner.email,
      password: owner.password,
    });
    const context = await newPhoneContext(s.browser, s.server.url, { locale: TEXT[lang].locale });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await addSessionCookie(context, s.server, login.body.data.token);
    return { context, page: await context.newPage() };
  }

  for (const lang of ['en', 'hk'] as const) {
    it(`no route scrolls sideways at ${WIDTHS.join(', ')} px (${lang})`, { timeout: 300_000 }, async () => {
      const { context, page } = await signedIn(lang);
      const wide: string[] = [];
      for (const route of routes(shareKey)) {
        await page.setViewportSize({ width: WIDTHS[1], height: HEIGHT });
        await openInApp(page, route);
        await settled(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          const extra = await sideways(page);
          if (extra > 0) {
            wide.push(`${route} at ${width}px: ${extra}px`);
            await page.screenshot({ path: `${SHOTS}/wide-${lang}-${width}${route.replaceAll(/[/?=&]/g, '_')}.png` });
          }
        }
      }
      expect(wide).toEqual([]);
      await context.close();
    });

    it(`the avatar crop dialog fits the screen with its buttons (${lang})`, async () => {
      const { context, page } = await signedIn(lang);
      const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#be123c' } })
        .png()
        .toBuffer();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await page.goto('/editMyProfile');
        await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
        const dialog = page.getByRole('dialog', { name: TEXT[lang].crop });
        await dialog.waitFor();
        expect(await sideways(page), `sideways at ${width}px`).toBe(0);
        const box = await dialog.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `dialog within ${width}px`).toBe(true);
        for (const button of await dialog.getByRole('button').all()) {
          const b = await button.boundingBox();
          expect(b && b.x >= 0 && b.x + b.width <= width, `${await button.textContent()} at ${width}px`).toBe(true);
        }
        await page.screenshot({ path: `${SHOTS}/crop-${lang}-${width}.png` });
      }
      await context.close();
    });

    it(`lays out the cloud groups: names with width, counts on one line, Delete on screen (${lang})`, async () => {
      const { context, page } = await signedIn(lang);
      for (const width of [320, 390] as const) {
        await page.setViewportSize({ width, height: HEIGHT });
        await page.goto('/cloud/category/list');
        const rows = page.getByTestId('cloud-group-row');
        await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
        for (const row of await rows.all()) {
          const name = row.locator('.group-row-name strong');
          const count = row.locator('.group-row-name small');
          expect((await name.boundingBox())?.width ?? 0, `name width at ${width}px`).toBeGreaterThan(40);
          // One line: as tall as one line of its text.
          const lines = await count.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          });
          expect(lines, `count lines at ${width}px`).toBe(1);
          const del = row.getByRole('button', { name: TEXT[lang].del, exact: true });
          expect(await wholyOnScreen(del, page), `Delete on screen at ${width}px`).toBe(true);
        }
        await page.screenshot({ path: `${SHOTS}/cloud-groups-${lang}-${width}.png` });
      }
      await context.close();
    });

    it(`the share sheet's Cancel, tapped where it is seen, closes the sheet (${lang})`, async () => {
      const { context, page } = await signedIn(lang);
      await page.goto('/myQrCode');
      await page.getByTestId('qr-code').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: TEXT[lang].share, exact: true }).click();
      const sheet = page.getByRole('dialog', { name: TEXT[lang].sheet });
      await sheet.waitFor();
      await page.screenshot({ path: `${SHOTS}/share-sheet-${lang}.png` });
      const cancel = sheet.getByRole('button', { name: TEXT[lang].cancel, exact: true });
      const box = await cancel.boundingBox();
      if (!box) throw new Error('Cancel has no box');
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      // What a finger at Cancel's centre would touch is Cancel itself, not the tab bar.
      expect(
        await page.evaluate(
          ([px, py]) => document.elementFromPoint(px ?? 0, py ?? 0)?.closest('button')?.className ?? '',
          [x, y],
        ),
      ).toContain('sheet-cancel');
      await page.mouse.click(x, y);
      await sheet.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/myQrCode');
      await context.close();
    });
  }
});
