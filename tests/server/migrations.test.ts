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
 * Upgrades lose nothing: a database as the server before migrations 0018 to 0020 left it
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
  // Files uploaded before the four upload tables became one (0020_uploads.sql).
  await db.exec(
    `insert into card_photos (url, user_id, upload_id, side, width, height) values ('/blobs/cards/a.webp', ${amy.id}, 'dev-1', 'front', 640, 400);
     insert into cloud_photos (url, user_id, upload_id, side, width, height) values ('/blobs/cloud/b.webp', ${amy.id}, 'dev-2', 'back', 800, 500);
     insert into feedback_images (url, user_id, upload_id) values ('/blobs/feedback/c.webp', ${amy.id}, 'dev-3');
     insert into company_uploads (url, user_id, kind, name, size) values ('/blobs/company/d.pdf', ${amy.id}, 'pdf', 'menu.pdf', 2048)`,
  );
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

describe('an upgrade from before the upload tables became one', () => {
  it('keeps every uploaded file, its owner, purpose, upload id, side, size and name', async () => {
    const rows = await db.query(
      'select url, user_id::int, purpose, upload_id, side, width, height, name, size::int from uploads order by url',
    );
    expect(rows).toEqual([
      {
        url: '/blobs/cards/a.webp',
        user_id: ids.amy,
        purpose: 'card',
        upload_id: 'dev-1',
        side: 'front',
        width: 640,
        height: 400,
        name: '',
        size: 0,
      },
      {
        url: '/blobs/cloud/b.webp',
        user_id: ids.amy,
        purpose: 'cloud',
        upload_id: 'dev-2',
        side: 'back',
        width: 800,
        height: 500,
        name: '',
        size: 0,
      },
      {
        url: '/blobs/company/d.pdf',
        user_id: ids.amy,
        purpose: 'company_pdf',
        upload_id: null,
        side: null,
        width: null,
        height: null,
        name: 'menu.pdf',
        size: 2048,
      },
      {
        url: '/blobs/feedback/c.webp',
        user_id: ids.amy,
        purpose: 'feedback',
        upload_id: 'dev-3',
        side: null,
        width: null,
        height: null,
        name: '',
        size: 0,
      },
    ]);
  });
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
