import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { pageOf } from '../../server/services/sync';
import type { Profile, PullResult, PushResult, SyncRow } from '../../src/api';
import { call, createTestApp, registerUser, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  // Every case signs up a fresh user; the per-address sign-up budget would run out.
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy } });
});
afterAll(async () => {
  await t.close();
});

const pull = (token: string, query: Record<string, string> = { cursor: '0' }) =>
  call<PullResult>(t.app, 'GET', '/api/sync/pull', undefined, { token, query });

type Pushed = { id: string; name: string; args?: unknown };
const push = (token: string, mutations: Pushed[], clientId = 'client-one', lang?: string) =>
  call<PushResult>(t.app, 'POST', '/api/sync/push', { client_id: clientId, mutations }, { token, lang });

const getProfile = async (token: string) =>
  (await call<Profile>(t.app, 'GET', '/api/user/getProfile', undefined, { token })).body.data;

const setProfile = (id: string, args: Record<string, unknown>): Pushed => ({ id, name: 'setProfile', args });

let ids = 0;
const newId = () => `m${++ids}-${Date.now()}`;

/** The number of rows recorded for a user's pushed mutations. */
async function recorded(userId: number): Promise<number> {
  const [row] = await t.app.services.db.query<{ n: number }>(
    'select count(*)::int as n from sync_mutations where user_id = $1',
    [userId],
  );
  return row?.n ?? 0;
}

describe('pull', () => {
  it('answers the profile from cursor 0', async () => {
    const user = await registerUser(t);
    const res = await pull(user.token);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const { rows, cursor, more } = res.body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ table: 'profile', key: 'me', deleted: false });
    expect(rows[0]?.value).toEqual(await getProfile(user.token));
    expect(cursor).toBe(rows[0]?.version);
    expect(more).toBe(false);
  });

  it('answers only what changed after the cursor', async () => {
    const user = await registerUser(t);
    const first = (await pull(user.token)).body.data;
    const edit = await call(t.app, 'POST', '/api/user/setProfile', { fullName: 'Chan Tai Man' }, { token: user.token });
    expect(edit.status).toBe(200);

    const next = (await pull(user.token, { cursor: String(first.cursor) })).body.data;
    expect(next.rows).toHaveLength(1);
    expect(next.rows[0]?.value).toMatchObject({ fullName: 'Chan Tai Man', name: 'Chan Tai Man' });
    expect(next.cursor).toBeGreaterThan(first.cursor);

    const none = (await pull(user.token, { cursor: String(next.cursor) })).body.data;
    expect(none).toEqual({ rows: [], cursor: next.cursor, more: false });
  });

  it('pages with limit', async () => {
    const user = await registerUser(t);
    const page = (await pull(user.token, { cursor: '0', limit: '1' })).body.data;
    expect(page.rows).toHaveLength(1);
    expect(page.more).toBe(false);
    const after = (await pull(user.token, { cursor: String(page.cursor), limit: '1' })).body.data;
    expect(after).toEqual({ rows: [], cursor: page.cursor, more: false });
  });

  it('merges several tables by version into pages', () => {
    const row = (version: number): SyncRow => ({
      table: 'profile',
      key: `k${version}`,
      version,
      deleted: true,
      value: null,
    });
    // Each table answered its limit + 1 oldest rows after cursor 10, as the readers do.
    const tables = [[row(11), row(14), row(15)], [row(12), row(13), row(16)], []];
    const first = pageOf(tables, 10, 2);
    expect(first.rows.map((r) => r.version)).toEqual([11, 12]);
    expect(first).toMatchObject({ cursor: 12, more: true });
    expect(pageOf([[row(13)], []], 12, 2)).toMatchObject({ cursor: 13, more: false });
    expect(pageOf([[], []], 12, 2)).toEqual({ rows: [], cursor: 12, more: false });
  });

  it('sends a deleted row as a tombstone', async () => {
    const user = await registerUser(t);
    const before = (await pull(user.token)).body.data.cursor;
    await t.app.services.db.query('update users set deleted_at = now() where id = $1', [user.id]);
    const res = await pull(user.token, { cursor: String(before) });
    expect(res.body.data.rows).toEqual([
      { table: 'profile', key: 'me', version: res.body.data.cursor, deleted: true, value: null },
    ]);
  });

  it('answers 401 without a token', async () => {
    const res = await call(t.app, 'GET', '/api/sync/pull', undefined, { query: { cursor: '0' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, data: null });
  });
});

