import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSessionCookie } from './support/api';
import { newPhoneContext } from './support/browser';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * Issue 23 item 21: pages people land on from outside (an NFC card's link, an app asking for
 * consent, a Google or Facebook callback) say what went wrong in plain words and offer the way
 * forward, never a raw field error, an HTTP status, or a Retry that cannot work.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-landing-errors';

const TEXT = {
  en: {
    locale: 'en-US',
    bindIncomplete: 'This card link is incomplete, so the card cannot be checked.',
    oauthIncomplete: 'This request is incomplete, so it cannot go on.',
    thirdExpired: 'This sign-in has expired or was started in another browser; please start again',
    thirdIncomplete: 'This page was opened without an answer from the sign-in service',
    home: 'Back to home',
    retry: 'Retry',
    startAgain: 'Start again',
  },
  hk: {
    locale: 'zh-TW',
    bindIncomplete: '此卡連結不完整，無法檢查此卡。',
    oauthIncomplete: '此授權請求不完整，無法繼續。',
    thirdExpired: '登入已逾時或在另一個瀏覽器開始，請再試一次',
    thirdIncomplete: '此頁面沒有收到登入服務的回覆',
    home: '返回首頁',
    retry: '重試',
    startAgain: '重新登入',
  },
} as const;

/** Raw wording that must never reach these pages. */
const RAW = /field \w+ is not valid|Request error|\(400\)|\(404\)|status/i;

describe('landing pages explain failures in words', () => {
  const s = serverAndBrowser();

  async function phone(lang: keyof typeof TEXT, token?: string): Promise<Page> {
    const context = await newPhoneContext(s.browser, s.server.url, { locale: TEXT[lang].locale });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    if (token) await addSessionCookie(context, s.server, token);
    return context.newPage();
  }

  const bodyText = (page: Page) => page.locator('main').innerText();

  for (const lang of ['hk', 'en'] as const) {
    const text = TEXT[lang];

    it(`an NFC card link without its check code says so and offers home (${lang})`, async () => {
      const page = await phone(lang);
      await page.goto('/bindExclusiveCard/ABCDEFGHJK');
      await page.getByText(text.bindIncomplete).waitFor({ timeout: 15_000 });
      expect(await bodyText(page)).not.toMatch(RAW);
      expect(await page.getByRole('button', { name: text.retry }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/bind-incomplete-${lang}.png` });
      await page.getByRole('link', { name: text.home }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.context().close();
    });

    it(`a consent link without its request id says so, with no Retry (${lang})`, async () => {
      const user = await userWithCard(s.server, 'Connie Sent');
      const page = await phone(lang, user.token);
      await page.goto('/oauth/confirm/web/crm');
      await page.getByText(text.oauthIncomplete).waitFor({ timeout: 15_000 });
      expect(await bodyText(page)).not.toMatch(RAW);
      expect(await page.getByRole('button', { name: text.retry }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/oauth-incomplete-${lang}.png` });
      await page.getByRole('link', { name: text.home }).click();
      await page.waitForURL((url) => url.pathname === '/userHome');

      // A request the server no longer knows: said in words, and no Retry (it cannot work).
      await page.goto('/oauth/confirm/web/crm?uid=no-such-request');
      await page.getByRole('alert').waitFor({ timeout: 15_000 });
      expect(await bodyText(page)).not.toMatch(RAW);
      expect(await page.getByRole('button', { name: text.retry }).count()).toBe(0);
      await page.context().close();
    });

    it(`a third-party callback that fails says why and offers to start again (${lang})`, async () => {
      const page = await phone(lang);
      await page.goto('/auth/google/callback?state=forged-state&code=forged-code');
      await page.getByText(text.thirdExpired).waitFor({ timeout: 15_000 });
      expect(await bodyText(page)).not.toMatch(RAW);
      await page.screenshot({ path: `${SHOTS}/third-party-expired-${lang}.png` });

      await page.goto('/auth/google/callback');
      await page.getByText(new RegExp(`^${text.thirdIncomplete}`)).waitFor({ timeout: 15_000 });
      expect(await bodyText(page)).not.toMatch(RAW);
      expect(await page.getByRole('button', { name: text.retry }).count()).toBe(0);
      await page.getByRole('link', { name: text.startAgain }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.context().close();
    });
  }
});
