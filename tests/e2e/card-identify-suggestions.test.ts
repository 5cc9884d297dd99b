import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtension } from '../../server/services/cards';
import type { MyCard } from '../../src/api';
import { CardPages } from './pages/card';
import { CardIdentifyPage } from './pages/card-identify';
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
        const card = new CardPages(page, lang);
        // My card is on the device before recognizing.
        await card.openInfo();
        await page.getByText('Alice Whitfield').first().waitFor({ timeout: 20_000 });
        const identify = new CardIdentifyPage(page);
        await identify.open('front', '/card/create');
        await identify.recognize(photo, '/card/create');

        await card.suggestions.waitFor({ timeout: 20_000 });
        expect(await card.name.inputValue()).toBe('Alice Whitfield');
        const websites = card.entries('website');
        expect(await websites.count()).toBe(1);
        expect(await websites.first().inputValue()).toBe('whitfield.example.com');
        // The empty e-mail list is filled from the photo.
        expect(await card.entries('email').count()).toBe(1);
        const offered = await card.offered();
        expect(offered).toContain('Alice Whitfeld');
        const site = offered.find((v) => v.includes('whitfeld-trading'));
        expect(site).toBeDefined();
        await page.screenshot({ path: `${SHOTS}/card-identify-suggestions-${lang}.png`, fullPage: true });

        // One by one: the website used, the misread name dismissed.
        await card.acceptSuggestion(site ?? '');
        await expect.poll(() => websites.count()).toBe(2);
        expect(await websites.nth(1).inputValue()).toBe(site);
        await card.dismissSuggestion('Alice Whitfeld');
        expect(await card.acceptButton('Alice Whitfeld').count()).toBe(0);
        expect(await card.name.inputValue()).toBe('Alice Whitfield');
      } finally {
        await context.close();
      }
    });
  }
});