describe('push', () => {
  it('applies setProfile through the REST service', async () => {
    const user = await registerUser(t);
    const cursor = (await pull(user.token)).body.data.cursor;
    const id = newId();
    const res = await push(user.token, [setProfile(id, { fullName: 'Wong Siu Ming', age: 30 })]);
    expect(res.status).toBe(200);
    const profile = await getProfile(user.token);
    expect(profile).toMatchObject({ fullName: 'Wong Siu Ming', age: 30 });
    expect(res.body.data.results).toEqual([{ id, ok: true, data: profile }]);

    const changed = (await pull(user.token, { cursor: String(cursor) })).body.data;
    expect(changed.rows.map((r) => r.value)).toEqual([profile]);
  });

  it('applies a mutation id once within one push, answering the stored result twice', async () => {
    const user = await registerUser(t);
    const id = newId();
    const res = await push(user.token, [setProfile(id, { profile: 'first' }), setProfile(id, { profile: 'second' })]);
    const [first, second] = res.body.data.results;
    expect(first).toMatchObject({ id, ok: true, data: { profile: 'first' } });
    expect(second).toEqual(first);
    expect((await getProfile(user.token)).profile).toBe('first');
    expect(await recorded(user.id)).toBe(1);
  });

  it('answers a replay in a later request with the stored result, even with other args', async () => {
    const user = await registerUser(t);
    const id = newId();
    const first = await push(user.token, [setProfile(id, { english_name: 'Alice' })]);
    const cursor = (await pull(user.token)).body.data.cursor;

    const same = await push(user.token, [setProfile(id, { english_name: 'Alice' })]);
    const other = await push(user.token, [setProfile(id, { english_name: 'Bob' })]);
    expect(same.body.data).toEqual(first.body.data);
    expect(other.body.data).toEqual(first.body.data);
    expect((await getProfile(user.token)).english_name).toBe('Alice');
    // Nothing ran: the row's version did not move.
    expect((await pull(user.token, { cursor: String(cursor) })).body.data.rows).toEqual([]);
  });

  it('applies an id once when its pushes race', async () => {
    const user = await registerUser(t);
    const id = newId();
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((v) => push(user.token, [setProfile(id, { profile: v })])),
    );
    const first = answers[0]?.body.data;
    for (const answer of answers) expect(answer.body.data).toEqual(first);
    expect(first?.results).toEqual([{ id, ok: true, data: await getProfile(user.token) }]);
    expect(await recorded(user.id)).toBe(1);
  });

  it('keeps mutation ids apart per client', async () => {
    const user = await registerUser(t);
    const id = newId();
    await push(user.token, [setProfile(id, { profile: 'from one' })], 'client-one');
    const res = await push(user.token, [setProfile(id, { profile: 'from two' })], 'client-two');
    expect(res.body.data.results[0]).toMatchObject({ ok: true, data: { profile: 'from two' } });
    expect(await recorded(user.id)).toBe(2);
  });

  it('rejects bad args naming the field, and still applies the next mutation', async () => {
    const user = await registerUser(t);
    const [bad, unknown, notObject, good] = [newId(), newId(), newId(), newId()];
    const res = await push(
      user.token,
      [
        setProfile(bad, { fullName: 'Never', age: 200 }),
        setProfile(unknown, { nickname: 'x' }),
        { id: notObject, name: 'setProfile', args: null },
        setProfile(good, { fullName: 'Applied' }),
      ],
      'client-one',
      'en-us',
    );
    expect(res.status).toBe(200);
    const results = res.body.data.results;
    expect(results[0]).toEqual({ id: bad, ok: false, code: 400, msg: 'The field “age” is not valid' });
    expect(results[1]).toEqual({ id: unknown, ok: false, code: 400, msg: 'The field “nickname” is not supported' });
    expect(results[2]).toEqual({ id: notObject, ok: false, code: 400, msg: 'The field “args” is not valid' });
    expect(results[3]).toMatchObject({ id: good, ok: true, data: { fullName: 'Applied' } });
    expect(await getProfile(user.token)).toMatchObject({ fullName: 'Applied', age: null });

    // A rejection is an outcome too: replaying the id, even fixed, answers it again.
    const again = await push(user.token, [setProfile(bad, { age: 20 })], 'client-one', 'en-us');
    expect(again.body.data.results).toEqual([results[0]]);
    expect((await getProfile(user.token)).age).toBeNull();
  });

  it('rejects an unknown mutation name in the caller language', async () => {
    const user = await registerUser(t);
    const id = newId();
    const res = await push(user.token, [{ id, name: 'dropTables', args: {} }], 'client-one', 'en-us');
    expect(res.body.data.results).toEqual([
      { id, ok: false, code: 400, msg: expect.stringContaining('does not support') },
    ]);
    const hk = await push(user.token, [{ id: newId(), name: 'toString', args: {} }]);
    expect(hk.body.data.results[0]).toMatchObject({
      ok: false,
      code: 400,
      msg: expect.stringContaining('請更新應用程式'),
    });
  });

  it('keeps users apart', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const id = newId();
    await push(a.token, [setProfile(id, { fullName: 'Only A' })]);
    const bRows = (await pull(b.token)).body.data.rows;
    expect(bRows).toHaveLength(1);
    expect(bRows[0]?.value).toMatchObject({ user_id: b.id });
    expect(bRows[0]?.value).not.toMatchObject({ fullName: 'Only A' });

    // The same mutation id and client from B is B's own mutation and changes only B.
    const res = await push(b.token, [setProfile(id, { fullName: 'Only B' })]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true, data: { user_id: b.id, fullName: 'Only B' } });
    expect((await getProfile(a.token)).fullName).toBe('Only A');
    expect((await getProfile(b.token)).fullName).toBe('Only B');
  });

  it('answers 401 without a token and records nothing', async () => {
    const user = await registerUser(t);
    const res = await call(t.app, 'POST', '/api/sync/push', {
      client_id: 'client-one',
      mutations: [setProfile(newId(), { fullName: 'Nobody' })],
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, data: null });
    expect(await recorded(user.id)).toBe(0);
  });

  it('commits a mutation and its record together, or neither', async () => {
    const user = await registerUser(t);
    const db = t.app.services.db;
    await db.exec(`
      create function refuse_record() returns trigger language plpgsql as $$
      begin
        if new.result::text like '%lost%' then raise exception 'record refused'; end if;
        return new;
      end $$;
      create trigger refuse_record before update on sync_mutations
        for each row execute function refuse_record();`);
    const [done, failing] = [newId(), newId()];
    try {
      // Each mutation is its own transaction: the first commits before the second fails.
      const res = await push(user.token, [
        setProfile(done, { profile: 'kept' }),
        setProfile(failing, { profile: 'lost' }),
      ]);
      expect(res.status).toBe(500);
    } finally {
      await db.exec('drop trigger refuse_record on sync_mutations; drop function refuse_record();');
    }
    // The failed one left neither its write nor its record, so a retry applies it once.
    expect(await recorded(user.id)).toBe(1);
    expect((await getProfile(user.token)).profile).toBe('kept');
    const retry = await push(user.token, [setProfile(done, {}), setProfile(failing, { profile: 'retried' })]);
    expect(retry.body.data.results[0]).toMatchObject({ id: done, ok: true, data: { profile: 'kept' } });
    expect(retry.body.data.results[1]).toMatchObject({ id: failing, ok: true, data: { profile: 'retried' } });
    expect(await recorded(user.id)).toBe(2);
  });
});

