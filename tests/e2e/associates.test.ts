import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AccountPage } from './pages/account';
import { ProfilePages } from './pages/profile';
import { addSessionCookie } from './support/api';
import { newPhoneContext } from './support/browser';
import { syncedSince } from './support/idb';
import type { E2eServer } from './support/server';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * Associated accounts (issue 15): link a company account to a personal one by signing in to it
 * once, switch to it and back. Each account keeps its own IndexedDB database and outbox: a
 * change the personal account queued while its sync could not reach the server stays in its own
 * outbox while the company account is in use, and is sent with the personal account's token
 * after switching back.
 */
type Rows = { outbox: number; card: string[] };

/** The outbox size and card names of one account's database, read from the page. */
function accountDb(page: Page, userId: number): Promise<Rows> {
  return page.evaluate(
    (name) =>
      new Promise<Rows>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const tx = idb.transaction(['outbox', 'card'], 'readonly');
          const outbox = tx.objectStore('outbox').count();
          const cards = tx.objectStore('card').getAll();
          tx.oncomplete = () => {
            idb.close();
            resolve({
              outbox: outbox.result,
              card: (cards.result as { name?: string }[]).map((c) => c.name ?? ''),
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    `cardbook-u${userId}`,
  );
}

async function serverName(server: E2eServer, token: string): Promise<string> {
  const res = await fetch(new URL('/api/user/getProfile', server.url), { headers: { token } });
  return ((await res.json()) as { data: { fullName: string } }).data.fullName;
}

describe('associated accounts', () => {
  const { server, browser } = serverAndBrowser();

  it('links an account, switches to it and back, each with its own database and outbox', async () => {
    const personal = await userWithCard(server, 'Pat Personal');
    const company = await userWithCard(server, 'Cody Company');
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, personal.token);
    const page = await context.newPage();
    const account = new AccountPage(page);

    // Link the company account by signing in to it once.
    await account.open();
    await account.noLinkedAccounts.waitFor();
    // This account proves it is its owner asking: its own password too (a stolen session cannot).
    await account.linkAccount({ email: company.email, password: company.password });
    await account.linkError('Enter the password of this account').waitFor();
    await account.linkAccount({ email: company.email, password: company.password, ownPassword: 'not-my-password' });
    await account.linkError('The password of the account you are signed in to is wrong').waitFor();
    await account.linkAccount({ email: company.email, password: 'wrong-password', ownPassword: personal.password });
    await account.linkError('Wrong account or password').waitFor();
    await account.linkAccount({ email: company.email, password: company.password, ownPassword: personal.password });
    await expect.poll(() => account.linkedAccounts.count()).toBe(1);
    expect(await account.linkedAccounts.innerText()).toContain(company.email);
    await expect.poll(async () => (await accountDb(page, personal.id)).card).toEqual(['Pat Personal']);

    // The personal account renames itself while its changes cannot reach the server.
    // The context's routes, which also hold for the sync worker each new page starts.
    let refused = 0;
    await context.route('**/api/sync/push', (route) => {
      refused += 1;
      return route.abort();
    });
    const profile = new ProfilePages(page);
    await profile.openEdit();
    await profile.fullName.fill('Pat Renamed');
    await profile.save.click();
    await expect.poll(async () => (await accountDb(page, personal.id)).outbox).toBe(1);
    // Its push was tried and refused (not still on its way when the page goes).
    await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(0);

    // Switch to the company account: its own database, nothing of the personal one's outbox.
    await account.open();
    await account.switchTo(company.email);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.db)).toBe(`cardbook-u${company.id}`);
    await expect.poll(async () => (await accountDb(page, company.id)).card).toEqual(['Cody Company']);
    expect((await accountDb(page, company.id)).outbox).toBe(0);
    expect(await accountDb(page, personal.id)).toEqual({ outbox: 1, card: ['Pat Personal'] });
    await context.unroute('**/api/sync/push');
    // The company account's sync has run to its end (and sent nothing of the personal account's).
    await syncedSince(page, 0);
    expect(await accountDb(page, personal.id)).toMatchObject({ outbox: 1 });
    // Not asserted: that the personal account's name is still empty on the server. A push its
    // sync worker began as the page went can leave unrouted (two CI runs saw it land, with its
    // own token); its outbox still holds the change (above), sent again on switching back.
    expect(await serverName(server, company.token)).toBe('');

    // And back: the personal account's change is sent, with its own token, exactly there.
    await account.open();
    await account.switchTo();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.db)).toBe(`cardbook-u${personal.id}`);
    await expect.poll(async () => (await accountDb(page, personal.id)).outbox, { timeout: 15_000 }).toBe(0);
    expect(await serverName(server, personal.token)).toBe('Pat Renamed');
    expect(await serverName(server, company.token)).toBe('');

    // This device's session came from the switch; the one the account was made with is another.
    await account.open();
    const { sessions } = account;
    await expect.poll(() => sessions.count()).toBe(2);
    await account.signOutEverywhereElse();
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await sessions.innerText()).toContain('This device');
    const old = await fetch(new URL('/api/user/getProfile', server.url), { headers: { token: personal.token } });
    expect(old.status).toBe(401);

    // Export all my data: a JSON file of this account's rows and vCards.
    const download = await account.exportData();
    expect(download.suggestedFilename()).toMatch(/^cardbook-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as {
      user_id: number;
      vcards: { my_card: string };
    };
    expect(exported.user_id).toBe(personal.id);
    expect(exported.vcards.my_card).toContain('FN:Pat Personal');
    await context.close();
  });
});
