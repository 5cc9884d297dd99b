import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtension } from '../../server/services/cards';
import type { MyCard } from '../../src/api';
import { plainCard } from '../server/helper';
import { addSessionCookie, postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { readMeta } from './support/idb';
import { type E2eServer, pushTransportFromEnv, startServer } from './support/server';

/**
 * Live push end to end (issue 6, client part): A is signed in on /userHome with the sync worker
 * leading and its live connection up; B adds A's card through the API; A's notification badge
 * shows within 3 s, long before the 30 s periodic pull, so it came by push. Runs against the
 * embedded broker, or against Mosquitto when MQTT_URL is set (.ci/start-mosquitto.sh).
 */
const BROKER = process.env.MQTT_URL ? 'Mosquitto (MQTT_URL)' : 'the embedded broker';

/** A signed-in English page on `path`, leading the sync worker, with its live connection up and first pull done. */
async function livePage(browser: Browser, server: E2eServer, contexts: BrowserContext[], token: string, path: string) {
  const context = await newPhoneContext(browser, server.url, {
    serviceWorkers: 'allow',
    cutWhenOffline: true,
    locale: 'en-US',
  });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  await addSessionCookie(context, server, token);
  const page = await context.newPage();
  await page.goto(path);
  await untilLive(page);
  return { context, page };
}

/** The page leads the sync worker, its live connection is up and subscribed, and the pulls it started are done. */
async function untilLive(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.syncRole), { timeout: 10_000 })
    .toBe('leader');
  await expect
    .poll(async () => ((await readMeta(page, 'liveState')) as { connected?: boolean } | null)?.connected, {
      timeout: 10_000,
    })
    .toBe(true);
  await expect
    .poll(async () => {
      const state = (await readMeta(page, 'syncState')) as { syncing?: boolean; lastSyncAt?: number } | null;
      return Boolean(state && !state.syncing && (state.lastSyncAt ?? 0) > 0);
    })
    .toBe(true);
}

async function createCard(server: E2eServer, token: string, name: string): Promise<MyCard> {
  const created = await postJson<MyCard>(server, '/api/card/create', plainCard(name), token);
  expect(created.status).toBe(200);
  return created.body.data;
}

type FriendList = { friend_list: { accept_id: number; status: number; friend_card_info: { card_id: number } }[] };

describe(`live push over ${BROKER}`, () => {
  let server: E2eServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ pushTransport: pushTransportFromEnv() });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows A's unread badge within 3 s of B adding A's card", async () => {
    const a = await registerViaApi(server);
    const created = await postJson<MyCard>(
      server,
      '/api/card/create',
      {
        name: 'Alice Live',
        english_name: '',
        photo: '',
        photo_back: '',
        profile: '',
        is_open: 0,
        extension: emptyExtension(),
      },
      a.token,
    );
    expect(created.status).toBe(200);
    const shareStr = created.body.data.share_str;
    const b = await registerViaApi(server);

    const context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, a.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /^mqtt-/.test(m.text())) errors.push(m.text());
    });
    await page.goto('/userHome');
    await untilLive(page);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    expect(await page.locator('.topbar .badge').count()).toBe(0);

    const added = await postJson(server, '/api/friend/add', { content: [shareStr] }, b.token);
    expect(added.status).toBe(200);

    // Well inside the 30 s periodic pull: only the push can have woken the pull this fast.
    await page.locator('.topbar .badge').waitFor({ timeout: 3_000 });
    expect(await page.locator('.topbar .badge').textContent()).toBe('1');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications 1');
    expect(errors).toEqual([]);
  });

  it('B adds A from the share page while offline; A sees it by push; A removes B and B sees status 20 by push', async () => {
    const a = await registerViaApi(server);
    const b = await registerViaApi(server);
    const cardA = await createCard(server, a.token, 'Alice Pair');
    const cardB = await createCard(server, b.token, 'Bob Pair');
    const alice = await livePage(browser, server, contexts, a.token, '/userHome');
    const bob = await livePage(browser, server, contexts, b.token, `/s/${cardA.share_str}`);

    // B, offline, adds A: kept in the outbox, sent once on reconnecting.
    await bob.context.setOffline(true);
    await bob.page.getByRole('button', { name: 'Add friend' }).click();
    await bob.page.getByText('Added to your card holder. It syncs when you are online.').waitFor();
    await bob.context.setOffline(false);
    await bob.page.evaluate(() => window.dispatchEvent(new Event('online')));
    const bList = async () => {
      const res = await fetch(new URL('/api/friend/list/1', server.url), { headers: { token: b.token } });
      return ((await res.json()) as { data: FriendList }).data.friend_list;
    };
    await expect.poll(async () => (await bList()).map((f) => f.friend_card_info.card_id)).toEqual([cardA.card_id]);

    // A learns by push, well before a periodic pull: the badge, then the drawer item.
    await alice.page.locator('.topbar .badge').waitFor({ timeout: 3_000 });
    await alice.page.getByRole('button', { name: /^Notifications/ }).click();
    await alice.page.getByText('Bob Pair added your card').waitFor();

    // A holds B's card too, then removes it: B's entry for A gets status 20, pushed to B.
    expect((await postJson(server, '/api/friend/add', { content: [cardB.share_str] }, a.token)).status).toBe(200);
    const aRes = await fetch(new URL('/api/friend/list/1', server.url), { headers: { token: a.token } });
    const aEntry = ((await aRes.json()) as { data: FriendList }).data.friend_list[0];
    if (!aEntry) throw new Error('A has no entry for B');
    await bob.page.goto('/friendsList');
    await bob.page.getByTestId('friend-list').getByText('Alice Pair').waitFor();
    const removed = await fetch(new URL(`/api/friend/delFriend/${aEntry.accept_id}`, server.url), {
      headers: { token: a.token },
    });
    expect(removed.status).toBe(200);
    expect((await bList())[0]?.status).toBe(20);
    await bob.page.getByTestId('friend-list').getByText('Removed your card').waitFor({ timeout: 5_000 });
  });
});
