import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtension } from '../../server/services/cards';
import type { MyCard } from '../../src/api';
import { addSessionCookie, postJson, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { serverAndBrowser } from './support/suite';

/**
 * Recognizing my own card never overwrites what I wrote (issue 23, item 24), at 390×844 in
 * English and Traditional Chinese: my card says "Alice Whitfield" with one website; the paper
 * card's photo reads another name and another website. The editor keeps mine, fills only the
 * empty e-mail list, and offers the rest to use one by one.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots/wt-data';

const TEXT = {
  en: { name: 'Name', use: (v: string) => `Use ${v}`, dismiss: (v: string) => `Dismiss ${v}` },
  hk: { name: '姓名', use: (v: string) => `加入 ${v}`, dismiss: (v: string) => `略過 ${v}` },
} as const;

const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960">
  <rect width="1280" height="960" fill="#445"/>
  <rect x="190" y="230" width="900" height="540" rx="16" fill="#fdfdfb"/>
  <text x="250" y="360" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#111">Alice Whitfeld</text>
  <text x="250" y="430" font-family="DejaVu Sans, sans-serif" font-size="38" fill="#333">Whitfeld Trading Ltd</text>
  <text x="250" y="620" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#222">alice@whitfeld.example</text>
  <text x="250" y="680" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#222">www.whitfeld-trading.com</text>
</svg>`;

describe('recognizing my own card', () => {
  const { server, browser } = serverAndBrowser();
  let dir = '';
  let photo = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardbook-identify-'));
    photo = join(dir, 'card.jpg');
    writeFileSync(photo, await sharp(Buffer.from(PHOTO)).jpeg({ quality: 90 }).toBuffer());
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const lang of ['en', 'hk'] as const) {
    it(`keeps what I wrote, fills what is empty and offers the rest one by one (${lang})`, async () => {
      const text = TEXT[lang];
      const user = await registerViaApi(server);
      const extension = emptyExtension();
      extension.website.push({ key: 'company', content: 'whitfield.example.com' });
      const saved = await postJson<MyCard>(
        server,
        '/api/card/create',
        { name: 'Alice Whitfield', english_name: '', photo: '', photo_back: '', profile: '', is_open: 0, extension },
        user.token,
      );
      expect(saved.status).toBe(200);
      const context = await newPhoneContext(browser, server.url, { locale: lang === 'en' ? 'en-US' : 'zh-HK' });
      try {
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        await addSessionCookie(context, server, user.token);
        const page = await context.newPage();
        // My card is on the device before recognizing.
        await page.goto('/card/info');
        await page.getByText('Alice Whitfield').first().waitFor({ timeout: 20_000 });
        await page.goto('/card/identify/front/%2Fcard%2Fcreate/0');
        await page.getByTestId('identify-file').setInputFiles(photo);
        await page.waitForURL((url) => url.pathname === '/card/create', { timeout: 90_000 });

        const suggestions = page.getByTestId('scan-suggestions');
        await suggestions.waitFor({ timeout: 20_000 });
        expect(await page.getByLabel(text.name, { exact: true }).inputValue()).toBe('Alice Whitfield');
        const websites = page.locator('section[data-list="website"]').getByRole('textbox');
        expect(await websites.count()).toBe(1);
        expect(await websites.first().inputValue()).toBe('whitfield.example.com');
        // The empty e-mail list is filled from the photo.
        expect(await page.locator('section[data-list="email"]').getByRole('textbox').count()).toBe(1);
        const offered = await suggestions.locator('.scan-suggestion-value').allTextContents();
        expect(offered).toContain('Alice Whitfeld');
        const site = offered.find((v) => v.includes('whitfeld-trading'));
        expect(site).toBeDefined();
        await page.screenshot({ path: `${SHOTS}/card-identify-suggestions-${lang}.png`, fullPage: true });

        // One by one: the website used, the misread name dismissed.
        await page.getByRole('button', { name: text.use(site ?? '') }).click();
        await expect.poll(() => websites.count()).toBe(2);
        expect(await websites.nth(1).inputValue()).toBe(site);
        await page.getByRole('button', { name: text.dismiss('Alice Whitfeld') }).click();
        expect(await page.getByRole('button', { name: text.use('Alice Whitfeld') }).count()).toBe(0);
        expect(await page.getByLabel(text.name, { exact: true }).inputValue()).toBe('Alice Whitfield');
      } finally {
        await context.close();
      }
    });
  }
});