describe('lone surrogates', () => {
  // Half of a UTF-16 pair: a JSON escape carries it, but no database column takes it.
  const lone = '\uD800';

  it('stores a lone surrogate in a card list entry, a cloud card row or a mutation id as U+FFFD', async () => {
    const user = await registerUser(t);
    const [entry, row, loneId, after] = [newId(), newId(), `${newId()}${lone}`, newId()];
    const res = await push(user.token, [
      {
        id: entry,
        name: 'patchCard',
        args: {
          fields: { name: `Chan${lone}` },
          lists: { address: { from: [], to: [{ key: 'office', content: `1 Queen's Road${lone}` }] } },
        },
      },
      {
        id: row,
        name: 'addCloudCard',
        args: { id: 'cloudcard-lone-1', extension: [{ key: `name${lone}`, value: `Wong${lone}` }] },
      },
      setProfile(loneId, { profile: `about${lone}` }),
      setProfile(after, { fullName: 'Still applied' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r) => [r.id, r.ok])).toEqual([
      [entry, true],
      [row, true],
      [loneId.replace(lone, '\uFFFD'), true],
      [after, true],
    ]);
    const rows = (await pull(user.token)).body.data.rows;
    const card = rows.find((r) => r.table === 'card')?.value as { name: string; extension: { address: unknown[] } };
    expect(card.name).toBe('Chan\uFFFD');
    expect(card.extension.address).toEqual([{ key: 'office', content: "1 Queen's Road\uFFFD" }]);
    expect(rows.find((r) => r.table === 'cloudCard')?.value).toMatchObject({
      extension: [{ key: 'name\uFFFD', value: 'Wong\uFFFD' }],
    });
    expect(await getProfile(user.token)).toMatchObject({ profile: 'about\uFFFD', fullName: 'Still applied' });
  });

  it('takes one in a REST call as well', async () => {
    const user = await registerUser(t);
    const res = await call(
      t.app,
      'POST',
      '/api/ocr/add',
      { extension: [{ key: 'name', value: `Lee${lone}` }] },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ extension: [{ key: 'name', value: 'Lee\uFFFD' }] });
  });
});

describe('owner', () => {
  it('refuses a push or a pull naming another account than the token’s with 409, recording nothing', async () => {
    const mine = await registerUser(t);
    const other = await registerUser(t);
    const res = await call(
      t.app,
      'POST',
      '/api/sync/push',
      { client_id: 'client-one', owner: mine.id, mutations: [setProfile(newId(), { profile: 'not yours' })] },
      { token: other.token, lang: 'en-us' },
    );
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('another account');
    expect(await recorded(other.id)).toBe(0);
    expect((await getProfile(other.token)).profile).toBe('');
    expect((await pull(other.token, { cursor: '0', owner: String(mine.id) })).status).toBe(409);

    const own = await push(other.token, [setProfile(newId(), { profile: 'mine' })]);
    expect(own.body.data.results[0]).toMatchObject({ ok: true });
    const named = await call<PushResult>(
      t.app,
      'POST',
      '/api/sync/push',
      { client_id: 'client-one', owner: other.id, mutations: [setProfile(newId(), { profile: 'named' })] },
      { token: other.token },
    );
    expect(named.body.data.results[0]).toMatchObject({ ok: true, data: { profile: 'named' } });
    expect((await pull(other.token, { cursor: '0', owner: String(other.id) })).status).toBe(200);
  });
});
