import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtension } from '../../server/services/cards';
import type { AddedFriends, Friend, FriendList, Group, GroupList, MyCard, NotifyList } from '../../src/api';
import { FriendsPages } from './pages/friends';
import { type ApiUser, addSessionCookie, type Envelope, postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';
import { controlledByServiceWorker } from './support/service-worker';
import { userWithCard } from './support/share-seed';

/**
 * Friends end to end (English): B holds the cards of A and C (added through the API). B sees
 * them in /friendsList, opens the drawer and A's card from it; then, with the network cut, sets
 * a remark on A, copies A to a group, deletes C (after trying Undo): all show at once, survive
 * an offline reload, and reach the server exactly once when the network is back.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-friends';

async function getJson<T>(server: E2eServer, path: string, token: string): Promise<T> {
  const res = await fetch(new URL(path, server.url), { headers: { token } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as Envelope<T>).data;
}

async function addFriend(server: E2eServer, user: ApiUser, shareStr: string): Promise<void> {
  const res = await postJson<AddedFriends>(server, '/api/friend/add', { content: [shareStr] }, user.token);
  if (res.status !== 200) throw new Error(`friend/add: ${JSON.stringify(res.body)}`);
}

describe('friends', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let a: ApiUser & { shareStr: string };
  let b: ApiUser & { shareStr: string };
  let c: ApiUser & { shareStr: string };
  let clients: Group;
  let friends: FriendsPages;

  const serverFriends = async (groupId = 1) =>
    (await getJson<FriendList>(server, `/api/friend/list/${groupId}?page_size=100`, b.token)).friend_list;

  beforeAll(async () => {
    server = await startServer();
    a = await userWithCard(server, 'Alice Wong', { profile: 'Director at Acme Trading' });
    b = await userWithCard(server, 'Bob Lee', { profile: 'Bob’s profile' });
    c = await userWithCard(server, 'Carl Chan', { profile: 'Carl’s profile' });
    await addFriend(server, b, a.shareStr);
    await addFriend(server, b, c.shareStr);
    // A adds B back: B gets "Alice Wong added your card", which opens A's card.
    await addFriend(server, a, b.shareStr);
    const group = await postJson<Group>(server, '/api/group/add', { group_name: 'Clients' }, b.token);
    if (group.status !== 200) throw new Error(`group/add: ${JSON.stringify(group.body)}`);
    clients = group.body.data;

    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
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

  it('lists the friends by group, with the main group last, and opens a card from the drawer', async () => {
    await page.goto('/friendsList');
    await friends.friend('Alice Wong').waitFor({ timeout: 20_000 });
    expect((await friends.titles()).sort()).toEqual(['Alice Wong', 'Carl Chan']);
    expect(await friends.tabs.getByRole('tab').allTextContents()).toEqual(['Clients0', 'All2']);
    expect(await friends.tab(/^All/).getAttribute('aria-selected')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/friends-list.png` });

    await friends.tab(/^Clients/).click();
    await page.getByText('No cards in this group yet.').waitFor();
    await friends.tab(/^All/).click();
    await friends.friend('Alice Wong').waitFor();

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const drawer = page.getByRole('complementary', { name: 'Notifications' });
    const item = drawer.getByRole('button', { name: /Alice Wong/ });
    await item.waitFor();
    expect(await item.textContent()).toContain('Unread');
    await page.screenshot({ path: `${SHOTS}/drawer.png` });
    // Opening the drawer marks everything read, on the server too.
    await expect
      .poll(async () => (await getJson<NotifyList>(server, '/api/notify/list/1', b.token)).unread, { timeout: 15_000 })
      .toBe(0);

    await item.click();
    await friends.overlay.waitFor();
    expect(await friends.overlay.getByTestId('shared-name').textContent()).toBe('Alice Wong');
    expect(await friends.overlay.textContent()).toContain('Director at Acme Trading');
    await page.screenshot({ path: `${SHOTS}/friend-overlay.png` });
    await friends.close();
    await page.keyboard.press('Escape');
  });

  it('remarks, copies and deletes offline; after a reload too; each reaches the server once', async () => {
    const db = server.app.services.db;
    const mutations = async () =>
      Number(
        (await db.query<{ n: string }>('select count(*) as n from sync_mutations where user_id = $1', [b.id]))[0]?.n,
      );
    await expect.poll(() => friends.pending.count(), { timeout: 15_000 }).toBe(0);
    const before = await mutations();

    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await friends.friend('Alice Wong').waitFor({ timeout: 15_000 });

    await friends.open('Alice Wong');
    await friends.setRemark('Key client');
    await expect.poll(() => friends.overlay.getByTestId('shared-name').textContent()).toBe('Key client (Alice Wong)');
    await friends.toGroup('Copy to group', 'Clients');
    await friends.overlay.locator('.chip').filter({ hasText: 'Clients' }).waitFor();
    await friends.close();
    await friends.friend('Key client (Alice Wong)').waitFor();

    // Undo brings the card back and sends nothing.
    await friends.open('Carl Chan');
    await friends.overlay.getByRole('button', { name: 'Delete card' }).click();
    const undo = page.getByRole('status').filter({ hasText: 'Carl Chan deleted' });
    await undo.waitFor();
    expect(await friends.friend('Carl Chan').count()).toBe(0);
    await undo.getByRole('button', { name: 'Undo' }).click();
    await friends.friend('Carl Chan').waitFor();

    await friends.open('Carl Chan');
    await friends.overlay.getByRole('button', { name: 'Delete card' }).click();
    await undo.waitFor();
    await undo.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => friends.pending.textContent()).toBe('Changes waiting to sync: 3');
    expect(await friends.tabs.getByRole('tab').allTextContents()).toEqual(['Clients1', 'All1']);

    await page.reload();
    await friends.friend('Key client (Alice Wong)').waitFor({ timeout: 15_000 });
    expect(await friends.titles()).toEqual(['Key client (Alice Wong)']);
    await friends.tab(/^Clients/).click();
    expect(await friends.titles()).toEqual(['Key client (Alice Wong)']);
    expect(await mutations()).toBe(before);

    await context.setOffline(false);
    await expect
      .poll(async () => (await serverFriends()).map((f) => f.friend_card_info.name), { timeout: 30_000 })
      .toEqual(['Alice Wong']);
    await expect.poll(() => friends.pending.count(), { timeout: 20_000 }).toBe(0);
    const [alice] = (await serverFriends()) as [Friend];
    expect(alice.remark).toBe('Key client');
    expect(alice.group_id.split(',').map(Number)).toEqual([1, clients.group_id]);
    expect((await serverFriends(clients.group_id)).map((f) => f.accept_id)).toEqual([alice.accept_id]);
    expect(await mutations()).toBe(before + 3);
  });

  it('adds, renames and reorders groups', async () => {
    await page.goto('/friendsCategory');
    await page.getByRole('heading', { name: 'Friend groups' }).waitFor();
    await page.getByPlaceholder('New group').fill('Partners');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect
      .poll(async () => (await getJson<GroupList>(server, '/api/group/list', b.token)).list.map((g) => g.group_name), {
        timeout: 20_000,
      })
      .toEqual(['Clients', 'Partners', expect.any(String)]);
    // Once synced (the offline test below covers a group still waiting).
    await page
      .getByTestId('group-row')
      .filter({ hasText: 'Partners' })
      .getByText('Waiting to sync')
      .waitFor({ state: 'detached', timeout: 15_000 });
    const up = page.getByRole('button', { name: 'Move Partners up' });
    await up.click();
    const rows = page.getByTestId('group-row');
    await expect.poll(() => rows.locator('strong').allTextContents()).toEqual(['Partners', 'Clients']);
    await rows.filter({ hasText: 'Partners' }).getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New name for Partners').fill('Suppliers');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Suppliers').waitFor();
    await page.screenshot({ path: `${SHOTS}/groups.png` });
    await expect
      .poll(async () => (await getJson<GroupList>(server, '/api/group/list', b.token)).list.map((g) => g.group_name), {
        timeout: 20_000,
      })
      .toEqual(['Suppliers', 'Clients', expect.any(String)]);

    // Dragging Clients' handle up by one row puts it first.
    const handle = page.getByRole('button', { name: /^Drag to reorder Clients/ });
    const box = await handle.boundingBox();
    const [first, second] = await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    const step = (second ?? 0) - (first ?? 0);
    if (!box) throw new Error('no drag handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const told = (text: string) => page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' });
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - step / 2, { steps: 4 });
    // Picked up (dnd-kit has measured the rows) before it is moved over the other: on a loaded
    // machine a move sent earlier found no row to be over, and the drop changed nothing.
    await told('Picked up Clients: place 2 of 2.');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - step, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => rows.locator('strong').allTextContents()).toEqual(['Clients', 'Suppliers']);
    await expect
      .poll(async () => (await getJson<GroupList>(server, '/api/group/list', b.token)).list.map((g) => g.group_name), {
        timeout: 20_000,
      })
      .toEqual(['Clients', 'Suppliers', expect.any(String)]);

    // By keyboard: space picks Clients up, the arrow moves it, space puts it down, each step
    // told to screen readers; the arrow alone moves it one place.
    await handle.focus();
    await page.keyboard.press('Space');
    await told('Picked up Clients: place 1 of 2.');
    // dnd-kit's keyboard sensor starts listening in a timer set when the drag starts (so the key
    // that picked the row up is not read as a move): a timer set after it has run once it has.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await page.keyboard.press('ArrowDown');
    await told('Clients moved to place 2 of 2.');
    await page.keyboard.press('Space');
    await told('Clients put down at place 2 of 2.');
    await expect.poll(() => rows.locator('strong').allTextContents()).toEqual(['Suppliers', 'Clients']);
    await page.getByRole('button', { name: /^Drag to reorder Clients/ }).press('ArrowUp');
    await expect.poll(() => rows.locator('strong').allTextContents()).toEqual(['Clients', 'Suppliers']);
    await expect
      .poll(async () => (await getJson<GroupList>(server, '/api/group/list', b.token)).list.map((g) => g.group_name), {
        timeout: 20_000,
      })
      .toEqual(['Clients', 'Suppliers', expect.any(String)]);
  });
  it('makes a group offline and puts a friend in it; both reach the server on reconnecting', async () => {
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.goto('/friendsCategory');
    await page.getByPlaceholder('New group').fill('Trade fair');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('group-row').filter({ hasText: 'Trade fair' }).getByText('Waiting to sync').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Card holder' }).click();
    await friends.open('Key client (Alice Wong)');
    await friends.toGroup('Copy to group', 'Trade fair');
    await friends.close();
    await friends.tab(/^Trade fair/).click();
    await friends.friend('Key client (Alice Wong)').waitFor();

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const created = async () =>
      (await getJson<GroupList>(server, '/api/group/list', b.token)).list.find((g) => g.group_name === 'Trade fair');
    await expect.poll(async () => (await created())?.group_id ?? 0, { timeout: 20_000 }).toBeGreaterThan(1);
    const tradeFair = (await created())?.group_id;
    await expect
      .poll(async () => (await serverFriends(tradeFair)).map((f) => f.friend_card_info.name), { timeout: 20_000 })
      .toEqual(['Alice Wong']);
  });

  it('searches names, remarks and card text offline', async () => {
    await context.setOffline(true);
    await page.goto('/friendsList').catch(() => undefined);
    await page.getByRole('link', { name: 'Search' }).click();
    const box = page.getByRole('searchbox', { name: 'Search names, companies or remarks' });
    await box.fill('acme');
    await friends.friend('Key client (Alice Wong)').waitFor();
    await box.fill('KEY cli');
    await friends.friend('Key client (Alice Wong)').waitFor();
    await box.fill('carl');
    await page.getByText('No matching cards.').waitFor();
    await context.setOffline(false);
  });

  it('adds a card from its share page offline: listed at once, found by company, sent once on reconnecting', async () => {
    const dan = await registerViaApi(server);
    const body = {
      name: 'Dan Ho',
      english_name: '',
      photo: '',
      photo_back: '',
      profile: '',
      is_open: 0,
      extension: { ...emptyExtension(), company: [{ name: 'Dragon Ltd', department: '', position: 'Founder' }] },
    };
    const saved = await postJson<MyCard>(server, '/api/card/create', body, dan.token);
    if (saved.status !== 200) throw new Error(`card/create: ${JSON.stringify(saved.body)}`);

    await page.goto(`/s/${saved.body.data.share_str}`);
    await controlledByServiceWorker(page);
    await page.getByRole('button', { name: 'Add friend' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Add friend' }).click();
    await page.getByText('Added to your card holder. It syncs when you are online.').waitFor();

    await page.goto('/friendsList');
    const row = friends.friend('Dan Ho');
    await row.getByText('Waiting to sync').waitFor({ timeout: 15_000 });
    await friends.open('Dan Ho');
    await friends.overlay.getByText('Saved on this device.', { exact: false }).waitFor();
    expect(await friends.overlay.getByRole('button', { name: 'Delete card' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/friend-pending.png` });
    await friends.close();

    await page.getByRole('link', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search names, companies or remarks' }).fill('dragon');
    await friends.friend('Dan Ho').waitFor();

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.goto('/friendsList');
    await row.getByText('Dragon Ltd · Founder').waitFor({ timeout: 20_000 });
    const entries = (await serverFriends()).filter((f) => f.friend_card_info.name === 'Dan Ho');
    expect(entries.map((f) => f.friend_card_info.company)).toEqual(['Dragon Ltd · Founder']);
    expect(await friends.list.getByRole('button', { name: 'Dan Ho' }).count()).toBe(1);
  });

  it('keeps a card whose link opens with no signal, and adds it when back online', async () => {
    const eve = await userWithCard(server, 'Eve Lam', { profile: 'Eve’s profile' });
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.goto(`/s/${eve.shareStr}`);
    await page.getByText('The card could not be loaded.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Add to my card holder when online' }).click();
    await page.getByText('Saved. The card is added to your card holder when you are back online.').waitFor();
    await page.screenshot({ path: `${SHOTS}/share-offline.png` });

    await page.goto('/friendsList');
    await page.getByTestId('queued-adds').getByText('Cards to add when you are online: 1').waitFor();
    await page.screenshot({ path: `${SHOTS}/friends-queued.png` });
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await friends.friend('Eve Lam').waitFor({ timeout: 20_000 });
    await page.getByTestId('queued-adds').waitFor({ state: 'detached' });
    expect((await serverFriends()).filter((f) => f.friend_card_info.name === 'Eve Lam')).toHaveLength(1);
  });

  it('keeps 10,000 friends smooth: only the rows in view are in the page', async () => {
    await page.goto('/friendsList');
    await friends.friend('Key client (Alice Wong)').waitFor({ timeout: 15_000 });
    // Written straight into IndexedDB (as a pull would), then shown after a reload.
    await page.evaluate(async (count: number) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(document.documentElement.dataset.db ?? 'cardbook');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = db.transaction('friends', 'readwrite');
      const store = tx.objectStore('friends');
      for (let i = 0; i < count; i++) {
        const card = { card_id: 900_000 + i, name: `Friend ${i}`, avatar: '', profile: `Company ${i}`, photo: '' };
        store.put({
          accept_id: 1_000_000 + i,
          friend_card_info: card,
          remark: '',
          group_id: '1',
          group_main: 1,
          status: i % 50 === 0 ? 20 : 0,
          groupIds: [1],
        });
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, 10_000);
    await page.reload();
    const started = Date.now();
    await friends.friend('Friend 9999').waitFor({ timeout: 15_000 });
    const shown = Date.now() - started;
    expect(await friends.tab(/^All/).textContent()).toBe('All10003');
    const rows = await page.locator('.vlist-row').count();
    expect(rows).toBeLessThan(40);
    // The first screen comes first; then the list is as tall as every entry.
    await expect.poll(() => friends.list.evaluate((el) => el.scrollHeight)).toBeGreaterThan(72 * 10_000);
    await friends.list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await friends.friend('Key client (Alice Wong)').waitFor();
    expect(await page.locator('.vlist-row').count()).toBeLessThan(40);
    await friends.list.evaluate((el) => {
      el.scrollTop = 72 * 5000;
    });
    await friends.friend('Friend 4999').waitFor();
    await page.screenshot({ path: `${SHOTS}/friends-list-10000.png` });
    // Kept alive: leaving and coming back shows the same place.
    await page.getByRole('link', { name: 'Groups' }).click();
    await page.getByRole('heading', { name: 'Friend groups' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Card holder' }).click();
    await friends.friend('Friend 4999').waitFor();
    console.log(`10,000 friends: first row shown ${shown} ms after reload, ${rows} rows in the DOM`);
  });
});
