import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicSearchPage } from './pages/public-search';
import { SharedCardPage } from './pages/share';
import { type ApiUser, addSessionCookie } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';
import { userWithCard } from './support/share-seed';

/**
 * Public search (SPEC §1: cards can be public and searchable): C finds A's public card by name
 * and by company, never B's private one with the same company; opens it from the results and
 * adds it, which says it was added and turns into 'In your card holder' at once. C's own card
 * offers no 'Add friend'.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-public-search';

describe('public search', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let c: ApiUser & { shareStr: string };
  let search: PublicSearchPage;

  beforeAll(async () => {
    server = await startServer();
    await withCard('Zed Public', 1);
    await withCard('Zed Private', 0);
    c = await withCard('Cleo Chan', 0);
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, c.token);
    page = await context.newPage();
    search = new PublicSearchPage(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const withCard = (name: string, isOpen: 0 | 1) =>
    userWithCard(server, name, {
      is_open: isOpen,
      extension: { company: [{ key: 'company', name: 'Nimbus Logistics', department: '', position: 'Buyer' }] },
    });
  const results = () => search.resultNames();

  it('finds a public card by name and company, and not a private one', async () => {
    await search.openFromSearch();
    await search.search('Nimbus');
    await expect.poll(results, { timeout: 15_000 }).toEqual(['Zed Public']);
    await search.search('zed');
    await expect.poll(results).toEqual(['Zed Public']);
    await search.search('Zed Private');
    await search.noMatch.waitFor();
    await search.search('Zed');
    await expect.poll(results).toEqual(['Zed Public']);
    await page.screenshot({ path: `${SHOTS}/public-search.png` });
  });

  it('opens a result and adds it: told it was added, and in my card holder at once', async () => {
    await search.openResult('Zed Public');
    expect(await search.overlayName.textContent()).toBe('Zed Public');
    await search.addFromOverlay();
    await page.getByText('Added to your card holder').waitFor({ timeout: 15_000 });
    // Kept: the overlay is now my friend entry, with its remark and groups.
    await search.overlayRemark.waitFor({ timeout: 15_000 });
    await search.closeOverlay();
    await search.inHolder.waitFor();
    expect(await search.addAsFriendButton('Zed Public').count()).toBe(0);
  });

  it('offers no Add friend on my own card', async () => {
    const shared = new SharedCardPage(page);
    await shared.open(c.shareStr);
    const mine = page.getByTestId('shared-mine');
    await mine.waitFor({ timeout: 15_000 });
    expect(await mine.textContent()).toContain('This is your card.');
    expect(await shared.addFriendButton.count()).toBe(0);
  });
});
