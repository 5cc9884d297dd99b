import { describe, expect, it } from 'vitest';
import type { LoginPayload } from '../../src/api';
import { newEmail } from '../server/helper';
import { AccountPage, LoginPage } from './pages/account';
import { LoginMethodsPages } from './pages/login-methods';
import { addSessionCookie, postJson } from './support/api';
import { newPhoneContext } from './support/browser';
import { serverAndBrowser } from './support/suite';

/**
 * Login methods (issue 15): a mobile-registered account adds an email by code on
 * /loginMethod/addEmail, removes its mobile number (the last method cannot be removed), and then
 * signs in with the email.
 */
describe('login methods', () => {
  const { server, browser } = serverAndBrowser();

  it('adds an email to a mobile account by code, then signs in with it', async () => {
    const mobile = `912${String(Date.now() % 1e5).padStart(5, '0')}`;
    await postJson(server, '/api/sendVerifyCode', { area: 'hk', mobile, scene: 'register' });
    const registered = await postJson<LoginPayload>(server, '/api/register', {
      area: 'hk',
      mobile,
      password: 'secret-pass',
      code: server.sender.lastCode(`hk:${mobile}`),
    });
    expect(registered.status).toBe(200);
    const context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, registered.body.data.token);
    const page = await context.newPage();
    const logins = new LoginMethodsPages(page);

    // From my profile to my login methods: the mobile number only, which cannot be removed.
    await logins.openFromProfile();
    await expect.poll(() => logins.methods.count()).toBe(1);
    const shownMobile = `+852 ${mobile.slice(0, 4)} ${mobile.slice(4)}`;
    expect(await logins.methods.first().innerText()).toContain(shownMobile);
    expect(await logins.removeButton(shownMobile).isDisabled()).toBe(true);
    await logins.onlyOneHint.waitFor();

    // Add an email: a wrong code first, then the one sent.
    const email = newEmail();
    await logins.openAddEmail();
    await logins.sendCode(email);
    await expect.poll(() => server.sender.lastCode(email)).toMatch(/^\d{6}$/);
    const code = server.sender.lastCode(email) ?? '';
    await logins.enterCode(code === '000000' ? '111111' : '000000');
    await logins.alerts.filter({ hasText: 'The verification code is wrong or has expired' }).waitFor();
    await logins.enterCode(code);
    await page.waitForURL(/\/loginMethod$/);
    await expect.poll(() => logins.methods.count()).toBe(2);
    expect(await logins.list.innerText()).toContain(email);

    // Remove the mobile number, after a confirm; the email is then the only one left.
    await logins.remove(shownMobile);
    await expect.poll(() => logins.methods.count()).toBe(1);
    expect(await logins.methods.first().innerText()).toContain(email);
    expect(await logins.removeButton(email).isDisabled()).toBe(true);

    // Offline, the screen says so instead of offering changes.
    await context.setOffline(true);
    await logins.offlineNotice.waitFor();
    await context.setOffline(false);

    // Sign out, and sign in with the email and the account's password.
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(email, 'secret-pass');
    await page.waitForURL(/\/userHome$/);

    // Delete the account: the password again and a confirm; signed out, nothing kept on the device.
    const account = new AccountPage(page);
    await account.open();
    await account.deleteAccount('secret-pass');
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
      .not.toContain(`cardbook-u${registered.body.data.id}`);
    const again = await postJson(server, '/api/login', { email, password: 'secret-pass' });
    expect(again.status).toBe(400);
    await context.close();
  });
});
