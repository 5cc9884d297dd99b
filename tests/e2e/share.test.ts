import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MyCard } from '../../src/api';
import { newEmail } from '../server/helper';
import { RegisterMailPage } from './pages/register-mail';
import { MyQrCodePage, SharedCardPage } from './pages/share';
import { type ApiUser, addSessionCookie, postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';
import { SHARED_CARD, seedSharedCard } from './support/share-seed';

/**
 * Sharing end to end (issue 5 acceptance): a card made through the API with both photos, an
 * entry of every kind and promotional blocks; a logged-out browser opens its share link and sees
 * all of it without creating the local database; the QR code on /myQrCode decodes to that link;
 * the vCard downloaded from the share page parses with ical.js and holds every field; a visitor's
 * "Add friend" queues the card for after registration.
 */

/** Decodes the QR code in a PNG with jsQR (pixels read by sharp). */
async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe('sharing a card', () => {
  let server: E2eServer;
  let browser: Browser;
  let owner: ApiUser;
  let card: MyCard;
  const contexts: BrowserContext[] = [];

  const newPage = async (session?: string): Promise<Page> => {
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US', acceptDownloads: true });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    if (session) await addSessionCookie(context, server, session);
    return context.newPage();
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ owner, card } = await seedSharedCard(server));
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a logged-out visitor the card, every kind of entry and the promotional blocks', async () => {
    const page = await newPage();
    const shared = new SharedCardPage(page);
    await shared.open(card.share_str);

    expect(await shared.name.textContent()).toBe('陳大文');
    expect(await shared.englishName.textContent()).toBe('Chan Tai Man');
    await expect.poll(() => shared.photos.locator('img').count()).toBe(2);
    await shared.photos.getByRole('button').waitFor();

    const details = await shared.details.textContent();
    for (const text of [
      'Twenty years in Hong Kong logistics.',
      'Logistics',
      'Acme Trading Ltd',
      'Sales Director',
      "1 Queen's Road Central, Hong Kong",
      '+852 9123 4567',
      '2345 6789',
      'taiman@acme.example',
      'acme.example',
      'Weekdays 9 to 6',
      '91234567',
    ]) {
      expect(details).toContain(text);
    }
    // Each entry opens its action (SPEC §2): call, mail, map, site, chat app.
    const action = (name: string) => shared.details.getByRole('link', { name }).getAttribute('href');
    expect(await action('Call +852 9123 4567')).toBe('tel:+85291234567');
    expect(await action('Email taiman@acme.example')).toBe('mailto:taiman@acme.example');
    expect(await action("Find 1 Queen's Road Central, Hong Kong on the map")).toContain('google.com/maps');
    expect(await action('Open https://acme.example')).toBe('https://acme.example');
    expect(await action('Open 85291234567 in WhatsApp')).toBe('https://wa.me/85291234567');

    await shared.promo.waitFor({ timeout: 15_000 });
    await shared.promo.getByRole('heading', { name: 'About Acme' }).waitFor();
    expect(await shared.promo.textContent()).toContain('We move goods across Asia.');
    expect(await shared.promo.getByRole('link', { name: 'Our catalogue' }).getAttribute('href')).toBe(
      'https://acme.example/catalogue',
    );

    // Visitors: "Add friend" and the vCard, not "Save to contacts" (accept_id 0).
    await shared.addFriendButton.waitFor();
    await shared.downloadVcardButton.waitFor();
    expect(await shared.saveContactButton.count()).toBe(0);

    // A visitor's page neither loads Dexie (its module registers itself under Symbol.for('Dexie'))
    // nor creates the local database.
    expect(await page.evaluate(() => Symbol.for('Dexie') in globalThis)).toBe(false);
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases.filter((name) => name?.startsWith('cardbook'))).toEqual([]);
  });

  it('draws a QR code on /myQrCode that decodes to the share link with the card’s copy, on screen and as a PNG', async () => {
    const page = await newPage(owner.token);
    const qr = new MyQrCodePage(page);
    await qr.open();
    await qr.waitForQr();
    expect(await page.evaluate(() => Symbol.for('Dexie') in globalThis)).toBe(true); // the check above can fail
    expect(await qr.link.textContent()).toBe(card.share.link);
    expect(card.share.link).toBe(`${server.url}/s/${card.share_str}`);

    // The link, and after its '#' the signed copy of the card's face (src/lib/card-copy.ts).
    expect(card.share.qr.startsWith(`${card.share.link}#`)).toBe(true);
    expect(await decodeQr(await qr.qr.screenshot())).toBe(card.share.qr);

    const download = await qr.downloadPng();
    expect(download.suggestedFilename()).toBe('陳大文.png');
    const png = await readFile(await download.path());
    expect(await decodeQr(png)).toBe(card.share.qr);

    // Keyboard: focus starts on the first choice, Escape closes, focus returns to "Share".
    await qr.openShareSheet();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe('Copy link');
    await page.keyboard.press('Escape');
    expect(await qr.sheet.count()).toBe(0);
    expect(await focused()).toBe('Share');

    await qr.openShareSheet();
    expect(await qr.channel(/WhatsApp/).getAttribute('href')).toBe(card.share.whatsapp);
    expect(await qr.channel(/WhatsApp/).getAttribute('target')).toBe('_blank');
    expect(await qr.channel(/Contact file/).getAttribute('href')).toBe(card.share.contact);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await qr.sheet.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(card.share.link);
    expect(await qr.sheet.count()).toBe(0);
  });

  it('downloads a vCard from the share page that holds every field, Chinese name included', async () => {
    const page = await newPage();
    const shared = new SharedCardPage(page);
    await shared.open(card.share_str);
    const download = await shared.downloadVcard();
    expect(download.suggestedFilename()).toBe('陳大文.vcf');
    const text = await readFile(await download.path(), 'utf8');

    const vcard = new ICAL.Component(ICAL.parse(text));
    const value = (name: string) => vcard.getFirstPropertyValue(name);
    const values = (name: string) => vcard.getAllProperties(name).map((p) => p.getFirstValue());
    expect(vcard.name).toBe('vcard');
    expect(value('version')).toBe('3.0');
    expect(value('fn')).toBe('陳大文');
    expect(JSON.stringify(value('n'))).toContain('陳');
    expect(JSON.stringify(value('org'))).toContain('Acme Trading Ltd');
    expect(value('title')).toBe('Sales Director');
    expect(values('tel').map((tel) => String(tel).replace(/\D/g, ''))).toEqual(['85291234567', '23456789']);
    expect(values('email')).toEqual(['taiman@acme.example']);
    expect(JSON.stringify(values('adr'))).toContain("1 Queen's Road Central, Hong Kong");
    expect(values('url')).toContain('https://acme.example');
    expect(value('note')).toContain('Twenty years in Hong Kong logistics.');
  });

  it('asks a visitor to log in before adding a friend, and keeps the card for after registration', async () => {
    const page = await newPage();
    const shared = new SharedCardPage(page);
    await shared.open(card.share_str);
    await shared.addFriendButton.click();
    await shared.loginDialog.getByText('Card will be added after login/registration').waitFor();
    await page.keyboard.press('Escape');
    expect(await shared.loginDialog.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('auto_add_friends'))).toBeNull();

    await page.evaluate(() => localStorage.setItem('auto_add_friends', JSON.stringify(['someone-else'])));
    await shared.addFriendThenRegister();
    await shared.open(card.share_str);
    await shared.addFriendThenRegister();
    const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('auto_add_friends') ?? 'null'));
    expect(queued).toEqual(['someone-else', card.share_str]);

    // After registering, the queued cards are sent (unknown share strings are skipped).
    const email = newEmail();
    await new RegisterMailPage(page).register(email, 'secret-pass', () => server.sender.lastCode(email));
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auto_add_friends'))).toBeNull();
    const session = await page.evaluate(() => document.cookie.match(/(?:^|; )session=([^;]+)/)?.[1] ?? '');
    const token = decodeURIComponent(session).replace(/^\d+\./, '');
    await expect
      .poll(async () => {
        const res = await fetch(new URL('/api/friend/list/1', server.url), { headers: { token } });
        const body = (await res.json()) as { data: { friend_list: { friend_card_info: { card_id: number } }[] } };
        return body.data.friend_list.map((f) => f.friend_card_info.card_id);
      })
      .toEqual([card.card_id]);
  });

  it('refuses the vCard of a card with no phone number, with the SPEC §8 message', async () => {
    const other = await registerViaApi(server);
    const created = await postJson<MyCard>(
      server,
      '/api/card/create',
      {
        ...SHARED_CARD,
        name: 'No Phone',
        photo: '',
        photo_back: '',
        extension: { ...SHARED_CARD.extension, tel: [] },
      },
      other.token,
    );
    const page = await newPage();
    const shared = new SharedCardPage(page);
    await shared.open(created.body.data.share_str);
    let downloads = 0;
    page.on('download', () => downloads++);
    await shared.downloadVcardButton.click();
    await page.getByText('Export failed / No phone number has been added to this business card').waitFor();
    expect(downloads).toBe(0);
  });

  it('adds the card for a member, told once the server took it, then offers "Save to contacts" and no "Add friend"', async () => {
    const member = await registerViaApi(server);
    const page = await newPage(member.token);
    const shared = new SharedCardPage(page);
    await shared.open(card.share_str);
    await shared.addFriendButton.click();
    // At once the button says it is kept; online, the server's answer is told as added.
    await page.getByText('In your card holder').waitFor();
    await page.getByText('Added to your card holder', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await shared.loginDialog.count()).toBe(0);
    await expect
      .poll(async () => {
        const res = await fetch(new URL('/api/friend/list/1', server.url), { headers: { token: member.token } });
        const body = (await res.json()) as { data: { friend_list: { friend_card_info: { card_id: number } }[] } };
        return body.data.friend_list.map((f) => f.friend_card_info.card_id);
      })
      .toEqual([card.card_id]);

    await page.reload();
    await shared.saveContactButton.waitFor();
    expect(await shared.addFriendButton.count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), shared.saveContactButton.click()]);
    expect(download.suggestedFilename()).toBe('陳大文.vcf');
  });

  it('sends an unknown share key to /noFoundCard', async () => {
    const page = await newPage();
    await page.goto('/s/no-such-card-key');
    await page.waitForURL((url) => url.pathname === '/noFoundCard');
    await page.getByRole('heading', { name: 'Card not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).waitFor();
  });
});
