import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '../../src/api';
import { type ApiUser, addSessionCookie, postJson } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPhoneContext } from './support/browser';
import { openInApp } from './support/navigate';
import { type E2eServer, startServer } from './support/server';
import { seedSharedCard } from './support/share-seed';

/**
 * axe-core on every route of SPEC §2 at 390×844, signed out and signed in (with a card, a
 * friend, a group and a cloud card, so lists are not empty), and on the overlays: no violation
 * of serious or critical impact.
 */
const SIGNED_OUT = [
  '/',
  '/login',
  '/loginCode',
  '/register',
  '/registerMail',
  '/resetPassword',
  '/resetPasswordEmail',
  '/resetPasswordFromMobile',
  '/site',
  '/about',
  '/tutorial',
  '/noFoundCard',
  '/policy/privacy',
  '/no-such-page',
];
const SIGNED_IN = [
  '/',
  '/userHome',
  '/myProfile',
  '/editMyProfile',
  '/friendsList',
  '/search',
  '/search/public',
  '/friendsCategory',
  '/card/create',
  '/card/info',
  '/myQrCode',
  '/scanqrcode',
  '/cardLdentify',
  '/resetPwd',
  '/exclusiveCard',
  '/suggestions',
  '/accountManagement',
  '/loginMethod',
  '/loginMethod/addEmail',
  '/loginMethod/addMobile',
  '/information/info',
  '/information/edit',
  '/cloud/list',
  '/cloud/create',
  '/cloud/search',
  '/cloud/category/list',
  '/ex/ABC123',
  '/oauth/confirm/web/key',
];

describe('accessibility (axe-core)', () => {
  let server: E2eServer;
  let browser: Browser;
  let shareStr: string;
  let member: ApiUser;

  beforeAll(async () => {
    server = await startServer();
    const seeded = await seedSharedCard(server);
    shareStr = seeded.card.share_str;
    member = seeded.owner;
    const other = await seedSharedCard(server);
    const added = await postJson(server, '/api/friend/add', { content: [other.card.share_str] }, member.token);
    if (added.status !== 200) throw new Error(`friend/add: ${JSON.stringify(added.body)}`);
    const group = await postJson<Group>(server, '/api/group/add', { group_name: 'Clients' }, member.token);
    if (group.status !== 200) throw new Error(`group/add: ${JSON.stringify(group.body)}`);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function check(page: Page, path: string, found: string[]): Promise<void> {
    await openInApp(page, path);
    await page.locator('main:not([aria-busy="true"])').first().waitFor();
    for (const line of await seriousViolations(page)) found.push(`${path}: ${line}`);
  }

  for (const lang of ['en', 'hk'] as const) {
    it(`signed out (${lang}): every route`, async () => {
      const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
      try {
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        const page = await context.newPage();
        const found: string[] = [];
        for (const path of [...SIGNED_OUT, `/s/${shareStr}`]) await check(page, path, found);
        // The signed-out menu and the language sheet.
        await page.goto('/');
        await page.getByRole('banner').locator('button').last().click();
        await page.getByRole('menu').waitFor();
        for (const line of await seriousViolations(page)) found.push(`menu: ${line}`);
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`error messages (${lang}): readable against their background`, async () => {
      // Routes are checked as they open, with no error on show: a wrong sign-in shows the form's
      // error box and the fields' errors, whose red must still reach 4.5:1 (it was 4.41:1).
      const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
      try {
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        const page = await context.newPage();
        await page.goto('/login');
        const form = page.locator('main form');
        await form.locator('button[type="submit"]').click();
        await expect.poll(() => form.locator('.field-error').count()).toBeGreaterThan(0);
        await form.locator('input:not([type="password"])').first().fill('nobody@example.com');
        await form.locator('input[type="password"]').fill('not-the-password');
        await form.locator('button[type="submit"]').click();
        await form.locator('.form-error').waitFor();
        const found = await seriousViolations(page);
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`signed in (${lang}): every route and the overlays`, async () => {
      const context: BrowserContext = await newPhoneContext(browser, server.url, { locale: 'en-US' });
      try {
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        await addSessionCookie(context, server, member.token);
        const page = await context.newPage();
        const found: string[] = [];
        for (const path of SIGNED_IN) await check(page, path, found);

        // The friend card overlay, the side panel, the notification drawer.
        await page.goto('/friendsList');
        await page.getByTestId('friend-item').first().click();
        await page.locator('[data-overlay]').waitFor();
        for (const line of await seriousViolations(page)) found.push(`friend overlay: ${line}`);
        await page.keyboard.press('Escape');
        const banner = page.getByRole('banner');
        await banner.locator('button').last().click();
        await page.locator('.side-panel-right').waitFor();
        for (const line of await seriousViolations(page)) found.push(`side panel: ${line}`);
        await page.keyboard.press('Escape');
        await banner.locator('button').first().click();
        await page.locator('.side-panel-left').waitFor();
        for (const line of await seriousViolations(page)) found.push(`drawer: ${line}`);
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
