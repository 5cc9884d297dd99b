import { describe, expect, it } from 'vitest';
import type { LoginPayload } from '../../src/api';
import { newEmail } from '../server/helper';
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

    // From my profile to my login methods: the mobile number only, which cannot be removed.
    await page.goto('/myProfile');
    await page.getByRole('link', { name: 'Login methods' }).click();
    const methods = page.getByTestId('login-method');
    await expect.poll(() => methods.count()).toBe(1);
    const shownMobile = `+852 ${mobile.slice(0, 4)} ${mobile.slice(4)}`;
    expect(await methods.first().innerText()).toContain(shownMobile);
    expect(await page.getByRole('button', { name: `Remove ${shownMobile}` }).isDisabled()).toBe(true);
    await page.getByText('This is your only way to sign in, so it cannot be removed.').waitFor();

    // Add an email: a wrong code first, then the one sent.
    const email = newEmail();
    await page.getByRole('link', { name: '+ Add an email' }).click();
    await page.waitForURL(/\/loginMethod\/addEmail$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => server.sender.lastCode(email)).toMatch(/^\d{6}$/);
    const code = server.sender.lastCode(email) ?? '';
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The verification code is wrong or has expired' }).waitFor();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL(/\/loginMethod$/);
    await expect.poll(() => methods.count()).toBe(2);
    expect(await page.getByTestId('login-methods').innerText()).toContain(email);

    // Remove the mobile number, after a confirm; the email is then the only one left.
    await page.getByRole('button', { name: `Remove ${shownMobile}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => methods.count()).toBe(1);
    expect(await methods.first().innerText()).toContain(email);
    expect(await page.getByRole('button', { name: `Remove ${email}` }).isDisabled()).toBe(true);

    // Offline, the screen says so instead of offering changes.
    await context.setOffline(true);
    await page.getByText('Seeing and changing your login methods needs a connection.').waitFor();
    await context.setOffline(false);

    // Sign out, and sign in with the email and the account's password.
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/userHome$/);

    // Delete the account: the password again and a confirm; signed out, nothing kept on the device.
    await page.goto('/accountManagement');
    const deletion = page.locator('section', { has: page.getByRole('heading', { name: 'Delete account' }) });
    await deletion.getByLabel('Password').fill('secret-pass');
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
      .not.toContain(`cardbook-u${registered.body.data.id}`);
    const again = await postJson(server, '/api/login', { email, password: 'secret-pass' });
    expect(again.status).toBe(400);
    await context.close();
  });
});
