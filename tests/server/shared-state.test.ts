import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { type Db, openDb } from '../../server/db/db';
import { LogSender } from '../../server/mail/sender';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { dropSchema, plainCard, registerUser } from './helper';
import { migratedTemplate } from './pglite-template';

/**
 * Two servers on one database, as two processes behind a load balancer run: what a limit
 * counts lives in the database, so a burst spread over both is counted once; one user's pushes
 * through both apply each mutation once; a session ended through one is refused by the other.
 */
const url = process.env.DATABASE_URL;
const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
let db: Db;
let servers: App[] = [];
const sender = new LogSender();
const blobDir = mkdtempSync(join(tmpdir(), 'cardbook-blobs-'));

beforeAll(async () => {
  db = url
    ? await openDb({ engine: 'postgres', url, schema, poolSize: 4 })
    : await openDb({ engine: 'pglite', template: await migratedTemplate() });
  // Each server closes its database when it stops: the test closes the shared one itself.
  const shared: Db = {
    engine: db.engine,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    tx: (fn) => db.tx(fn),
    listen: (channel, onNotice, onListening) => db.listen(channel, onNotice, onListening),
    close: async () => {},
  };
  servers = await Promise.all(
    [0, 1].map(async () => {
      // Sessions and shared cards kept for a minute: only the database's notice ends one sooner.
      const app = await buildApp({
        db: shared,
        blobDir,
        staticDir: null,
        sender,
        logger: false,
        sessionCacheMs: 60_000,
        sharedCardCacheMs: 60_000,
      });
      await app.ready();
      return app;
    }),
  );
});

afterAll(async () => {
  for (const app of servers) await app.close();
  await db.close();
  rmSync(blobDir, { recursive: true, force: true });
  if (url) await dropSchema(url, schema);
});

describe('state shared by every server process', () => {
  it('checks at most ten of 100 wrong passwords spread over two servers, and then refuses the right one', async () => {
    const [one, two] = servers as [App, App];
    const { email, password: right } = await registerUser({
      app: one,
      sender,
      blobDir,
      engine: db.engine,
      close: async () => {},
    });
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const server = i % 2 === 0 ? one : two;
        const password = i === 99 ? right : `wrong-${i}`;
        const res = await server.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
        return res.statusCode;
      }),
    );
    const checked = statuses.filter((s) => s !== 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginFailures.points);
    expect(statuses[99]).toBe(429);
    expect(statuses).not.toContain(200);
  });

  it('refuses, within two seconds, a session another server ended while this one kept it', async () => {
    const [one, two] = servers as [App, App];
    const user = await registerUser({ app: one, sender, blobDir, engine: db.engine, close: async () => {} });
    const login = await one.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
      // Not the address the burst above spent its tries from.
      remoteAddress: '10.0.0.2',
    });
    const other = (login.json() as { data: { token: string } }).data.token;
    const profile = (token: string) => two.inject({ method: 'GET', url: '/api/user/getProfile', headers: { token } });
    // The second server has both sessions in hand.
    expect((await profile(other)).statusCode).toBe(200);
    expect((await profile(user.token)).statusCode).toBe(200);
    const ended = await one.inject({
      method: 'POST',
      url: '/api/user/sessions/sign_out_others',
      headers: { token: user.token },
      payload: {},
    });
    expect(ended.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await profile(other)).statusCode).toBe(401), { timeout: 2_000, interval: 20 });
    expect((await profile(user.token)).statusCode).toBe(200);
  });

  it('answers my profile changed through one server fresh from the other at once, and from the first straight away', async () => {
    const [one, two] = servers as [App, App];
    const user = await registerUser({ app: one, sender, blobDir, engine: db.engine, close: async () => {} });
    const name = async (server: App) =>
      (
        (
          await server.inject({ method: 'GET', url: '/api/user/getProfile', headers: { token: user.token } })
        ).json() as {
          data: { fullName: string };
        }
      ).data.fullName;
    // Both servers keep my profile now.
    await name(one);
    await name(two);
    const set = await one.inject({
      method: 'POST',
      url: '/api/user/setProfile',
      headers: { token: user.token },
      payload: { fullName: 'Wing Chan' },
    });
    expect(set.statusCode).toBe(200);
    expect(await name(one)).toBe('Wing Chan');
    await vi.waitFor(async () => expect(await name(two)).toBe('Wing Chan'), { timeout: 2_000, interval: 20 });
  });

  it('shows a visitor of the other server a card edited through one at once', async () => {
    const [one, two] = servers as [App, App];
    const user = await registerUser({ app: one, sender, blobDir, engine: db.engine, close: async () => {} });
    const save = (name: string) =>
      one.inject({
        method: 'POST',
        url: '/api/card/create',
        headers: { token: user.token },
        payload: plainCard(name),
      });
    const first = await save('陳大文');
    expect(first.statusCode).toBe(200);
    const key = (first.json() as { data: { share_str: string } }).data.share_str;
    const visit = async () =>
      (
        (await two.inject({ method: 'GET', url: `/api/card/cardInfo/${key}` })).json() as {
          data: { extension: { name: string } };
        }
      ).data.extension.name;
    // The other server now answers visitors from its copy.
    expect(await visit()).toBe('陳大文');
    expect((await save('陳小文')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await visit()).toBe('陳小文'), { timeout: 2_000, interval: 20 });
  });

  it("applies one user's pushes through both servers each once, a batch replayed through the other too", async () => {
    const [one, two] = servers as [App, App];
    const user = await registerUser({ app: one, sender, blobDir, engine: db.engine, close: async () => {} });
    const batch = (device: string) =>
      Array.from({ length: 15 }, (_, i) => ({
        id: `${device}-${i}`,
        name: 'addGroup',
        args: { group_name: `${device} group ${i}` },
      }));
    const send = (server: App, device: string) =>
      server.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { token: user.token },
        payload: { client_id: device, mutations: batch(device) },
      });
    // Both devices at once, each through its own server; then each batch again through the
    // other (a client whose answer was lost when its server went away).
    const first = await Promise.all([send(one, 'phone-0001'), send(two, 'tablet-0002')]);
    const again = await Promise.all([send(two, 'phone-0001'), send(one, 'tablet-0002')]);
    for (const res of [...first, ...again]) expect(res.statusCode).toBe(200);
    const names = (
      await db.query<{ group_name: string }>(
        "select name as group_name from friend_groups where user_id = $1 and name like '% group %' and deleted_at is null",
        [user.id],
      )
    ).map((r) => r.group_name);
    expect(names).toHaveLength(30);
    expect(new Set(names).size).toBe(30);
    const [recorded] = await db.query<{ n: number }>(
      'select count(*)::int as n from sync_mutations where user_id = $1',
      [user.id],
    );
    expect(recorded?.n).toBe(30);
  });
});
