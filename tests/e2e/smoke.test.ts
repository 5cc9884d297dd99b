import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';

describe('the built app on the real server, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    context = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow' });
  });
  afterEach(async () => {
    await context.close();
  });

  it('opens / with the app rendered and no uncaught error', async () => {
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe('Cardbook');
    await page.locator('#root > *').first().waitFor();
    expect((await page.locator('#root').innerText()).trim()).not.toBe('');
    expect(errors).toEqual([]);
  });

  it('answers the API from the page: get_time and a 404 envelope', async () => {
    const page = await context.newPage();
    await page.goto('/');
    const answers = await page.evaluate(async () => {
      const get = async (path: string) => {
        const res = await fetch(path);
        return { status: res.status, body: await res.json() };
      };
      return { time: await get('/api/get_time'), missing: await get('/api/no_such_route') };
    });
    expect(answers.time.status).toBe(200);
    expect(answers.time.body.code).toBe(200);
    expect(Math.abs(answers.time.body.data.time - Date.now())).toBeLessThan(60_000);
    expect(answers.missing.status).toBe(404);
    expect(answers.missing.body).toMatchObject({ code: 404, data: null });
    expect(answers.missing.body.msg).toEqual(expect.any(String));
  });

  it('serves a deep link as the app and announces the deployed version', async () => {
    const page = await context.newPage();
    const res = await page.goto('/some/deep/link');
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe('Cardbook');
    server.setVersionFile('9.9.9');
    const version = await page.evaluate(async () => (await fetch('/version.json')).json());
    expect(version).toEqual({ version: '9.9.9' });
  });
});
