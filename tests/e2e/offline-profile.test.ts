import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfilePages } from './pages/profile';
import { RegisterMailPage } from './pages/register-mail';
import { appOrigin, launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';
import { controlledByServiceWorker } from './support/service-worker';

/**
 * The offline promise end to end: a signed-in user's profile shows with no network (service
 * worker + IndexedDB), an edit made offline waits in the outbox, and reaches the server exactly
 * once when the network comes back.
 */
describe('profile offline', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('registers, edits, goes offline, edits again, and syncs once on reconnect', async () => {
    const page = await context.newPage();
    const email = `offline-${Date.now()}@example.com`;
    await new RegisterMailPage(page).register(email, 'secret-pass', () => server.sender.lastCode(email));

    const profile = new ProfilePages(page);
    await page.goto('/myProfile');
    await profile.editName('Chan Tai Man');
    await expect.poll(() => profile.details.textContent()).toContain('Chan Tai Man');
    await expect.poll(() => profile.pending.count(), { timeout: 15_000 }).toBe(0);
    // Wait for the service worker; a page that loaded while it was activating is controlled from the next load.
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => profile.details.textContent(), { timeout: 15_000 }).toContain('Chan Tai Man');

    await profile.editName('Chan Siu Ming');
    await expect.poll(() => profile.details.textContent()).toContain('Chan Siu Ming');
    await expect.poll(() => profile.pending.textContent()).toBe('Changes waiting to sync: 1');

    await context.setOffline(false);
    await expect.poll(() => profile.pending.count(), { timeout: 20_000 }).toBe(0);

    const db = server.app.services.db;
    const [user] = await db.query<{ id: number; full_name: string }>(
      'select id, full_name from users where email = $1',
      [email],
    );
    expect(user?.full_name).toBe('Chan Siu Ming');
    const applied = await db.query('select mutation_id from sync_mutations where user_id = $1', [user?.id]);
    expect(applied).toHaveLength(2); // the online edit and the offline edit, each applied once
  });

  it('stays signed in when the browser wiped its storage while offline, and rebuilds on reconnect', async () => {
    const page = await context.newPage();
    const email = `wiped-${Date.now()}@example.com`;
    await new RegisterMailPage(page).register(email, 'secret-pass', () => server.sender.lastCode(email));
    const profile = new ProfilePages(page);
    await page.goto('/myProfile');
    await profile.editName('Wong Ka Yan');
    // Synced: the server has it (no pending pill alone, which is also absent before it first shows).
    const serverName = async () =>
      (
        await server.app.services.db.query<{ full_name: string }>('select full_name from users where email = $1', [
          email,
        ])
      )[0]?.full_name;
    await expect.poll(serverName, { timeout: 15_000 }).toBe('Wong Ka Yan');
    await expect.poll(() => profile.pending.count(), { timeout: 15_000 }).toBe(0);
    await controlledByServiceWorker(page);

    // No signal, and the site's IndexedDB and local storage are gone (the cookie and the cached app stay).
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: appOrigin(context),
      storageTypes: 'indexeddb,local_storage',
    });
    await page.goto('/userHome');
    await expect.poll(() => page.getByTestId('user-name').count(), { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/userHome');

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('user-name').textContent(), { timeout: 20_000 }).toBe('Wong Ka Yan');
  });
});
