import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addSessionCookie, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { syncedSince } from './support/idb';
import { type E2eServer, startServer } from './support/server';

describe('app shell', () => {
  let server: E2eServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const context = async (options: Parameters<typeof newPhoneContext>[2] = {}) => {
    const c = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow', ...options });
    contexts.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const role = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.dataset.syncRole);

  it('runs no sync worker for a visitor', async () => {
    const page = await (await context()).newPage();
    await page.goto('/');
    await page.getByRole('banner').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await role(page)).toBeUndefined();
  });

  it('runs one sync worker per browser, and hands the role over when its tab closes', async () => {
    const c = await context();
    const user = await registerViaApi(server);
    await addSessionCookie(c, server, user.token);
    const first = await c.newPage();
    await first.goto('/');
    await expect.poll(() => role(first), { timeout: 10_000 }).toBe('leader');
    const second = await c.newPage();
    await second.goto('/');
    await expect.poll(() => role(second), { timeout: 10_000 }).toBe('follower');
    expect(await role(first)).toBe('leader');
    await first.close();
    await expect.poll(() => role(second), { timeout: 10_000 }).toBe('leader');
  });

  it('starts the sync worker again when its script could not load (the network went away as the app opened)', async () => {
    // The service worker is blocked: the worker's script comes from the network, which fails once.
    const c = await context({ serviceWorkers: 'block' });
    const user = await registerViaApi(server);
    await addSessionCookie(c, server, user.token);
    let requests = 0;
    await c.route(/\/assets\/sync\.worker-[^/]+\.js$/, (route) => {
      requests += 1;
      return requests === 1 ? route.abort('internetdisconnected') : route.continue();
    });
    const page = await c.newPage();
    await page.goto('/');
    await expect.poll(() => role(page), { timeout: 30_000 }).toBe('leader');
    expect(requests).toBe(2);
    await syncedSince(page, 0);
  });

  it('shows the 404 page for an unknown path', async () => {
    const c = await context({ locale: 'en-US' });
    await c.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await c.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it('switches to English from the language sheet and keeps it after reloading', async () => {
    const c = await context();
    const page = await c.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: '一張名片，連繫所有人' }).waitFor();
    await page.getByRole('button', { name: '帳戶' }).click();
    await page.getByRole('menuitem', { name: '語言' }).click();
    await page.getByRole('dialog', { name: '選擇語言' }).getByRole('button', { name: 'English' }).click();
    await page.getByText('Language changed').waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'en', undefined, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'One card to connect with everyone' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'One card to connect with everyone' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect((await c.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en');
  });

  it('offers the update when version.json changes', async () => {
    const c = await context({ locale: 'en-US' });
    await c.addInitScript(() => {
      localStorage.setItem('lang', 'en');
      localStorage.setItem('cardbook:versionCheck', 'always');
    });
    const page = await c.newPage();
    const checks = { pending: 0, answered: 0 };
    const isCheck = (request: Request) => new URL(request.url()).pathname === '/version.json';
    page.on('request', (request) => {
      if (isCheck(request)) checks.pending += 1;
    });
    const done = (request: Request) => {
      if (!isCheck(request)) return;
      checks.pending -= 1;
      checks.answered += 1;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.goto('/');
    await page.getByRole('heading', { name: 'One card to connect with everyone' }).waitFor();
    await page.getByRole('link', { name: 'I have an account' }).click();
    await page.waitForURL('**/login');
    // The checks made so far (at start and on this navigation) must be answered before the version
    // changes, or a late answer (a busy machine) names the new one and opens the dialog too early.
    await expect.poll(() => checks.answered).toBeGreaterThanOrEqual(2);
    await expect.poll(() => checks.pending).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await server.setVersionFile('9.9.9');
    await page.getByRole('link', { name: 'Cardbook' }).click();
    await page.getByRole('dialog', { name: 'New Version detected' }).waitFor();
    await page.getByRole('dialog').getByText('Click OK to automatically update the webpage').waitFor();
    // A modal: focus starts on OK, and Tab and Shift+Tab keep it among the dialog's buttons.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toBe('OK');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('OK');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('OK');
  });
});
