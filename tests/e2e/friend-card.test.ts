import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddedFriends, FriendList } from '../../src/api';
import { FriendsPages } from './pages/friends';
import { type ApiUser, addSessionCookie, type Envelope, postJson } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';
import { controlledByServiceWorker } from './support/service-worker';
import { seedSharedCard, userWithCard } from './support/share-seed';

/**
 * The friend's card is the whole card (SPEC §2 card-detail overlay), offline: B keeps A's card
 * (both photos, an entry of every kind, promotional blocks with an image) and D's (no phone;
 * D later removed B's card). B opens A's card once online; then, with the network cut and the
 * app reloaded, A's card opens whole from the list and from the notification drawer, its
 * contact file is made on the device, A's share link shows the kept card, and D's card says the
 * other party has been deleted and refuses the contact file for want of a phone number.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-friend-card';

async function addFriend(server: E2eServer, user: ApiUser, shareStr: string): Promise<void> {
  const res = await postJson<AddedFriends>(server, '/api/friend/add', { content: [shareStr] }, user.token);
  if (res.status !== 200) throw new Error(`friend/add: ${JSON.stringify(res.body)}`);
}

/** Every section of the seeded card, each entry with its action (SPEC §2 "Card detail lists"). */
async function expectWholeCard(overlay: Locator): Promise<void> {
  expect(await overlay.getByTestId('shared-name').textContent()).toBe('陳大文');
  expect(await overlay.getByTestId('shared-english-name').textContent()).toBe('Chan Tai Man');
  const photos = overlay.getByTestId('card-photos');
  await photos.getByRole('button', { name: 'Show back' }).click();
  await expect.poll(() => photos.getAttribute('data-side')).toBe('back');
  // Both faces are drawn (from the network, or offline from what the device kept).
  await expect
    .poll(() =>
      photos.locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0).join()),
    )
    .toBe('true,true');

  const details = overlay.getByTestId('card-details');
  const sections = await details
    .locator('[data-section]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-section')));
  expect(sections).toEqual(['profile', 'industry', 'company', 'address', 'tel', 'email', 'website', 'other', 'social']);
  const action = (name: string) => details.getByRole('link', { name }).getAttribute('href');
  expect(await action('Call +852 9123 4567')).toBe('tel:+85291234567');
  expect(await action('Call 2345 6789')).toBe('tel:23456789');
  expect(await action('Email taiman@acme.example')).toBe('mailto:taiman@acme.example');
  expect(await action("Find 1 Queen's Road Central, Hong Kong on the map")).toContain('google.com/maps');
  expect(await action('Open https://acme.example')).toBe('https://acme.example');
  expect(await action('Open 85291234567 in WhatsApp')).toBe('https://wa.me/85291234567');

  const promo = overlay.getByRole('region', { name: /^Promotional/ });
  await promo.getByRole('heading', { name: 'About Acme' }).waitFor({ timeout: 15_000 });
  expect(await promo.textContent()).toContain('We move goods across Asia.');
  await expect
    .poll(() =>
      promo
        .locator('img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
}

describe('the friend card overlay', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let friends: FriendsPages;
  let shareStr: string;

  beforeAll(async () => {
    server = await startServer();
    const seeded = await seedSharedCard(server);
    shareStr = seeded.card.share_str;
    const b = await userWithCard(server, 'Bob Lee');
    const d = await userWithCard(server, 'Dora Ip');
    // E keeps B's card, B does not keep E's: E's notification opens E's card with 'Add friend'.
    const e = await userWithCard(server, 'Eve Ho');
    await addFriend(server, e, b.shareStr);
    await addFriend(server, b, shareStr);
    await addFriend(server, b, d.shareStr);
    // A adds B back: B's drawer gets "陳大文 added your card", which opens A's card.
    await addFriend(server, seeded.owner, b.shareStr);
    // D keeps B's card, then deletes it: B's entry for D turns to status 20.
    await addFriend(server, d, b.shareStr);
    const list = await fetch(new URL('/api/friend/list/1', server.url), { headers: { token: d.token } });
    const entry = ((await list.json()) as Envelope<FriendList>).data.friend_list[0];
    if (!entry) throw new Error('D holds no card');
    await fetch(new URL(`/api/friend/delFriend/${entry.accept_id}`, server.url), { headers: { token: d.token } });

    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
      acceptDownloads: true,
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, b.token);
    page = await context.newPage();
    friends = new FriendsPages(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('shows the whole card online, with its promotional items', async () => {
    await page.goto('/friendsList');
    await friends.friend('陳大文').waitFor({ timeout: 20_000 });
    await controlledByServiceWorker(page);
    await friends.friend('陳大文').waitFor({ timeout: 20_000 });
    await friends.open('陳大文');
    await expectWholeCard(friends.overlay);
    // The name block is narrower when the import button shows (accept_id above 0).
    await friends.overlay.locator('.shared-head-narrow').getByRole('button', { name: 'Save to contacts' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/overlay-online.png`, fullPage: true });
    await friends.close();
  });

  it('opens from the drawer the card of someone who added mine, and adds it', async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const drawer = page.getByRole('complementary', { name: 'Notifications' });
    await drawer.getByRole('button', { name: /Eve Ho/ }).click();
    await friends.overlay.waitFor();
    expect(await friends.overlay.getByTestId('shared-name').textContent()).toBe('Eve Ho');
    await friends.overlay.getByRole('button', { name: 'Add friend' }).click();
    // Once the server's entry arrives the overlay is my friend entry: remark and groups.
    await friends.overlay.getByLabel('Remark').waitFor({ timeout: 15_000 });
    expect(await friends.overlay.getByRole('button', { name: 'Add friend' }).count()).toBe(0);
    await friends.close();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await friends.friend('Eve Ho').waitFor();
  });

  it('opens the same card offline from the list and from the drawer, and makes its contact file', async () => {
    await context.setOffline(true);
    await page.reload();
    await friends.friend('陳大文').waitFor({ timeout: 20_000 });

    await friends.open('陳大文');
    await expectWholeCard(friends.overlay);
    await page.screenshot({ path: `${SHOTS}/overlay-offline.png` });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      friends.overlay.getByRole('button', { name: 'Save to contacts' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('陳大文.vcf');
    const vcard = new ICAL.Component(ICAL.parse(await readFile(await download.path(), 'utf8')));
    expect(vcard.getFirstPropertyValue('fn')).toBe('陳大文');
    expect(
      vcard
        .getAllProperties('tel')
        .map((p) => String(p.getFirstValue()).replace(/\D/g, ''))
        .sort(),
    ).toEqual(['23456789', '85291234567']);
    expect(vcard.getFirstPropertyValue('title')).toBe('Sales Director');
    await friends.close();

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const drawer = page.getByRole('complementary', { name: 'Notifications' });
    await drawer.getByRole('button', { name: /陳大文/ }).click();
    await friends.overlay.waitFor();
    await expectWholeCard(friends.overlay);
    await friends.close();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('says when the other party deleted my card, and refuses a contact file with no phone number', async () => {
    await friends.open('Dora Ip');
    await friends.overlay.getByText('Other party has been deleted').waitFor();
    await friends.overlay.getByRole('button', { name: 'Save to contacts' }).click();
    await page.getByText('Export failed / No phone number has been added to this business card').waitFor();
    await friends.close();
  });

  it("opens a friend's share link offline from the card holder", async () => {
    await page.goto(`/s/${shareStr}`);
    await page.getByTestId('shared-name').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('shared-name').textContent()).toBe('陳大文');
    await page
      .getByRole('region', { name: /^Promotional/ })
      .getByRole('heading', { name: 'About Acme' })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/share-link-offline.png` });
    await context.setOffline(false);
  });
});
