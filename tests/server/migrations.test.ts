import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type Db, openDb } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { LogSender } from '../../server/mail/sender';
import { issueToken } from '../../server/services/tokens';
import type { Friend, MyCard, SharedCard } from '../../src/api';
import { call, dropSchema } from './helper';

/**
 * Upgrades lose nothing: a database as the server before migrations 0018 and 0019 left it
 * (rows written in SQL as that server wrote them) is served the same once they have run.
 */
const url = process.env.DATABASE_URL;
const schema = `upgrade_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
let db: Db;
let app: Awaited<ReturnType<typeof buildApp>>;
let ids: { amy: number; ben: number; card: number };
const blobDir = mkdtempSync(join(tmpdir(), 'cardbook-upgrade-'));

beforeAll(async () => {
  db = url ? await openDb({ engine: 'postgres', url, schema, poolSize: 2 }) : await openDb({ engine: 'pglite' });
  await migrate(db, { upTo: '0017_profile_notices.sql' });
  const [amy, ben] = await db.query<{ id: number }>(
    `insert into users (full_name) values ('Amy Wong'), ('Ben Lee') returning id`,
  );
  const [card] = await db.query<{ id: number }>(
    `insert into cards (user_id, is_open, name, search_text) values ($1, true, 'Amy Wong', 'amy wong') returning id`,
    [amy?.id],
  );
  if (!amy || !ben || !card) throw new Error('no rows');
  await db.query(
    `insert into card_extensions (card_id, kind, position, label, content, detail) values
       ($1, 'company', 0, 'company', 'Acme Ltd', '{"department": "", "position": "Director"}'),
       ($1, 'tel', 0, 'work', '+852 2345 6789', '{}'),
       ($1, 'tel', 1, 'mobile', '+852 9123 4567', '{}')`,
    [card.id],
  );
  await db.query(`insert into card_share_keys (share_key, card_id) values ('amy-share-key', $1)`, [card.id]);
  await db.query('insert into friends (user_id, friend_user_id, card_id) values ($1, $2, $3)', [
    ben.id,
    amy.id,
    card.id,
  ]);
  ids = { amy: amy.id, ben: ben.id, card: card.id };
  app = await buildApp({
    db,
    blobDir,
    sender: new LogSender(),
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  if (url) await dropSchema(url, schema);
  rmSync(blobDir, { recursive: true, force: true });
});

describe('an upgrade from before the card entries moved onto the card row', () => {
  const tels = [
    { key: 'work', content: '+852 2345 6789' },
    { key: 'mobile', content: '+852 9123 4567' },
  ];

  it('shows every entry of a card kept before it, to its owner, a friend and a visitor', async () => {
    const friends = await call<{ friend_list: Friend[] }>(app, 'GET', '/api/friend/list/1', undefined, {
      token: await issueToken(db, ids.ben, 2),
    });
    const info = friends.body.data.friend_list[0]?.friend_card_info;
    expect(info?.company).toBe('Acme Ltd · Director');
    expect(info?.extension?.tel).toEqual(tels);
    const mine = await call<MyCard>(app, 'GET', '/api/card/info', undefined, {
      token: await issueToken(db, ids.amy, 2),
    });
    expect(mine.body.data.extension.tel).toEqual(tels);
    const shared = await call<SharedCard>(app, 'GET', '/api/card/cardInfo/amy-share-key');
    expect(shared.body.data.extension.tel).toEqual(tels);
  });

  it('sends what changes after it on the next pull: versions go on from the one sequence', async () => {
    const ben = await issueToken(db, ids.ben, 2);
    const [before] = await db.query<{ max: string }>(
      'select greatest((select max(version) from friends), (select max(version) from friend_groups))::text as max',
    );
    const [entry] = await db.query<{ id: number }>('select id from friends where user_id = $1', [ids.ben]);
    expect(
      (
        await call(
          app,
          'POST',
          '/api/friend/remark',
          { accept_id: entry?.id, remark: 'Met at the fair' },
          { token: ben },
        )
      ).status,
    ).toBe(200);
    expect((await call(app, 'POST', '/api/group/add', { group_name: 'Fair' }, { token: ben })).status).toBe(200);
    const pulled = await call<{ rows: { table: string; value: { remark?: string; group_name?: string } | null }[] }>(
      app,
      'GET',
      '/api/sync/pull',
      undefined,
      { token: ben, query: { cursor: before?.max ?? '0' } },
    );
    const rows = pulled.body.data.rows;
    expect(rows.find((r) => r.table === 'friend')?.value?.remark).toBe('Met at the fair');
    expect(rows.some((r) => r.table === 'group' && r.value?.group_name === 'Fair')).toBe(true);
  });
});
