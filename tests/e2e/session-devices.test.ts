import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LoginPayload } from '../../src/api';
import { AccountPage, LoginPage } from './pages/account';
import { addSessionCookie, type Envelope, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { serverAndBrowser } from './support/suite';

/**
 * Signed-in devices (issue 23, item 27): each session shows its browser and platform, and where it
 * was signed in from, roughly (the time zone's city, the masked address), so I can tell them apart.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-session-devices';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';

describe('signed-in devices', () => {
  const { server, browser } = serverAndBrowser();

  it('shows this browser signed in on the login page, and a phone signed in elsewhere (en)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const user = await registerViaApi(server);
    // A phone in Taipei signed in too.
    await fetch(new URL('/api/login', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': PIXEL, 'time-zone': 'Asia/Taipei' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US', timezoneId: 'Asia/Hong_Kong' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(user.email, user.password);
    await page.waitForURL(/\/userHome$/);

    const account = new AccountPage(page);
    await account.open();
    await expect.poll(() => account.sessions.count()).toBe(3);
    const mine = account.session('This device');
    expect(await mine.innerText()).toMatch(/Chrome \d+ on Linux/);
    expect(await mine.innerText()).toContain('Near Hong Kong · IP 127.0.0.* · password · This device');
    const phone = account.session('Near Taipei');
    expect(await phone.innerText()).toContain('Chrome 126 on Android 14');
    // The session the account was made with (from a script) says what it knows: nothing of a browser.
    expect(await account.session('Unknown device').count()).toBe(1);
    await mine.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/devices-en.png` });
    await context.close();
  });

  it('says the same in Traditional Chinese (hk)', async () => {
    const user = await registerViaApi(server);
    const res = await fetch(new URL('/api/login', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': PIXEL, 'time-zone': 'Asia/Hong_Kong' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const phone = ((await res.json()) as Envelope<LoginPayload>).data;
    const context = await newPhoneContext(browser, server.url);
    await addSessionCookie(context, server, phone.token);
    const page = await context.newPage();
    const account = new AccountPage(page);
    await account.open();
    await expect.poll(() => account.sessions.count()).toBe(2);
    const mine = account.session('此裝置');
    expect(await mine.innerText()).toContain('Android 14 上的 Chrome 126');
    expect(await mine.innerText()).toContain('Hong Kong 附近 · IP 127.0.0.* · 密碼 · 此裝置');
    expect(await account.session('未知裝置').count()).toBe(1);
    // Nothing runs off the 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await mine.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/devices-hk.png` });
    await context.close();
  });
});
