import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const results = () => page.getByTestId('public-results').locator('.friend-title').allTextContents();

  it('finds a public card by name and company, and not a private one', async () => {
    await page.goto('/search');
    await page.getByRole('navigation', { name: 'Search in' }).getByRole('link', { name: 'Public cards' }).click();
    await page.waitForURL('**/search/public');
    const box = page.getByRole('searchbox', { name: 'Search names, companies, positions or industries' });
    await box.fill('Nimbus');
    await expect.poll(results, { timeout: 15_000 }).toEqual(['Zed Public']);
    await box.fill('zed');
    await expect.poll(results).toEqual(['Zed Public']);
    await box.fill('Zed Private');
    await page.getByText('No public cards match.').waitFor();
    await box.fill('Zed');
    await expect.poll(results).toEqual(['Zed Public']);
    await page.screenshot({ path: `${SHOTS}/public-search.png` });
  });

  it('opens a result and adds it: told it was added, and in my card holder at once', async () => {
    await page
      .getByTestId('public-results')
      .getByRole('button', { name: /^Zed Public/ })
      .click();
    const overlay = page.getByRole('dialog', { name: 'Business card details' });
    expect(await overlay.getByTestId('shared-name').textContent()).toBe('Zed Public');
    await overlay.getByRole('button', { name: 'Add friend' }).click();
    await page.getByText('Added to your card holder').waitFor({ timeout: 15_000 });
    // Kept: the overlay is now my friend entry, with its remark and groups.
    await overlay.getByLabel('Remark').waitFor({ timeout: 15_000 });
    await overlay.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('public-results').getByText('In your card holder').waitFor();
    expect(await page.getByRole('button', { name: 'Add Zed Public as a friend' }).count()).toBe(0);
  });

  it('offers no Add friend on my own card', async () => {
    await page.goto(`/s/${c.shareStr}`);
    await page.getByTestId('shared-mine').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('shared-mine').textContent()).toContain('This is your card.');
    expect(await page.getByRole('button', { name: 'Add friend' }).count()).toBe(0);
  });
});
