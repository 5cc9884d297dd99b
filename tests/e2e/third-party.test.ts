import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamIdp, type UpstreamIdp } from '../server/upstream-idp';
import { addSessionCookie, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';

/**
 * Google sign-in and binding (issue 15) in Chromium, against a real OpenID Connect provider
 * started here (its development sign-in page takes any login): sign up with Google, get the SPEC
 * §4 set-password prompt and set one; bind Google to an email account and unbind it.
 */
describe('Google sign-in', () => {
  let idp: UpstreamIdp;
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    idp = await startUpstreamIdp();
    server = await startServer({ thirdParty: { google: idp.thirdParty.google } });
    idp.allow(server.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await idp?.close();
  });

  /** The provider's sign-in page: any login, any password. */
  async function signInAtProvider(page: Page, login: string) {
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  it('signs up with Google, asks for a password, and sets one', async () => {
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    await page.goto('/login');
    // Only the configured provider is offered.
    await expect.poll(() => page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Continue with Facebook' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, 'newcomer');

    await page.waitForURL(/\/userHome$/);
    const prompt = page.getByRole('dialog');
    await prompt.getByText('Your account has no password yet').waitFor();
    await prompt.getByRole('button', { name: 'Set now' }).click();
    await page.waitForURL(/\/resetPwd$/);
    await page.getByLabel('New password').fill('chosen-pass');
    await page.getByLabel('Confirm password').fill('chosen-pass');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Password changed').waitFor();

    await page.goto('/loginMethod');
    const methods = page.getByTestId('login-methods');
    await methods.getByText('newcomer@idp.test').waitFor();
    await methods.getByText('Set', { exact: true }).waitFor();
    await context.close();
  });

  it('binds Google to an email account, and unbinds it', async () => {
    const user = await registerViaApi(server);
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    const page = await context.newPage();
    await page.goto('/loginMethod');
    await page.getByRole('button', { name: '+ Add Google' }).click();
    await signInAtProvider(page, 'binder');

    await page.waitForURL(/\/loginMethod$/);
    await page.getByText('Google added').waitFor();
    const rows = page.getByTestId('login-method');
    await rows.filter({ hasText: 'binder@idp.test' }).waitFor();
    expect(await rows.count()).toBe(2);

    await page.getByRole('button', { name: 'Remove binder@idp.test' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: '+ Add Google' }).waitFor();
    await context.close();
  });
});
