import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamIdp, type UpstreamIdp } from '../server/upstream-idp';
import { LoginMethodsPages } from './pages/login-methods';
import { LoginScreen, ProviderBindings, ProviderSignInPage, SetPasswordPages } from './pages/third-party';
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

  it('signs up with Google, asks for a password, and sets one', async () => {
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    const login = new LoginScreen(page);
    await login.open();
    // Only the configured provider is offered.
    await expect.poll(() => login.continueWith('Google').count()).toBe(1);
    expect(await login.continueWith('Facebook').count()).toBe(0);
    await login.startWith('Google');
    await new ProviderSignInPage(page, idp.issuer).signIn('newcomer');

    await page.waitForURL(/\/userHome$/);
    const password = new SetPasswordPages(page);
    await password.promptText.waitFor();
    await password.setNow();
    await password.setPassword('chosen-pass');
    await password.done.waitFor();

    const logins = new LoginMethodsPages(page);
    await new ProviderBindings(page).open();
    await logins.list.getByText('newcomer@idp.test').waitFor();
    await logins.list.getByText('Set', { exact: true }).waitFor();
    await context.close();
  });

  it('binds Google to an email account, and unbinds it', async () => {
    const user = await registerViaApi(server);
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    const page = await context.newPage();
    const bindings = new ProviderBindings(page);
    await bindings.open();
    await bindings.add('Google');
    await new ProviderSignInPage(page, idp.issuer).signIn('binder');

    await page.waitForURL(/\/loginMethod$/);
    await bindings.added('Google').waitFor();
    const logins = new LoginMethodsPages(page);
    await logins.methods.filter({ hasText: 'binder@idp.test' }).waitFor();
    expect(await logins.methods.count()).toBe(2);

    await logins.remove('binder@idp.test');
    await expect.poll(() => logins.methods.count()).toBe(1);
    await bindings.addButton('Google').waitFor();
    await context.close();
  });
});
