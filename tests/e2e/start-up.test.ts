import { describe, expect, it } from 'vitest';
import { type ApiUser, addSessionCookie, postJson, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { readMeta } from './support/idb';
import { serverAndBrowser } from './support/suite';

/**
 * A first visit with a session cookie and nothing in IndexedDB (site data cleared, or signed in
 * by another tab of an old version): the app paints at once on the cookie's account and asks the
 * server about the token behind the first screen (src/session/session.ts adoptToken). A live
 * token gives the account its data; a revoked one signs the visitor out, with nothing kept.
 */
describe('start-up with a session cookie and nothing local', () => {
  const { server, browser } = serverAndBrowser();

  /** A fresh phone in English holding the user's session cookie and nothing else. */
  async function phoneWithCookie(user: ApiUser) {
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    return context;
  }

  it('opens a signed-in screen on a live token, with the account behind it', async () => {
    const user = await registerViaApi(server);
    const context = await phoneWithCookie(user);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Account' }).click();
      await page.waitForURL('**/accountManagement');
      await page.getByRole('region', { name: 'Signed in as' }).waitFor();
      await expect
        .poll(async () => (await readMeta(page, 'session')) as { userId?: number } | null)
        .toMatchObject({
          userId: user.id,
        });
    } finally {
      await context.close();
    }
  });

  it('signs out a revoked token and keeps nothing of it', async () => {
    const user = await registerViaApi(server);
    const context = await phoneWithCookie(user);
    try {
      expect((await postJson(server, '/api/logout', {}, user.token)).status).toBe(200);
      const page = await context.newPage();
      await page.goto('/');
      // The visitor's home: the app found out behind the first paint that the token is gone.
      await page.getByRole('link', { name: 'Get started' }).waitFor();
      expect((await context.cookies()).some((c) => c.name === 'session')).toBe(false);
      await expect.poll(() => readMeta(page, 'session')).toBeNull();
    } finally {
      await context.close();
    }
  });
});
