import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base32nopad } from '@scure/base';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardCopy, readCopyFragment } from '../../src/lib/card-copy';
import { zxingDecode } from '../support/zxing';
import { FriendsPages } from './pages/friends';
import { MyQrCodePage, SharedCardPage } from './pages/share';
import { addSessionCookie } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { fakeCamera, writeScreenVideo } from './support/fake-camera';
import { syncedSince } from './support/idb';
import { type NetworkCut, networkCut } from './support/network-cut';
import { type E2eServer, startServer } from './support/server';
import { controlledByServiceWorker } from './support/service-worker';
import { userWithCard } from './support/share-seed';

/**
 * Swapping cards with no signal (issue 28), two phones at 390×844, both offline: A (English)
 * shows the QR code of her card; B (Traditional Chinese) scans it from A's screen with the fake
 * camera (a 640×480 frame of the whole screen) and sees A's name, company and phone at once,
 * checked with the server's key, her card waiting in his card holder; B shows his code, A scans
 * it back. Online again, each holds exactly one friend entry for the other, with the full card.
 * A copy changed by someone shows as unverified and never stands in for a card one keeps.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots/card-swap';

type Phone = { browser: Browser; context: BrowserContext; page: Page; video: string };

describe('swapping cards with no signal', () => {
  let server: E2eServer;
  // One way to the server for both phones: the links one shows are on the other's origin.
  let network: NetworkCut;
  let dir = '';
  const phones: Phone[] = [];
  /** Who swapped in the first test, for the later ones. */
  const swapped = { bobId: 0, annCardId: 0 };

  beforeAll(async () => {
    server = await startServer();
    network = await networkCut(server.url);
    dir = mkdtempSync(join(tmpdir(), 'cardbook-swap-'));
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const phone of phones) await phone.browser.close();
    await network?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A phone signed in, in `lang`, with its own fake camera, the app installed and synced. */
  async function phone(token: string, lang: 'en' | 'hk', name: string): Promise<Phone> {
    const video = join(dir, `${name}.y4m`);
    // The camera shows grey until a screen is put before it.
    await writeScreenVideo(
      video,
      await sharp({ create: { width: 390, height: 844, channels: 3, background: '#808080' } })
        .png()
        .toBuffer(),
    );
    const browser = await launchBrowser(fakeCamera(video));
    const context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      locale: lang === 'en' ? 'en-US' : 'zh-HK',
      cutWhenOffline: network,
      permissions: ['camera'],
    });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await addSessionCookie(context, server, token);
    const page = await context.newPage();
    await page.goto('/');
    await controlledByServiceWorker(page);
    await syncedSince(page, 0);
    // The server's key for card copies, kept for scanning offline.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cardbook:copy-key'))).toMatch(/^[\w-]{43}$/);
    const made = { browser, context, page, video };
    phones.push(made);
    return made;
  }

  /**
   * From home, by taps: my QR code, shown; its screen put before `other`'s camera. Answers the
   * screen as shown.
   */
  async function showMyCode(shower: Phone, other: Phone, homeLink: string | null): Promise<Buffer> {
    const mine = new MyQrCodePage(shower.page);
    if (homeLink) await shower.page.getByRole('link', { name: homeLink }).click();
    await mine.waitForQr();
    const screen = await shower.page.screenshot();
    const frame = await writeScreenVideo(other.video, screen);
    await sharp(frame).toFile(`${SHOTS}/camera-frame-${phones.indexOf(other)}.png`);
    return screen;
  }

  /** From home, by a tap: the scanner, until it has opened the scanned card. */
  async function scan(scanner: Phone, homeLink: string): Promise<SharedCardPage> {
    await scanner.page.getByRole('link', { name: homeLink }).click();
    await scanner.page.waitForURL(/\/s\/[\w-]+#[A-Z2-7]+$/, { timeout: 30_000 });
    return new SharedCardPage(scanner.page);
  }

  /** A card's copy as the server signs it for its QR code. */
  const signedCopy = (card: { shareStr: string; cardId: number }, fields: Partial<CardCopy>) =>
    server.app.services.cardCopies.fragment(card.shareStr, {
      cardId: card.cardId,
      name: '',
      englishName: '',
      company: '',
      position: '',
      tel: '',
      email: '',
      ...fields,
    });

  /** The second phone (Bob's, in Chinese), made by the first test. */
  const bobsPhone = (): Phone => {
    const phone = phones[1];
    if (!phone) throw new Error('the first test made the phones');
    return phone;
  };

  const friendsOnServer = (userId: number) =>
    server.app.services.db.query<{ card_id: number }>(
      'select card_id from friends where user_id = $1 and deleted_at is null order by card_id',
      [userId],
    );

  it('both see the other at once, both card holders list the other as waiting, then the full card lands once', async () => {
    const ann = await userWithCard(server, '陳安妮', {
      english_name: 'Annie Chan',
      profile: 'Trade finance, twenty years.',
      extension: {
        company: [{ name: 'Harbour Logistics Ltd', department: '', position: 'Sales Director', key: 'company' }],
        tel: [{ key: 'mobile', content: '+852 6234 5678' }],
        email: [{ key: 'work', content: 'annie.chan@harbour.example' }],
      },
    });
    const bob = await userWithCard(server, 'Bob Lee', {
      extension: {
        company: [{ name: 'Kowloon Print Co', department: '', position: 'Owner', key: 'company' }],
        tel: [{ key: 'mobile', content: '+852 9876 5432' }],
      },
    });
    swapped.bobId = bob.id;
    swapped.annCardId = ann.cardId;
    const a = await phone(ann.token, 'en', 'ann');
    const b = await phone(bob.token, 'hk', 'bob');
    await a.context.setOffline(true);
    await b.context.setOffline(true);

    // A shows her code; B scans it from her screen and sees her card at once.
    const annScreen = await showMyCode(a, b, 'My QR code');
    const annCard = await scan(b, '掃描二維碼');
    await annCard.verified.waitFor({ timeout: 20_000 });
    await expect.poll(() => annCard.name.textContent()).toBe('陳安妮');
    const details = await annCard.details.textContent();
    expect(details).toContain('Harbour Logistics Ltd');
    expect(details).toContain('+852 6234 5678');
    expect(details).toContain('annie.chan@harbour.example');
    await annCard.waiting.waitFor();
    expect(await b.page.locator('a[href^="tel:"]').first().getAttribute('href')).toMatch(/^tel:\+85262345678$/);
    await b.page.screenshot({ path: `${SHOTS}/scanned-hk.png` });

    // The code read by an independent decoder from A's screen. (Not from the 640×480 frame: at
    // under 3 pixels a module there, ZXing misses about one code in 60 that jsQR reads.)
    const qrText = await zxingDecode(annScreen);
    expect(qrText).toMatch(new RegExp(`/s/${ann.shareStr}#[A-Z2-7]+$`));

    // Swap: B shows his code (one tap), A scans it back (one tap from her code).
    await annCard.showMine.click();
    await showMyCode(b, a, null);
    await b.page.screenshot({ path: `${SHOTS}/swap-show-mine-hk.png` });
    await a.page.screenshot({ path: `${SHOTS}/swap-scan-theirs-en.png` });
    await new MyQrCodePage(a.page).scanTheirs.click();
    await a.page.waitForURL(/\/s\/[\w-]+#[A-Z2-7]+$/, { timeout: 30_000 });
    const bobCard = new SharedCardPage(a.page);
    await bobCard.verified.waitFor({ timeout: 20_000 });
    await expect.poll(() => bobCard.name.textContent()).toBe('Bob Lee');
    expect(await bobCard.details.textContent()).toContain('+852 9876 5432');
    await bobCard.waiting.waitFor();
    await a.page.screenshot({ path: `${SHOTS}/scanned-en.png` });

    // Both card holders list the other, waiting.
    await a.page.getByRole('link', { name: 'Card holder' }).click();
    const aFriends = new FriendsPages(a.page);
    await aFriends.friend('Bob Lee').waitFor();
    expect(await aFriends.friend('Bob Lee').textContent()).toContain('Waiting to sync');
    await a.page.screenshot({ path: `${SHOTS}/waiting-en.png` });
    await b.page.getByRole('link', { name: '名片夾' }).click();
    const bFriends = new FriendsPages(b.page);
    await bFriends.friend('陳安妮').waitFor();
    await b.page.screenshot({ path: `${SHOTS}/waiting-hk.png` });
    expect(await friendsOnServer(ann.id)).toEqual([]);
    expect(await friendsOnServer(bob.id)).toEqual([]);

    // Online: each add lands once, and the full card replaces the copy.
    await a.context.setOffline(false);
    await b.context.setOffline(false);
    await expect.poll(() => friendsOnServer(ann.id), { timeout: 30_000 }).toEqual([{ card_id: bob.cardId }]);
    await expect.poll(() => friendsOnServer(bob.id), { timeout: 30_000 }).toEqual([{ card_id: ann.cardId }]);
    await expect
      .poll(() => bFriends.friend('陳安妮').textContent(), { timeout: 30_000 })
      .toContain('Harbour Logistics Ltd · Sales Director');
    await bFriends.friend('陳安妮').click();
    await expect.poll(() => b.page.getByRole('dialog').textContent()).toContain('Trade finance, twenty years.');
    await expect
      .poll(() => aFriends.friend('Bob Lee').textContent(), { timeout: 30_000 })
      .toContain('Kowloon Print Co');
    expect(await friendsOnServer(ann.id)).toHaveLength(1);
    expect(await friendsOnServer(bob.id)).toHaveLength(1);

    // The code as downloaded, scaled to 200 px, read by an independent decoder.
    await a.page.goto('/');
    await a.page.getByRole('link', { name: 'My QR code' }).click();
    const mine = new MyQrCodePage(a.page);
    await mine.waitForQr();
    const png = readFileSync((await (await mine.downloadPng()).path()) ?? '');
    const small = await sharp(png).resize(200, 200).png().toBuffer();
    expect(await zxingDecode(small)).toBe(qrText);
  });

  it('a changed copy shows as unverified, adds nothing by itself, and never stands in for a card one keeps', async () => {
    const b = bobsPhone();
    const cleo = await userWithCard(server, 'Cleo Wong', {
      extension: { tel: [{ key: 'mobile', content: '+852 5555 0101' }] },
    });
    // Cleo's copy as the server signs it, with the phone number changed.
    const signed = signedCopy(cleo, { name: 'Cleo Wong', tel: '+852 5555 0101' });
    const read = readCopyFragment(signed);
    if (!read) throw new Error('unread');
    const forgedBody = new TextDecoder().decode(read.body).replace('5555 0101', '6666 0101');
    const forged = base32nopad.encode(new Uint8Array([...new TextEncoder().encode(forgedBody), ...read.signature]));

    await b.context.setOffline(true);
    await b.page.goto(`/s/${cleo.shareStr}#${forged}`);
    const page = new SharedCardPage(b.page);
    await page.forged.waitFor({ timeout: 20_000 });
    expect(await page.verified.count()).toBe(0);
    expect(await page.waiting.count()).toBe(0);
    await b.page.screenshot({ path: `${SHOTS}/unverified-hk.png` });
    await b.page.goto('/friendsList');
    const friends = new FriendsPages(b.page);
    await friends.friend('陳安妮').waitFor();
    expect(await friends.titles()).toEqual(['陳安妮']);

    // A changed copy of a card B keeps: B's own card for it shows, and stays as it was.
    const ann = await server.app.services.db.query<{ share_key: string; card_id: number }>(
      `select k.share_key, k.card_id from card_share_keys k join cards c on c.id = k.card_id where c.name = '陳安妮'`,
    );
    const annKey = ann[0]?.share_key ?? '';
    const annSigned = signedCopy(
      { shareStr: annKey, cardId: ann[0]?.card_id ?? 0 },
      {
        name: 'Mallory',
        company: 'Forged Ltd',
      },
    );
    const annRead = readCopyFragment(annSigned);
    if (!annRead) throw new Error('unread');
    const annForged = base32nopad.encode(
      new Uint8Array([...annRead.body, ...annRead.signature.map((byte, i) => (i === 0 ? byte ^ 1 : byte))]),
    );
    await b.page.goto(`/s/${annKey}#${annForged}`);
    await expect.poll(() => page.name.textContent(), { timeout: 20_000 }).toBe('陳安妮');
    expect(await page.details.textContent()).not.toContain('Forged Ltd');
    await b.page.goto('/friendsList');
    await friends.friend('陳安妮').waitFor();
    expect(await friends.friend('陳安妮').textContent()).toContain('Harbour Logistics Ltd');
    await b.context.setOffline(false);
  });

  it('a scanned card whose link turns out revoked leaves the card holder, with a notice', async () => {
    const b = bobsPhone();
    const dave = await userWithCard(server, 'Dave Ho', {
      extension: { tel: [{ key: 'mobile', content: '+852 6000 7000' }] },
    });
    const fragment = signedCopy(dave, { name: 'Dave Ho', tel: '+852 6000 7000' });
    await b.context.setOffline(true);
    // Opened from the phone's camera app: the same page as the in-app scanner's.
    await b.page.goto(`/s/${dave.shareStr}#${fragment}`);
    const page = new SharedCardPage(b.page);
    await page.waiting.waitFor({ timeout: 20_000 });
    await b.page.getByRole('link', { name: '名片夾' }).click();
    const friends = new FriendsPages(b.page);
    await friends.friend('Dave Ho').waitFor();

    await server.app.services.db.query('update card_share_keys set revoked_at = now() where card_id = $1', [
      dave.cardId,
    ]);
    await b.context.setOffline(false);
    await b.page.getByRole('alert').filter({ hasText: '已從名片夾移除一張名片' }).waitFor({ timeout: 30_000 });
    await friends.friend('Dave Ho').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await friends.titles()).toEqual(['陳安妮']);
    // Nothing of Dave's on the server: B keeps Ann alone.
    expect(await friendsOnServer(swapped.bobId)).toEqual([{ card_id: swapped.annCardId }]);
  });
});
