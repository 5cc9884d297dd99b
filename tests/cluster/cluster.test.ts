import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addSessionCookie } from '../e2e/support/api';
import { launchBrowser, newPhoneContext } from '../e2e/support/browser';
import { readMeta } from '../e2e/support/idb';
import { plainCard } from '../server/helper';
import { type Cluster, startCluster } from './support';

/**
 * `npm run cluster -- 2` as it is: two server processes behind HAProxy, on a throw-away
 * PostgreSQL and Mosquitto. Clients reach everything through the balancer; a request with
 * `x-cardbook-server: appN` goes to that process (how two devices are pinned to two processes).
 */
const PORT = 18480;
let cluster: Cluster;
const api: Cluster['api'] = (...args) => cluster.api(...args);
const register = () => cluster.register();

/** Every row of the caller's view, page after page. */
async function pullAll(token: string, on?: string) {
  const rows: { table: string; key: string; value: Record<string, unknown> | null }[] = [];
  let cursor = 0;
  for (;;) {
    const res = await api<{ rows: typeof rows; cursor: number; more: boolean }>(
      'GET',
      `/api/sync/pull?cursor=${cursor}`,
      { token, on },
    );
    expect(res.status).toBe(200);
    rows.push(...res.body.data.rows);
    cursor = res.body.data.cursor;
    if (!res.body.data.more) return rows;
  }
}

const groupNames = (rows: Awaited<ReturnType<typeof pullAll>>) =>
  rows.filter((r) => r.table === 'group' && r.value).map((r) => String(r.value?.group_name));

beforeAll(async () => {
  cluster = await startCluster(2, PORT);
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
});

/** One user's phone on /friendsCategory, pinned to process `on`, leading its sync worker with its live connection up. */
async function groupsPage(browser: Browser, token: string, on: string): Promise<Page> {
  const context = await newPhoneContext(browser, cluster.url, {
    locale: 'en-US',
    extraHTTPHeaders: { 'x-cardbook-server': on },
  });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  await addSessionCookie(context, cluster, token);
  const page = await context.newPage();
  await page.goto('/friendsCategory');
  await page.getByRole('heading', { name: 'Friend groups' }).waitFor();
  await expect
    .poll(async () => ((await readMeta(page, 'liveState')) as { connected?: boolean } | null)?.connected, {
      timeout: 20_000,
    })
    .toBe(true);
  return page;
}

describe('two server processes behind HAProxy, on PostgreSQL and Mosquitto', () => {
  it("shows each of one user's two browsers, pinned to different processes, the other's change live", async () => {
    const user = await register();
    const login = await api<{ token: string }>('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    const browser = await launchBrowser();
    try {
      const phone = await groupsPage(browser, user.token, 'app1');
      const tablet = await groupsPage(browser, login.body.data.token, 'app2');
      const add = async (page: Page, name: string) => {
        await page.getByPlaceholder('New group').fill(name);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
      };
      const row = (page: Page, name: string) => page.getByTestId('group-row').filter({ hasText: name });
      // Well inside the 30 s periodic pull: only a push through Mosquitto brings it this fast.
      await add(phone, 'Partners');
      await row(tablet, 'Partners').waitFor({ timeout: 5_000 });
      await add(tablet, 'Suppliers');
      await row(phone, 'Suppliers').waitFor({ timeout: 5_000 });
    } finally {
      await browser.close();
    }
  });

  it("tells one user's device on one process, live, of a change made through the other", async () => {
    const user = await register();
    const login = await api<{ token: string }>('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    const tablet = login.body.data.token;
    // The tablet, pinned to app2, listens on the broker through the balancer.
    const session = await api<{ url: string; username: string; client_id: string; prefix: string }>(
      'GET',
      '/api/push/session',
      { token: tablet, on: 'app2' },
    );
    expect(session.status).toBe(200);
    expect(session.body.data.url).toBe(`ws://127.0.0.1:${PORT}/mqtt`);
    const broker = await mqtt.connectAsync(session.body.data.url, {
      username: session.body.data.username,
      password: tablet,
      clientId: session.body.data.client_id,
      reconnectPeriod: 0,
    });
    try {
      const poked = new Promise<string>((resolve) => broker.once('message', (topic) => resolve(topic)));
      await broker.subscribeAsync(`${session.body.data.prefix}/system/${user.id}`, { qos: 1 });
      // The phone, pinned to app1, adds a group.
      const pushed = await api('POST', '/api/sync/push', {
        token: user.token,
        on: 'app1',
        body: {
          client_id: 'phone-0001',
          mutations: [{ id: 'phone-0001-1', name: 'addGroup', args: { group_name: 'Met at the fair' } }],
        },
      });
      expect(pushed.status).toBe(200);
      expect(await poked).toBe(`${session.body.data.prefix}/system/${user.id}`);
      expect(groupNames(await pullAll(tablet, 'app2'))).toContain('Met at the fair');
    } finally {
      await broker.endAsync();
    }
  });

  it('shows a visitor of one process a card edited through the other at once', async () => {
    const user = await register();
    const save = (name: string) =>
      api<{ share_str: string }>('POST', '/api/card/create', {
        token: user.token,
        on: 'app1',
        body: plainCard(name),
      });
    const first = await save('Ada Lam');
    expect(first.status).toBe(200);
    const key = first.body.data.share_str;
    const visit = async () =>
      (await api<{ extension: { name: string } }>('GET', `/api/card/cardInfo/${key}`, { on: 'app2' })).body.data
        .extension.name;
    expect(await visit()).toBe('Ada Lam');
    expect((await save('Ada Lam Wing')).status).toBe(200);
    // Well inside the 5 s a visitor's copy is kept: the edit reached app2 by the database's notice.
    await vi.waitFor(async () => expect(await visit()).toBe('Ada Lam Wing'), { timeout: 2_000, interval: 20 });
  });

  it('checks at most ten of 100 wrong passwords spread over both processes', async () => {
    const user = await register();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await api('POST', '/api/login', {
          body: { email: user.email, password: `wrong-${i}` },
          on: i % 2 === 0 ? 'app1' : 'app2',
        });
        return res.status;
      }),
    );
    const checked = statuses.filter((s) => s !== 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(statuses).not.toContain(200);
  });

  it('carries on through the other process when one is killed in the middle of pushes: nothing lost, nothing twice', async () => {
    const user = await register();
    // 95 groups: under the 100 a user may have, with the main one.
    const batches = 19;
    const each = 5;
    let retried = 0;
    for (let b = 0; b < batches; b++) {
      // Killed while this batch is on its way.
      if (b === 6) setImmediate(() => process.kill(cluster.pids.get('app1') ?? 0, 'SIGKILL'));
      const body = {
        client_id: 'phone-0002',
        mutations: Array.from({ length: each }, (_, i) => ({
          id: `phone-0002-${b}-${i}`,
          name: 'addGroup',
          args: { group_name: `batch ${b} group ${i}` },
        })),
      };
      // As the sync worker does: the same batch again until an answer comes back.
      for (;;) {
        const res = await fetch(`${cluster.url}/api/sync/push`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: user.token },
          body: JSON.stringify(body),
        }).catch(() => null);
        if (res?.status === 200) break;
        retried += 1;
        expect(retried).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const names = groupNames(await pullAll(user.token)).filter((n) => n.startsWith('batch '));
    expect(names).toHaveLength(batches * each);
    expect(new Set(names).size).toBe(batches * each);
    // app1 is gone: everything was answered by app2.
    expect((await fetch(`${cluster.url}/readyz`, { headers: { 'x-cardbook-server': 'app2' } })).status).toBe(200);
  });
});
