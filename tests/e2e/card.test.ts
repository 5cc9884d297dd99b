import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_PHOTO_MAX_BYTES, type CardExtension, type CreateCardBody, type MyCard } from '../../src/api';
import { CardPages, type PhotoFile } from './pages/card';
import { type ApiUser, addSessionCookie, type Envelope, postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';
import { controlledByServiceWorker } from './support/service-worker';

/**
 * My card end to end: the editor with both photos and every list, the server's copy after
 * sync (photos re-encoded and cropped to 16:10), the card view with its flip button, an edit
 * made offline that reaches the server exactly once with its new photo, and the SPEC §5 rule
 * refusing a bad email.
 */

/** A picture with a different colour on each side, so a crop is visible by eye. */
async function picture(width: number, height: number, colours: [string, string], format: 'png' | 'jpeg') {
  const half = Math.round(width / 2);
  const side = (colour: string) =>
    sharp({ create: { width: half, height, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite([
    { input: await side(colours[0]), left: 0, top: 0 },
    { input: await side(colours[1]), left: half, top: 0 },
  ]);
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  return { name: `card.${format === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${format}`, buffer } satisfies PhotoFile;
}

async function myCard(server: E2eServer, token: string): Promise<MyCard | null> {
  const res = await fetch(new URL('/api/card/info', server.url), { headers: { token } });
  return ((await res.json()) as Envelope<MyCard | null>).data;
}

async function imageRatio(server: E2eServer, url: string): Promise<number> {
  const res = await fetch(new URL(url, server.url));
  expect(res.status).toBe(200);
  const { width = 0, height = 1 } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return width / height;
}

function filesUnder(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

const EXTENSION: CardExtension = {
  company: [
    { key: 'company', name: 'Acme Trading Ltd', department: 'Sales', position: 'Director' },
    { key: 'company', name: '陳氏基金會', department: '董事會', position: '主席' },
  ],
  address: [
    { key: 'work', content: "10/F, 1 Queen's Road Central, Hong Kong" },
    { key: 'home', content: '九龍彌敦道 100 號' },
  ],
  tel: [
    { key: 'mobile', content: '+852 9123 4567' },
    { key: 'work_fax', content: '2345 6789' },
  ],
  email: [
    { key: 'work', content: 'tai.man@acme.hk' },
    { key: 'personal', content: 'taiman@example.com' },
  ],
  website: [
    { key: 'company', content: 'https://acme.hk' },
    { key: 'blog', content: 'blog.taiman.hk' },
  ],
  other: [
    { key: 'other', content: 'Speaks Cantonese, English and Mandarin' },
    { key: 'other', content: '香港管理專業協會會員' },
  ],
  industry: [
    { key: 'industry', content: 'Financial services' },
    { key: 'industry', content: '貿易' },
  ],
  social: [
    { key: 'whatsapp', content: '9123-4567' },
    { key: 'wechat', content: 'taiman_chan' },
  ],
};

/** The card as saved: SPEC §5, a WhatsApp number is kept normalised (an 8-digit one gets 852). */
const SAVED_EXTENSION: CardExtension = {
  ...EXTENSION,
  social: EXTENSION.social.map((e) => (e.key === 'whatsapp' ? { ...e, content: '85291234567' } : e)),
};

/** The English names of the labels used above, as the editor's selects show them. */
const LABELS: Record<string, string> = {
  'address:work': 'Work address',
  'address:home': 'Home address',
  'tel:mobile': 'Mobile',
  'tel:work_fax': 'Work fax',
  'email:work': 'Work email',
  'email:personal': 'Personal email',
  'website:company': 'Company homepage',
  'website:blog': 'Blog',
  'social:whatsapp': 'WhatsApp',
  'social:wechat': 'WeChat',
};

describe('my card', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: ApiUser;
  let cards: CardPages;
  let saved: MyCard;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    user = await registerViaApi(server);
    await addSessionCookie(context, server, user.token);
    page = await context.newPage();
    cards = new CardPages(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('creates a card with both photos and every list, synced to the server and shown after reload', async () => {
    await page.goto('/card/info');
    await page.getByRole('heading', { name: 'You have no card yet' }).waitFor();
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: 'Create your card' }).waitFor();

    // A photo over the upload limit is refused on the device, before anything is kept.
    const huge = { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(CARD_PHOTO_MAX_BYTES + 1) };
    expect(await cards.refusedPhoto('front', huge)).toBe(
      'The photo is larger than 10 MB. Please choose a smaller one.',
    );
    await cards.choosePhoto('front', await picture(1200, 900, ['#0f766e', '#f59e0b'], 'png'));
    expect(await cards.photoPicker('front').getByRole('alert').count()).toBe(0);
    await cards.choosePhoto('back', await picture(1200, 900, ['#1e3a8a', '#e11d48'], 'jpeg'));
    await cards.name.fill('陳大文');
    await cards.englishName.fill('Chan Tai Man');
    await cards.profile.fill('Helping Hong Kong companies trade across Asia.\n二十年貿易經驗。');
    // A new card is private until its owner chooses public, and the switch says what public means.
    expect(await cards.isOpen.isChecked()).toBe(false);
    await page.getByText('Anyone can find your card by name in search').waitFor();
    for (const company of EXTENSION.company) await cards.addCompany(company);
    for (const list of ['industry', 'address', 'tel', 'email', 'website', 'other', 'social'] as const) {
      for (const entry of EXTENSION[list]) await cards.addEntry(list, entry.content, LABELS[`${list}:${entry.key}`]);
    }
    await cards.saveCard();
    await page.getByRole('status').filter({ hasText: 'Card saved' }).waitFor();
    await expect.poll(() => cards.cardName.textContent()).toBe('陳大文');

    // The sync worker uploads both photos, then sends the card.
    await expect
      .poll(async () => (await myCard(server, user.token))?.photo_back ?? '', { timeout: 20_000 })
      .toMatch(/^\/blobs\//);
    const card = await myCard(server, user.token);
    if (!card) throw new Error('no card on the server');
    saved = card;
    expect(card).toMatchObject({ name: '陳大文', english_name: 'Chan Tai Man', is_open: 0 });
    expect(card.profile).toBe('Helping Hong Kong companies trade across Asia.\n二十年貿易經驗。');
    expect(card.extension).toEqual(SAVED_EXTENSION);
    expect(card.photo).toMatch(/^\/blobs\//);
    expect(card.photo).not.toBe(card.photo_back);
    expect(await imageRatio(server, card.photo)).toBeCloseTo(16 / 10, 2);
    expect(await imageRatio(server, card.photo_back)).toBeCloseTo(16 / 10, 2);

    await expect.poll(() => cards.pending.count(), { timeout: 15_000 }).toBe(0);
    await page.reload();
    await expect.poll(() => cards.cardName.textContent(), { timeout: 15_000 }).toBe('陳大文');
    const details = await cards.details.textContent();
    for (const text of [
      'Chan Tai Man',
      'Acme Trading Ltd',
      'Director · Sales',
      '陳氏基金會',
      '主席 · 董事會',
      '九龍彌敦道 100 號',
      'Work fax',
      '+852 9123 4567',
      'taiman@example.com',
      'blog.taiman.hk',
      'Speaks Cantonese, English and Mandarin',
      '貿易',
      'WhatsApp',
      'WeChat',
      'taiman_chan',
    ]) {
      expect(text === 'Chan Tai Man' ? await page.locator('main').textContent() : details).toContain(text);
    }
    expect(await page.locator('main').textContent()).toContain('Not public');
    expect(await cards.action('Call +852 9123 4567').getAttribute('href')).toBe('tel:+85291234567');
    expect(await cards.action('Open 85291234567 in WhatsApp').getAttribute('href')).toBe('https://wa.me/85291234567');
    expect(await cards.action('Open blog.taiman.hk').getAttribute('href')).toBe('//blog.taiman.hk');

    const front = cards.photo('Front of 陳大文’s card');
    await front.waitFor();
    // The photo kept on the device shows until the pull brings the card back with the server's URL.
    await expect.poll(() => front.getAttribute('src'), { timeout: 15_000 }).toBe(card.photo);
    await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await cards.flip.click();
    const back = cards.photo('Back of 陳大文’s card');
    await back.waitFor();
    await expect.poll(() => back.getAttribute('src'), { timeout: 15_000 }).toBe(card.photo_back);
    expect(await cards.flip.textContent()).toBe('Show front');
    expect(await cards.photos.getByRole('img').count()).toBe(1);
  });

  it('edits the card offline, shows it after an offline reload, and syncs it once with its new photo', async () => {
    const db = server.app.services.db;
    const count = async (table: 'sync_mutations' | 'uploads') =>
      Number((await db.query<{ n: string }>(`select count(*) as n from ${table} where user_id = $1`, [user.id]))[0]?.n);
    const blobsDir = join(server.dataDir, 'blobs');
    const mutationsBefore = await count('sync_mutations');
    const photosBefore = await count('uploads');
    const filesBefore = filesUnder(blobsDir);

    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => cards.cardName.textContent(), { timeout: 15_000 }).toBe('陳大文');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit card' }).waitFor();
    await cards.name.fill('陳小明');
    await cards.choosePhoto('back', await picture(1000, 800, ['#7c3aed', '#facc15'], 'jpeg'));
    await cards.saveCard();
    await page.getByRole('status').filter({ hasText: 'Saved on this device' }).waitFor();
    await expect.poll(() => cards.pending.textContent()).toBe('Changes waiting to sync: 1');

    await page.reload();
    await expect.poll(() => cards.cardName.textContent(), { timeout: 15_000 }).toBe('陳小明');
    await cards.flip.click();
    const back = cards.photo('Back of 陳小明’s card');
    await back.waitFor();
    expect(await back.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => back.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);
    expect(await count('sync_mutations')).toBe(mutationsBefore);

    await context.setOffline(false);
    await expect.poll(async () => (await myCard(server, user.token))?.name, { timeout: 30_000 }).toBe('陳小明');
    const card = await myCard(server, user.token);
    expect(card?.photo).toBe(saved.photo);
    expect(card?.photo_back).toMatch(/^\/blobs\//);
    expect(card?.photo_back).not.toBe(saved.photo_back);
    expect(card?.extension).toEqual(SAVED_EXTENSION);
    expect(await imageRatio(server, card?.photo_back ?? '')).toBeCloseTo(16 / 10, 2);

    await expect.poll(() => cards.pending.count(), { timeout: 20_000 }).toBe(0);
    expect(await count('sync_mutations')).toBe(mutationsBefore + 1);
    expect(await count('uploads')).toBe(photosBefore + 1);
    expect(filesUnder(blobsDir)).toBe(filesBefore + 1);
    // After the pull, the card shows the server's copy of the new photo.
    await expect
      .poll(() => cards.photo('Back of 陳小明’s card').getAttribute('src'), { timeout: 15_000 })
      .toBe(card?.photo_back);
  });

  it('shows the SPEC §5 message instead of opening a bad email', async () => {
    const other = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    try {
      await other.addInitScript(() => localStorage.setItem('lang', 'en'));
      const owner = await registerViaApi(server);
      const body: CreateCardBody = {
        name: 'Amy Wong',
        english_name: '',
        photo: '',
        photo_back: '',
        profile: '',
        is_open: 1,
        extension: {
          company: [],
          address: [],
          tel: [{ key: 'work', content: '12345' }],
          email: [{ key: 'work', content: 'amy@acme.example' }],
          website: [{ key: 'company', content: 'acme.hk' }],
          other: [],
          industry: [],
          social: [],
        },
      };
      const saved = await postJson<MyCard>(server, '/api/card/create', body, owner.token);
      expect(saved.status).toBe(200);
      // Values saved before the editor's rules existed: the card still shows them, and says why
      // they cannot be opened.
      const db = server.app.services.db;
      const legacy = { tel: '1234', email: 'amy@acme', website: 'a.hk' };
      for (const [kind, content] of Object.entries(legacy)) {
        await db.query('update card_extensions set content = $1 where card_id = $2 and kind = $3', [
          content,
          saved.body.data.card_id,
          kind,
        ]);
      }
      await addSessionCookie(other, server, owner.token);
      const view = new CardPages(await other.newPage());
      await view.page.goto('/card/info');
      await expect.poll(() => view.cardName.textContent(), { timeout: 15_000 }).toBe('Amy Wong');
      expect(await view.photos.textContent()).toContain('No card photo yet');
      expect(await view.flip.count()).toBe(0);

      await view.action('Email amy@acme').click();
      await view.page.getByRole('alert').filter({ hasText: 'Invalid email' }).waitFor();
      await view.action('Open a.hk').click();
      await view.page.getByRole('alert').filter({ hasText: 'Invalid website address' }).waitFor();
      await view.action('Call 1234').click();
      await view.page.getByRole('alert').filter({ hasText: 'Invalid phone number' }).waitFor();
      expect(view.page.url()).toMatch(/\/card\/info$/);
    } finally {
      await other.close();
    }
  });

  it('starts a new card private in Chinese too, saying what public means', async () => {
    const owner = await registerViaApi(server);
    const hk = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow', cutWhenOffline: true });
    try {
      await addSessionCookie(hk, server, owner.token);
      const editor = await hk.newPage();
      await editor.goto('/card/create');
      const open = editor.getByRole('switch', { name: '公開名片' });
      await open.waitFor();
      expect(await open.isChecked()).toBe(false);
      expect(await open.getAttribute('aria-describedby')).toBeTruthy();
      await editor.getByText('任何人都可以在搜尋中按名字找到你的名片').waitFor();
    } finally {
      await hk.close();
    }
  });
});
