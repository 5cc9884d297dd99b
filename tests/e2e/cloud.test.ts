import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtension } from '../../server/services/cards';
import type { CloudCard, CloudGroup, FriendList, MyCard } from '../../src/api';
import { CloudPages } from './pages/cloud';
import { type ApiUser, addSessionCookie, type Envelope, postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';
import { controlledByServiceWorker } from './support/service-worker';

/**
 * Cloud cards end to end (English, 390×844): a user's cards (added through /api/ocr/add) are
 * listed by group. With the network cut, search finds them by company and by phone; a group is
 * made, a card moved into it, the group renamed and moved up; a row edited; a card deleted
 * after trying Undo. All of it survives an offline reload and, once back online, the server
 * holds exactly that state.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-cloud';

const rows = (pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value }));

async function getJson<T>(server: E2eServer, path: string, token: string): Promise<T> {
  const res = await fetch(new URL(path, server.url), { headers: { token } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as Envelope<T>).data;
}

describe('cloud cards', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: ApiUser;
  let cloud: CloudPages;
  let clients: CloudGroup;

  const add = async (body: unknown): Promise<CloudCard> => {
    const res = await postJson<CloudCard>(server, '/api/ocr/add', body, user.token);
    if (res.status !== 200) throw new Error(`ocr/add: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  beforeAll(async () => {
    server = await startServer();
    user = await registerViaApi(server);
    const group = await postJson<CloudGroup>(server, '/api/ocr/group/add', { name: 'Clients' }, user.token);
    if (group.status !== 200) throw new Error(`ocr/group/add: ${JSON.stringify(group.body)}`);
    clients = group.body.data;
    await add({
      extension: rows([
        ['name', 'Alice Wong'],
        ['company', 'Acme Trading'],
        ['position', 'Director'],
        ['tel', '+852 9123 4567'],
        ['email', 'alice@acme.example'],
      ]),
      group_id: clients.id,
    });
    await add({
      extension: rows([
        ['name', '陳大文'],
        ['company', '大文貿易有限公司'],
        ['tel', '2345 6789'],
      ]),
    });
    await add({
      extension: rows([
        ['name', 'Carl Chan'],
        ['company', 'Chan & Co'],
      ]),
    });

    // Alice's own public card on Cardbook holds the email of her paper card: a public match.
    const alice = await registerViaApi(server);
    const extension = emptyExtension();
    extension.email.push({ key: 'work', content: 'Alice@Acme.example' });
    const card = {
      name: 'Alice Wong',
      english_name: '',
      photo: '',
      photo_back: '',
      profile: '',
      is_open: 1,
      extension,
    };
    const saved = await postJson<MyCard>(server, '/api/card/create', card, alice.token);
    if (saved.status !== 200) throw new Error(`card/create: ${JSON.stringify(saved.body)}`);

    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    page = await context.newPage();
    cloud = new CloudPages(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('lists the cards by group, "Not grouped" last, and opens one', async () => {
    await page.goto('/cloud/list');
    await cloud.card('Alice Wong').waitFor({ timeout: 20_000 });
    await expect.poll(() => cloud.lines()).toEqual(['# Clients', 'Alice Wong', '# Not grouped', 'Carl Chan', '陳大文']);
    await page.screenshot({ path: `${SHOTS}/cloud-list.png` });

    await cloud.open('Alice Wong');
    expect(await cloud.overlay.getByTestId('cloud-card-title').textContent()).toBe('Alice Wong');
    const rowsText = await cloud.overlay.getByTestId('cloud-rows').textContent();
    expect(rowsText).toContain('Acme Trading');
    expect(rowsText).toContain('alice@acme.example');
    expect(await cloud.overlay.getByRole('link', { name: 'Call +852 9123 4567' }).getAttribute('href')).toBe(
      'tel:+85291234567',
    );
    await page.screenshot({ path: `${SHOTS}/cloud-overlay.png` });

    // Export, made on the device.
    await cloud.overlay.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'Export contact file (vCard)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Alice-Wong.vcf');
    const vcf = await readFile((await download.path()) as string, 'utf8');
    expect(vcf).toContain('FN:Alice Wong\r\nN:Wong;Alice;;;\r\nORG:Acme Trading\r\nTITLE:Director\r\n');
    expect(vcf).toContain('TEL;TYPE=voice:+852 9123 4567\r\nEMAIL;TYPE=internet:alice@acme.example\r\n');

    // Online, her public card is offered as a friend, added through the outbox.
    await cloud.overlay.getByRole('button', { name: 'Add Alice Wong as a friend' }).click();
    await cloud.overlay.getByRole('button', { name: 'Friend added' }).waitFor();
    await expect
      .poll(
        async () =>
          (await getJson<FriendList>(server, '/api/friend/list/1?page_size=100', user.token)).friend_list.map(
            (f) => f.friend_card_info.name,
          ),
        { timeout: 20_000 },
      )
      .toEqual(['Alice Wong']);
    await cloud.close();
  });

  it('searches, groups, edits and deletes offline; after a reload too; the server ends in that state', async () => {
    await controlledByServiceWorker(page);
    await expect.poll(() => cloud.pending.count(), { timeout: 15_000 }).toBe(0);
    await context.setOffline(true);
    await page.reload();
    await cloud.card('Alice Wong').waitFor({ timeout: 15_000 });

    // Search, as you type, in every field.
    await page.getByRole('link', { name: 'Search' }).click();
    await cloud.search.fill('acme');
    await cloud.card('Alice Wong').waitFor();
    expect(await page.getByTestId('cloud-item').count()).toBe(1);
    await cloud.search.fill('23456789');
    await cloud.card('陳大文').waitFor();
    expect(await page.getByTestId('cloud-item').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/cloud-search.png` });
    await cloud.gotoList();

    // Groups: add, move a card in, rename, move up.
    await page.getByRole('link', { name: 'Groups' }).click();
    await cloud.addGroup('Suppliers');
    await cloud.moveCards(['陳大文'], 'Suppliers');
    await cloud.renameGroup('Suppliers', 'Vendors');
    await page.getByRole('button', { name: 'Move Vendors up' }).click();
    await expect.poll(() => cloud.groupNames()).toEqual(['Vendors', 'Clients']);
    await page.screenshot({ path: `${SHOTS}/cloud-category.png` });
    await cloud.gotoList();
    await expect
      .poll(() => cloud.lines())
      .toEqual(['# Vendors', '陳大文', '# Clients', 'Alice Wong', '# Not grouped', 'Carl Chan']);

    // Edit a row.
    await cloud.open('Alice Wong');
    await cloud.editRow('Position', 'CEO');
    // The overlay shows the saved row once the live query has read it back.
    await expect.poll(() => cloud.overlay.getByTestId('cloud-rows').textContent()).toContain('CEO');
    await cloud.close();

    // Delete, Undo, then delete for real.
    await cloud.open('Carl Chan');
    await cloud.deleteOpen();
    await cloud.undo.filter({ hasText: 'Carl Chan deleted' }).waitFor();
    expect(await cloud.card('Carl Chan').count()).toBe(0);
    await cloud.undo.getByRole('button', { name: 'Undo' }).click();
    await cloud.card('Carl Chan').waitFor();
    await cloud.open('Carl Chan');
    await cloud.deleteOpen();
    await cloud.undo.waitFor();
    await cloud.undo.waitFor({ state: 'detached', timeout: 10_000 });

    const final = ['# Vendors', '陳大文', '# Clients', 'Alice Wong'];
    await expect.poll(() => cloud.lines()).toEqual(final);
    await page.reload();
    await cloud.card('Alice Wong').waitFor({ timeout: 15_000 });
    expect(await cloud.lines()).toEqual(final);

    await context.setOffline(false);
    await expect.poll(() => cloud.pending.count(), { timeout: 30_000 }).toBe(0);

    const groupList = async () =>
      (await getJson<{ list: (CloudGroup & { card_num: number })[] }>(server, '/api/ocr/group/list', user.token)).list;
    await expect
      .poll(async () => (await groupList()).map((g) => [g.name, g.card_num]), { timeout: 30_000 })
      .toEqual([
        ['Vendors', 1],
        ['Clients', 1],
      ]);
    const groups = { list: await groupList() };
    const db = server.app.services.db;
    const liveCards = () =>
      db.query<{ uid: string; extension: { key: string; value: string }[]; group_uid: string | null }>(
        `select c.uid, c.extension, g.uid as group_uid from cloud_cards c left join cloud_groups g on g.id = c.group_id
         where c.user_id = $1 and c.deleted_at is null order by c.created_at`,
        [user.id],
      );
    const vendors = groups.list[0]?.id;
    // The outbox drains in batches: wait for the server to hold the last change (the delete), not for a moment.
    await expect
      .poll(
        async () =>
          (await liveCards()).map((c) => [c.extension.find((r) => r.key === 'name')?.value, c.group_uid ?? '']),
        { timeout: 30_000 },
      )
      .toEqual([
        ['Alice Wong', clients.id],
        ['陳大文', vendors],
      ]);
    const live = await liveCards();
    expect(live[0]?.extension.find((r) => r.key === 'position')?.value).toBe('CEO');
    const deleted = await db.query<{ n: number }>(
      'select count(*)::int as n from cloud_cards where user_id = $1 and deleted_at is not null',
      [user.id],
    );
    expect(deleted[0]?.n).toBe(1);
  });

  it('shows the empty state to a new user, then 5,000 cards with only the rows in view in the DOM', async () => {
    const other = await registerViaApi(server);
    const ctx = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    await ctx.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(ctx, server, other.token);
    const p = await ctx.newPage();
    const pages = new CloudPages(p);
    try {
      await p.goto('/cloud/list');
      const empty = p.getByTestId('cloud-empty');
      await empty.waitFor({ timeout: 20_000 });
      expect(await empty.getByRole('link', { name: 'Scan cards' }).getAttribute('href')).toBe('/cloud/create');
      await p.screenshot({ path: `${SHOTS}/cloud-list-empty.png` });

      // A test fixture written straight into the database: 5,000 cards, one group holding 10.
      const db = server.app.services.db;
      await db.query(`insert into cloud_groups (user_id, uid, name, sort) values ($1, 'bulkgroup1', 'Fair', 1)`, [
        other.id,
      ]);
      await db.query(
        `insert into cloud_cards (user_id, uid, group_id, extension, search_text)
         select $1, 'bulk' || lpad(i::text, 6, '0'),
                case when i <= 10 then (select id from cloud_groups where user_id = $1 and uid = 'bulkgroup1') end,
                jsonb_build_array(jsonb_build_object('key', 'name', 'value', 'Person ' || i),
                                  jsonb_build_object('key', 'company', 'value', 'Company ' || i)),
                'person ' || i || E'\ncompany ' || i
         from generate_series(1, 5000) i`,
        [other.id],
      );
      await p.reload();
      await p.getByRole('heading', { name: /^Not grouped\s*Cards: 4990$/ }).waitFor({ timeout: 60_000 });
      expect(await p.getByRole('heading', { name: /^Fair\s*Cards: 10$/ }).count()).toBe(1);
      const inDom = await p.getByTestId('cloud-item').count();
      expect(inDom).toBeGreaterThan(5);
      expect(inDom).toBeLessThan(40);

      // Scroll to the end: the last card shows, still with a window of rows.
      await pages.list.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      const lastTitle = await p.evaluate(() => {
        const titles = [...document.querySelectorAll('.cloud-item .friend-title')].map((e) => e.textContent ?? '');
        return titles.at(-1);
      });
      expect(lastTitle).toMatch(/^Person \d+$/);
      expect(await p.getByTestId('cloud-item').count()).toBeLessThan(40);

      // Deleting the group (after trying Undo) leaves its cards not grouped.
      await p.getByRole('link', { name: 'Groups' }).click();
      const fair = pages.groupRows.filter({ hasText: 'Fair' });
      await fair.getByRole('button', { name: 'Delete' }).click();
      await pages.undo.filter({ hasText: 'Group “Fair” deleted' }).waitFor();
      expect(await fair.count()).toBe(0);
      await pages.undo.getByRole('button', { name: 'Undo' }).click();
      await fair.waitFor();
      await fair.getByRole('button', { name: 'Delete' }).click();
      await pages.undo.waitFor({ state: 'detached', timeout: 10_000 });
      await pages.gotoList();
      // The list comes back where it was left (the end): to the top, where the heading is.
      await pages.list.evaluate((el) => {
        el.scrollTop = 0;
      });
      await p.getByRole('heading', { name: /^Not grouped\s*Cards: 5000$/ }).waitFor();
      expect(await p.getByRole('heading', { name: /^Fair/ }).count()).toBe(0);
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: number }>(
                'select count(*)::int as n from cloud_cards where user_id = $1 and group_id is null and deleted_at is null',
                [other.id],
              )
            )[0]?.n,
          { timeout: 20_000 },
        )
        .toBe(5000);
    } finally {
      await ctx.close();
    }
  });
});
