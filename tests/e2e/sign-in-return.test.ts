import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/session/session-cookie';
import { newEmail } from '../server/helper';
import { type ApiUser, addSessionCookie } from './support/api';
import { newPhoneContext } from './support/browser';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * Issue 23 item 20: signing in comes back to where the user was going. A visitor opening a
 * signed-in route is sent to sign in (the signed-in layout route's beforeLoad) and, signed in by
 * password or by signing up, lands on that route. Only paths of the app are return targets.
 * A signed-in user opening /login or /register sees who is signed in, with Continue and Switch
 * account; switching signs in as the other account.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-sign-in-return';

const TEXT = {
  en: {
    locale: 'en-US',
    email: 'Email address',
    password: 'Password',
    logIn: 'Log in',
    signedIn: (who: string) => `You are signed in as ${who}.`,
    continue: 'Continue',
    switch: 'Switch account',
  },
  hk: {
    locale: 'zh-TW',
    email: '電郵地址',
    password: '密碼',
    logIn: '登入',
    signedIn: (who: string) => `你已以 ${who} 的身份登入。`,
    continue: '繼續',
    switch: '切換帳戶',
  },
} as const;
type Lang = keyof typeof TEXT;

describe('signing in returns to where the user was going', () => {
  const s = serverAndBrowser();

  async function phone(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newPhoneContext(s.browser, s.server.url, { locale: TEXT[lang].locale });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    return { context, page: await context.newPage() };
  }

  async function logIn(page: Page, lang: Lang, user: ApiUser): Promise<void> {
    await page.getByLabel(TEXT[lang].email).fill(user.email);
    await page.getByLabel(TEXT[lang].password, { exact: true }).fill(user.password);
    await page.getByRole('button', { name: TEXT[lang].logIn, exact: true }).click();
  }

  for (const [lang, route] of [
    ['en', '/friendsList'],
    ['hk', '/cloud/list'],
    ['en', '/cloud/category/list'],
  ] as const) {
    it(`a visitor opening ${route} signs in and lands there (${lang})`, async () => {
      const user = await userWithCard(s.server, 'Rory Return');
      const { context, page } = await phone(lang);
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(route);
      await logIn(page, lang, user);
      await page.waitForURL((url) => url.pathname === route, { timeout: 20_000 });
      await context.close();
    });
  }

  it('a session ended in another tab sends an open signed-in screen to sign in, and back', async () => {
    const user = await userWithCard(s.server, 'Tess Tabs');
    const { context, page } = await phone('en');
    await addSessionCookie(context, s.server, user.token);
    await page.goto('/accountManagement');
    await page.getByTestId('account-name').waitFor();
    const other = await context.newPage();
    await other.goto('/logout');
    await other.waitForURL((url) => url.pathname !== '/logout');
    // This tab's screen was open the whole time; its layout sees the session end.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/accountManagement');
    await logIn(page, 'en', user);
    await page.waitForURL((url) => url.pathname === '/accountManagement', { timeout: 20_000 });
    await page.getByTestId('account-name').waitFor();
    await context.close();
  });

  it('a visitor who signs up instead lands where they were going too', async () => {
    const { context, page } = await phone('en');
    await page.goto('/friendsCategory');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'No account yet? Register' }).click();
    await page.getByRole('link', { name: 'Use email instead' }).click();
    await page.waitForURL((url) => url.pathname === '/registerMail');
    const email = newEmail();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Resend in/ }).waitFor();
    await page.getByLabel('Verification code').fill(s.server.sender.lastCode(email) ?? '');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm password').fill('secret-pass');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/friendsCategory', { timeout: 20_000 });
    await context.close();
  });

  for (const target of [
    '//evil.example/steal',
    'https://evil.example/steal',
    '/\\evil.example',
    'javascript:alert(1)',
  ]) {
    it(`never leaves the app after sign-in (redirect=${target})`, async () => {
      const user = await userWithCard(s.server, 'Ivy Origin');
      const { context, page } = await phone('en');
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await logIn(page, 'en', user);
      await page.waitForURL((url) => url.pathname === '/userHome', { timeout: 20_000 });
      expect(new URL(page.url()).origin).toBe(s.server.url);
      await context.close();
    });
  }

  for (const lang of ['hk', 'en'] as const) {
    it(`a signed-in user opening /login or /register sees who is signed in, continues or switches (${lang})`, async () => {
      const me = await userWithCard(s.server, lang === 'hk' ? '何美美' : 'Mia Ho');
      const other = await userWithCard(s.server, lang === 'hk' ? '張志強' : 'Oscar Chan');
      const { context, page } = await phone(lang);
      await addSessionCookie(context, s.server, me.token);
      const text = TEXT[lang];
      // Called by their name, or by how they sign in while their profile has none (item 22).
      const literal = (value: string) => value.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const named = (name: string) =>
        new RegExp(`^(${literal(text.signedIn(name))}|${literal(text.signedIn(me.email))})$`);
      const myName = lang === 'hk' ? '何美美' : 'Mia Ho';

      await page.goto('/register');
      await page.getByText(named(myName)).waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/register-signed-in-${lang}.png` });
      await page.getByRole('button', { name: text.continue, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/userHome');

      // Sent to /login by a signed-in route of another tab's making: Continue goes on there.
      await page.goto('/login?redirect=%2FfriendsList');
      await page.getByText(named(myName)).waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/login-signed-in-${lang}.png` });
      await page.getByRole('button', { name: text.continue, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/friendsList');

      await page.goto('/login');
      await page.getByRole('button', { name: text.switch, exact: true }).click();
      await logIn(page, lang, other);
      await page.waitForURL((url) => url.pathname === '/userHome', { timeout: 20_000 });
      // This phone is now signed in as the other account.
      const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)?.value ?? '';
      expect(decodeURIComponent(session).split('.')[0]).toBe(String(other.id));
      await context.close();
    });
  }
});
