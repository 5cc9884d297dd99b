import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSessionCookie, postJson } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';
import { userWithCard } from './support/share-seed';

/**
 * Navigation of a signed-in user: the bottom tab bar (home, card holder, scan card, cloud cards,
 * my card) marks where they are and hides under a card overlay (SPEC §2); the language is changed
 * from the side panel while signed in, and Thai text is drawn with a Thai font, not boxes.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-navigation';

describe('navigation', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    const me = await userWithCard(server, 'Mia Ng');
    const friend = await userWithCard(server, 'Fred Ho');
    await postJson(server, '/api/friend/add', { content: [friend.shareStr] }, me.token);
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });
    await addSessionCookie(context, server, me.token);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('moves between the tabs, marks the current one, and hides under the card overlay', async () => {
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.getByRole('link', { name: 'Home' }).waitFor({ timeout: 20_000 });
    expect(await tabs.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Card holder',
      'Scan card',
      'Cloud cards',
      'My card',
    ]);
    expect(await tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

    await tabs.getByRole('link', { name: 'Card holder' }).click();
    await page.waitForURL('**/friendsList');
    expect(await tabs.getByRole('link', { name: 'Card holder' }).getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: `${SHOTS}/tabs.png` });

    await page.getByTestId('friend-list').getByRole('button', { name: 'Fred Ho' }).click({ timeout: 20_000 });
    await page.getByRole('dialog', { name: 'Business card details' }).waitFor();
    await tabs.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await tabs.waitFor({ state: 'visible' });

    await tabs.getByRole('link', { name: 'My card' }).click();
    await page.waitForURL('**/card/info');
  });

  it('changes the language from the side panel while signed in', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
    const panel = page.getByRole('navigation', { name: 'Account' });
    await panel.getByRole('button', { name: /^Language/ }).click();
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await page.getByRole('dialog', { name: 'Choose a language' }).getByRole('button', { name: 'ไทย' }).click();
    // A success message, then the page reloads in Thai (SPEC §2).
    await page.getByText('เปลี่ยนภาษาแล้ว').waitFor();
    await reloaded;
    const tabs = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await tabs.waitFor({ timeout: 15_000 });
    expect(await tabs.getByRole('link').first().textContent()).toBe('หน้าแรก');
    // Drawn with the Thai font the app ships (not missing-glyph boxes).
    await expect.poll(() => page.evaluate(() => document.fonts.check('12px "Cardbook Thai"', 'หน้าแรก'))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/thai.png` });
  });
});
