import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { emptyExtension } from '../../server/services/cards';
import {
  CARD_PHOTO_MAX_SIDE,
  type CardPhoto,
  CLOUD_CARDS_MAX,
  CLOUD_GROUPS_MAX,
  CLOUD_PHOTO_MAX_BYTES,
  type CloudCard,
  type CloudGroup,
  type MyCard,
  type PublicMatch,
  type PushResult,
  type SyncRow,
} from '../../src/api';
import { formatHlc } from '../../src/lib/hlc';
import { call, createTestApp, dbSnapshot, registerUser, type TestApp } from './helper';
import { api, pullAll, RecordingPublisher } from './social';

/**
 * Cloud cards and groups (SPEC §7 Cloud (OCR), src/api/cloud.ts): every REST call, scoping to
 * the caller, device-made ids (replays store nothing twice), photo uploads, sync pull rows and
 * pushes of every mutation, per-field conflicts, and public-card matching.
 */
let t: TestApp;
const pushes = new RecordingPublisher();
const roomy = { points: 10_000, seconds: 60 };
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy, publicMatches: roomy },
  });
  t.app.services.push = pushes;
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof registerUser>>;
type Listed = CloudGroup & { card_num: number };
type CardList = { list: CloudCard[]; page_size: number };

let seq = 0;
/** A device-made id (CLOUD_ID_PATTERN). */
const newId = (prefix = 'id') => `${prefix}${(++seq).toString().padStart(6, '0')}${Date.now().toString(36)}`;

const rows = (...pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value }));

async function addCard(user: User, body: Record<string, unknown>): Promise<CloudCard> {
  const res = await api<CloudCard>(t, user, 'POST', '/api/ocr/add', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function addGroup(user: User, name: string, id?: string): Promise<CloudGroup> {
  const res = await api<CloudGroup>(t, user, 'POST', '/api/ocr/group/add', id ? { id, name } : { name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const groupList = async (user: User) =>
  (await api<{ list: Listed[] }>(t, user, 'GET', '/api/ocr/group/list')).body.data.list;
const list = (user: User, page: number, body: Record<string, unknown> = {}) =>
  api<CardList>(t, user, 'POST', `/api/ocr/list/${page}`, body);
const groupCards = (user: User, group: string, page = 1, body: Record<string, unknown> = {}) =>
  api<CardList>(t, user, 'POST', `/api/ocr/group/card_list/${page}/${group}`, body);
const detail = (user: User, id: string) => api<CloudCard>(t, user, 'GET', `/api/ocr/detail/${id}`);

/** A multipart form with plain fields and one file. */
async function form(fields: Record<string, string>, file: { type: string; data: Buffer }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), 'card.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

async function upload(
  user: User,
  route: string,
  fields: Record<string, string> = {},
  data?: Buffer,
  type = 'image/jpeg',
) {
  const body = await form(fields, { type, data: data ?? (await jpeg(800, 600)) });
  const res = await t.app.inject({
    method: 'POST',
    url: route,
    headers: { ...body.headers, token: user.token, lang: 'en-us' },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: CardPhoto } };
}

const blobFiles = () => readdirSync(t.blobDir, { recursive: true }).map(String).sort();

const cloudRows = (all: SyncRow[], table: 'cloudCard' | 'cloudGroup') => all.filter((r) => r.table === table);

type Pushed = { id: string; name: string; args: unknown; hlc?: string };
const push = (user: User, mutations: Pushed[], clientId = 'device-aaaa') =>
  call<PushResult>(
    t.app,
    'POST',
    '/api/sync/push',
    { client_id: clientId, mutations },
    { token: user.token, lang: 'en-us' },
  );
/** A stamp `secondsAgo` before now, made on `node`. */
const at = (secondsAgo: number, node: string) => formatHlc(Date.now() - secondsAgo * 1000, 0, node);

describe('cloud cards over REST', () => {
  it('adds (with or without a device id), reads, edits only the given fields, and deletes', async () => {
    const me = await registerUser(t);
    pushes.clear();
    const made = await addCard(me, {
      extension: rows(['name', 'Chan Tai Man'], ['tel', '9123 4567'], ['other', '  ']),
    });
    expect(made.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(made).toMatchObject({
      photo: '',
      photo_bg: '',
      group_id: '',
      extension: rows(['name', 'Chan Tai Man'], ['tel', '9123 4567']),
    });
    expect(made.created_at).toBeGreaterThan(Date.now() - 60_000);
    expect(pushes.to(me.id)).toEqual([{ msg_type: 1, msg_type_sub: 2 }]);

    const id = newId('card');
    const mine = await addCard(me, { id, extension: rows(['  company ', 'Acme']) });
    expect(mine).toMatchObject({ id, extension: rows(['company', 'Acme']) });
    expect((await detail(me, id)).body.data).toEqual(mine);

    const edited = await api<CloudCard>(t, me, 'POST', '/api/ocr/edit', {
      id,
      extension: rows(['company', 'Acme Ltd'], ['email', 'a@acme.test']),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id,
      photo: '',
      group_id: '',
      extension: rows(['company', 'Acme Ltd'], ['email', 'a@acme.test']),
    });

    expect((await api(t, me, 'GET', `/api/ocr/del/${id}`)).status).toBe(200);
    expect((await detail(me, id)).status).toBe(404);
    expect((await detail(me, id)).body.msg).toBe('This cloud card was not found');
    // Deleting again is fine; editing a deleted card is not.
    expect((await api(t, me, 'GET', `/api/ocr/del/${id}`)).status).toBe(200);
    expect((await api(t, me, 'POST', '/api/ocr/edit', { id, photo: '' })).status).toBe(404);
    expect((await api(t, me, 'GET', `/api/ocr/del/${newId('none')}`)).status).toBe(404);
    expect((await list(me, 1)).body.data.list.map((c) => c.id)).toEqual([made.id]);
  });

  it('a replayed add answers the same card and stores nothing twice, even after a delete', async () => {
    const me = await registerUser(t);
    const id = newId('replay');
    const first = await addCard(me, { id, extension: rows(['name', 'Once']) });
    const before = await dbSnapshot(t.app);
    const again = await addCard(me, { id, extension: rows(['name', 'Twice']) });
    expect(again).toEqual(first);
    expect(await dbSnapshot(t.app)).toBe(before);
    await api(t, me, 'GET', `/api/ocr/del/${id}`);
    const afterDelete = await addCard(me, { id, extension: rows(['name', 'Thrice']) });
    expect(afterDelete.extension).toEqual(rows(['name', 'Once']));
    expect((await detail(me, id)).status).toBe(404);
    // The same id is another user's own card.
    const other = await registerUser(t);
    expect((await addCard(other, { id, extension: rows(['name', 'Theirs']) })).extension).toEqual(
      rows(['name', 'Theirs']),
    );
  });

  it('lists newest first in pages, and finds a keyword in any row value ignoring case and width', async () => {
    const me = await registerUser(t);
    const made: CloudCard[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await addCard(me, { extension: rows(['name', `Person ${i}`], ['company', i % 2 ? 'ACME Trading' : '滙豐']) }),
      );
    }
    const newest = made.map((c) => c.id).reverse();
    const page1 = await list(me, 1, { page_size: 2 });
    expect(page1.body.data).toMatchObject({ page_size: 2 });
    expect(page1.body.data.list.map((c) => c.id)).toEqual(newest.slice(0, 2));
    expect((await list(me, 2, { page_size: 2 })).body.data.list.map((c) => c.id)).toEqual(newest.slice(2, 4));
    expect((await list(me, 3, { page_size: 2 })).body.data.list.map((c) => c.id)).toEqual(newest.slice(4));
    expect((await list(me, 4, { page_size: 2 })).body.data.list).toEqual([]);
    expect((await list(me, 1)).body.data.page_size).toBe(20);

    const acme = (await list(me, 1, { keyword: 'acme' })).body.data.list.map((c) => c.id);
    expect(acme).toEqual([made[3]?.id, made[1]?.id]);
    expect((await list(me, 1, { keyword: 'ＡＣＭＥ trad' })).body.data.list).toHaveLength(2);
    expect((await list(me, 1, { keyword: '滙豐' })).body.data.list).toHaveLength(3);
    expect((await list(me, 1, { keyword: 'person 4' })).body.data.list.map((c) => c.id)).toEqual([made[4]?.id]);
    // Labels are not searched; nothing matches another user's cards.
    expect((await list(me, 1, { keyword: 'company' })).body.data.list).toEqual([]);
    const other = await registerUser(t);
    expect((await list(other, 1, { keyword: 'acme' })).body.data.list).toEqual([]);
    expect((await list(me, 1, { page_size: 201 })).status).toBe(400);
    expect((await list(me, 0)).status).toBe(400);
  });

  it('refuses a card over CLOUD_CARDS_MAX', async () => {
    const me = await registerUser(t);
    await t.app.services.db.query(
      `insert into cloud_cards (user_id, uid) select $1, 'bulkcard' || g from generate_series(1, $2::int) g`,
      [me.id, CLOUD_CARDS_MAX],
    );
    const res = await api(t, me, 'POST', '/api/ocr/add', { extension: [] });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`You can keep at most ${CLOUD_CARDS_MAX} cloud cards`);
    // Deleting one makes room.
    expect((await api(t, me, 'GET', '/api/ocr/del/bulkcard1')).status).toBe(200);
    expect((await api(t, me, 'POST', '/api/ocr/add', { extension: [] })).status).toBe(200);
  });
});

describe('cloud photos', () => {
  it('uploads a photo bounded but never cropped; a card may name it, or a card/upload photo of mine', async () => {
    const me = await registerUser(t);
    const res = await upload(me, '/api/ocr/upload', { side: 'back' }, await jpeg(2400, 3000));
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^\/blobs\/cloud\/[A-Za-z0-9_-]+\.webp$/);
    expect(res.body.data).toMatchObject({
      width: Math.round((CARD_PHOTO_MAX_SIDE * 2400) / 3000),
      height: CARD_PHOTO_MAX_SIDE,
    });
    const cardPhoto = await upload(me, '/api/card/upload', {});
    expect(cardPhoto.status).toBe(200);
    const card = await addCard(me, { photo: res.body.data.url, photo_bg: cardPhoto.body.data.url, extension: [] });
    expect(card).toMatchObject({ photo: res.body.data.url, photo_bg: cardPhoto.body.data.url });
  });

  it('refuses a photo URL another user uploaded, or one never uploaded, on add and edit', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const theirs = (await upload(other, '/api/ocr/upload')).body.data.url;
    const before = await dbSnapshot(t.app);
    const stolen = await api(t, me, 'POST', '/api/ocr/add', { photo: theirs, extension: [] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.msg).toBe('The image in “photo” was not uploaded by this account; please upload it again');
    const made = await api(t, me, 'POST', '/api/ocr/add', { photo_bg: '/blobs/cloud/nothing.webp', extension: [] });
    expect(made.status).toBe(400);
    expect(made.body.msg).toContain('photo_bg');
    expect((await api(t, me, 'POST', '/api/ocr/add', { photo: 'https://evil.test/x.png', extension: [] })).status).toBe(
      400,
    );
    expect(await dbSnapshot(t.app)).toBe(before);
    const card = await addCard(me, { extension: [] });
    const edit = await api(t, me, 'POST', '/api/ocr/edit', { id: card.id, photo: theirs });
    expect(edit.status).toBe(400);
    expect((await detail(me, card.id)).body.data.photo).toBe('');
  });

  it('a replay with the same upload_id answers the first photo and stores nothing more', async () => {
    const me = await registerUser(t);
    const files = blobFiles().length;
    const first = await upload(me, '/api/ocr/upload', { upload_id: 'scan-photo-0001' });
    expect(first.status).toBe(200);
    const before = await dbSnapshot(t.app);
    const replay = await upload(me, '/api/ocr/upload', { upload_id: 'scan-photo-0001' }, await jpeg(300, 300));
    expect(replay.body.data).toEqual(first.body.data);
    expect(blobFiles().length).toBe(files + 1);
    expect(await dbSnapshot(t.app)).toBe(before);
    const other = await registerUser(t);
    const theirs = await upload(other, '/api/ocr/upload', { upload_id: 'scan-photo-0001' });
    expect(theirs.body.data.url).not.toBe(first.body.data.url);
  });

  it('refuses an upload over the limit with 413 before storing anything, and what is not an image', async () => {
    const me = await registerUser(t);
    const before = await dbSnapshot(t.app);
    const files = blobFiles();
    const big = await upload(
      me,
      '/api/ocr/upload',
      { upload_id: 'too-big-0001' },
      Buffer.alloc(CLOUD_PHOTO_MAX_BYTES + 1),
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: 413, msg: 'The file is too large; it cannot exceed 10MB', data: null });
    const text = await upload(me, '/api/ocr/upload', {}, Buffer.from('not an image'));
    expect(text.status).toBe(400);
    const badFields: Record<string, string>[] = [{ upload_id: 'short' }, { side: 'left' }, { crop: 'none' }];
    for (const fields of badFields) {
      const res = await upload(me, '/api/ocr/upload', fields);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(Object.keys(fields)[0]);
    }
    expect(blobFiles()).toEqual(files);
    expect(await dbSnapshot(t.app)).toBe(before);
  });
});

describe('cloud groups', () => {
  it('adds last, lists by sort with card counts, renames, sorts, replays an add by id', async () => {
    const me = await registerUser(t);
    const x = await addGroup(me, '  Clients ');
    const y = await addGroup(me, 'Suppliers', newId('grp'));
    const z = await addGroup(me, 'Press');
    expect(x).toMatchObject({ name: 'Clients', sort: 1 });
    expect([y.sort, z.sort]).toEqual([2, 3]);
    expect(await addGroup(me, 'Other name', y.id)).toEqual(y);
    await addCard(me, { group_id: y.id, extension: [] });
    await addCard(me, { group_id: y.id, extension: [] });
    await addCard(me, { extension: [] });
    expect(await groupList(me)).toEqual([
      { ...x, card_num: 0 },
      { ...y, card_num: 2 },
      { ...z, card_num: 0 },
    ]);
    const renamed = await api<CloudGroup>(t, me, 'POST', '/api/ocr/group/edit', { id: z.id, name: 'Media' });
    expect(renamed.body.data).toEqual({ ...z, name: 'Media' });
    expect((await api(t, me, 'POST', '/api/ocr/group/add', { name: '  ' })).status).toBe(400);

    // Listed ids first; the others keep their order after them.
    const sorted = await api<{ list: Listed[] }>(t, me, 'POST', '/api/ocr/group/sorting', { ids: [z.id] });
    expect(sorted.status).toBe(200);
    expect(sorted.body.data.list.map((g) => [g.id, g.sort])).toEqual([
      [z.id, 1],
      [x.id, 2],
      [y.id, 3],
    ]);
    expect((await groupList(me)).map((g) => g.id)).toEqual([z.id, x.id, y.id]);
    expect((await api(t, me, 'POST', '/api/ocr/group/sorting', { ids: [x.id, x.id] })).status).toBe(400);
  });

  it('lists the cards of a group and the not grouped ones (0), and moves cards between them', async () => {
    const me = await registerUser(t);
    const g = await addGroup(me, 'Team');
    const a = await addCard(me, { group_id: g.id, extension: rows(['name', 'A']) });
    const b = await addCard(me, { extension: rows(['name', 'B']) });
    const c = await addCard(me, { group_id: g.id, extension: rows(['name', 'C']) });
    expect((await groupCards(me, g.id)).body.data.list.map((x) => x.id)).toEqual([c.id, a.id]);
    expect((await groupCards(me, g.id, 2, { page_size: 1 })).body.data.list.map((x) => x.id)).toEqual([a.id]);
    expect((await groupCards(me, '0')).body.data.list.map((x) => x.id)).toEqual([b.id]);

    const moved = await api<CloudCard>(t, me, 'GET', `/api/ocr/move_to_group/${b.id}/${g.id}`);
    expect(moved.body.data).toMatchObject({ id: b.id, group_id: g.id, extension: rows(['name', 'B']) });
    const out = await api<CloudCard>(t, me, 'GET', `/api/ocr/move_to_group/${a.id}/0`);
    expect(out.body.data.group_id).toBe('');
    expect((await groupCards(me, g.id)).body.data.list.map((x) => x.id)).toEqual([c.id, b.id]);
    expect((await groupCards(me, '0')).body.data.list.map((x) => x.id)).toEqual([a.id]);
    expect((await api(t, me, 'GET', `/api/ocr/move_to_group/${a.id}/${newId('nogroup')}`)).status).toBe(404);
    expect((await groupCards(me, newId('nogroup'))).status).toBe(404);
  });

  it('deleting a group makes its cards not grouped, each sent again by pull', async () => {
    const me = await registerUser(t);
    const g = await addGroup(me, 'Gone');
    const a = await addCard(me, { group_id: g.id, extension: [] });
    const b = await addCard(me, { group_id: g.id, extension: [] });
    const { cursor } = await pullAll(t, me);
    expect((await api(t, me, 'GET', `/api/ocr/group/del/${g.id}`)).status).toBe(200);
    expect(await groupList(me)).toEqual([]);
    expect((await detail(me, a.id)).body.data.group_id).toBe('');
    expect((await groupCards(me, '0')).body.data.list.map((x) => x.id)).toEqual([b.id, a.id]);
    expect((await groupCards(me, g.id)).status).toBe(404);
    const changed = (await pullAll(t, me, cursor)).rows;
    expect(cloudRows(changed, 'cloudGroup')).toMatchObject([{ key: g.id, deleted: true, value: null }]);
    expect(
      cloudRows(changed, 'cloudCard')
        .map((r) => [r.key, r.value && 'group_id' in r.value ? r.value.group_id : null])
        .sort(),
    ).toEqual(
      [
        [a.id, ''],
        [b.id, ''],
      ].sort(),
    );
    // Deleting again is fine; renaming a deleted group is not; a card naming it lands not grouped.
    expect((await api(t, me, 'GET', `/api/ocr/group/del/${g.id}`)).status).toBe(200);
    expect((await api(t, me, 'POST', '/api/ocr/group/edit', { id: g.id, name: 'Back' })).status).toBe(404);
    expect((await addCard(me, { group_id: g.id, extension: [] })).group_id).toBe('');
  });

  it(`refuses a group over CLOUD_GROUPS_MAX (${CLOUD_GROUPS_MAX})`, async () => {
    const me = await registerUser(t);
    await t.app.services.db.query(
      `insert into cloud_groups (user_id, uid, name, sort) select $1, 'bulkgroup' || g, 'G' || g, g
       from generate_series(1, $2::int) g`,
      [me.id, CLOUD_GROUPS_MAX],
    );
    const res = await api(t, me, 'POST', '/api/ocr/group/add', { name: 'One more' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`You can have at most ${CLOUD_GROUPS_MAX} cloud groups`);
  });
});

describe('racing writes', () => {
  it('adds of one id sent at once store one row; a move racing a group delete ends not grouped', async () => {
    const me = await registerUser(t);
    const id = newId('race');
    const gid = newId('raceg');
    const [cards, groups] = await Promise.all([
      Promise.all(
        [1, 2, 3, 4, 5].map((i) =>
          api<CloudCard>(t, me, 'POST', '/api/ocr/add', { id, extension: rows(['n', `${i}`]) }),
        ),
      ),
      Promise.all(
        [1, 2, 3].map((i) => api<CloudGroup>(t, me, 'POST', '/api/ocr/group/add', { id: gid, name: `G${i}` })),
      ),
    ]);
    expect(new Set(cards.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(new Set(groups.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    const [n] = await t.app.services.db.query<{ n: number }>(
      'select (select count(*)::int from cloud_cards where user_id = $1) + (select count(*)::int from cloud_groups where user_id = $1) as n',
      [me.id],
    );
    expect(n?.n).toBe(2);
    const [moved, deleted] = await Promise.all([
      api<CloudCard>(t, me, 'GET', `/api/ocr/move_to_group/${id}/${gid}`),
      api(t, me, 'GET', `/api/ocr/group/del/${gid}`),
    ]);
    expect([moved.status, deleted.status]).toEqual([200, 200]);
    expect((await detail(me, id)).body.data.group_id).toBe('');

    // Writes touching a card and its group in either order never deadlock.
    const [from, to] = [await addGroup(me, 'From'), await addGroup(me, 'To')];
    const card = await addCard(me, { group_id: from.id, extension: [] });
    const answers = await Promise.all([
      api(t, me, 'POST', '/api/ocr/edit', { id: card.id, extension: rows(['name', 'Raced']), group_id: to.id }),
      api(t, me, 'GET', `/api/ocr/group/del/${from.id}`),
      api(t, me, 'GET', `/api/ocr/move_to_group/${card.id}/${to.id}`),
      api(t, me, 'POST', '/api/ocr/group/sorting', { ids: [to.id] }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await detail(me, card.id)).body.data).toMatchObject({
      group_id: to.id,
      extension: rows(['name', 'Raced']),
    });
  });
});

describe("another user's cards and groups", () => {
  it('are answered 404 everywhere, as ids that do not exist, and left unchanged', async () => {
    const owner = await registerUser(t);
    const me = await registerUser(t);
    const g = await addGroup(owner, 'Private');
    const card = await addCard(owner, { group_id: g.id, extension: rows(['name', 'Secret']) });
    const mine = await addCard(me, { extension: [] });
    const myGroup = await addGroup(me, 'Mine');
    const before = await dbSnapshot(t.app);

    const refused = [
      await detail(me, card.id),
      await api(t, me, 'POST', '/api/ocr/edit', { id: card.id, extension: [] }),
      await api(t, me, 'GET', `/api/ocr/del/${card.id}`),
      await api(t, me, 'GET', `/api/ocr/move_to_group/${card.id}/0`),
      await api(t, me, 'GET', `/api/ocr/move_to_group/${mine.id}/${g.id}`),
      await api(t, me, 'POST', '/api/ocr/edit', { id: mine.id, group_id: g.id }),
      await api(t, me, 'POST', '/api/ocr/add', { group_id: g.id, extension: [] }),
      await api(t, me, 'POST', '/api/ocr/group/edit', { id: g.id, name: 'Mine now' }),
      await api(t, me, 'GET', `/api/ocr/group/del/${g.id}`),
      await api(t, me, 'POST', '/api/ocr/group/sorting', { ids: [myGroup.id, g.id] }),
      await groupCards(me, g.id),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 404));
    expect(await dbSnapshot(t.app)).toBe(before);
    // A replayed add naming another user's card id makes my own card, never answers theirs.
    const own = await addCard(me, { id: card.id, extension: rows(['name', 'Mine']) });
    expect(own.extension).toEqual(rows(['name', 'Mine']));
    expect((await detail(owner, card.id)).body.data).toEqual(card);
    expect((await list(me, 1, { keyword: 'secret' })).body.data.list).toEqual([]);
  });
});

describe('sync', () => {
  it('pulls cloud cards and groups after each change, tombstones included', async () => {
    const me = await registerUser(t);
    let cursor = (await pullAll(t, me)).cursor;
    const next = async () => {
      const page = await pullAll(t, me, cursor);
      cursor = page.cursor;
      return page.rows;
    };
    const g = await addGroup(me, 'Sync');
    expect(await next()).toEqual([
      { table: 'cloudGroup', key: g.id, version: expect.any(Number), deleted: false, value: g },
    ]);
    const card = await addCard(me, { group_id: g.id, extension: rows(['name', 'Pulled']) });
    expect(await next()).toEqual([
      { table: 'cloudCard', key: card.id, version: expect.any(Number), deleted: false, value: card },
    ]);
    const edited = (
      await api<CloudCard>(t, me, 'POST', '/api/ocr/edit', { id: card.id, extension: rows(['name', 'Edited']) })
    ).body.data;
    expect(await next()).toMatchObject([{ table: 'cloudCard', key: card.id, value: edited }]);
    await api(t, me, 'GET', `/api/ocr/move_to_group/${card.id}/0`);
    expect(await next()).toMatchObject([{ table: 'cloudCard', key: card.id, value: { group_id: '' } }]);
    await api(t, me, 'POST', '/api/ocr/group/edit', { id: g.id, name: 'Renamed' });
    expect(await next()).toMatchObject([{ table: 'cloudGroup', key: g.id, value: { name: 'Renamed' } }]);
    const h = await addGroup(me, 'Second');
    await next();
    await api(t, me, 'POST', '/api/ocr/group/sorting', { ids: [h.id, g.id] });
    expect((await next()).map((r) => [r.key, r.value])).toEqual([
      [h.id, { ...h, sort: 1 }],
      [g.id, { id: g.id, name: 'Renamed', sort: 2 }],
    ]);
    await api(t, me, 'GET', `/api/ocr/del/${card.id}`);
    expect(await next()).toEqual([
      { table: 'cloudCard', key: card.id, version: expect.any(Number), deleted: true, value: null },
    ]);
    await api(t, me, 'GET', `/api/ocr/group/del/${h.id}`);
    expect(await next()).toEqual([
      { table: 'cloudGroup', key: h.id, version: expect.any(Number), deleted: true, value: null },
    ]);
    // Reads change nothing; another user's pull holds none of it.
    await list(me, 1);
    expect(await next()).toEqual([]);
    const other = await registerUser(t);
    expect((await pullAll(t, other)).rows.filter((r) => r.table.startsWith('cloud'))).toEqual([]);
  });

  it('applies each cloud mutation pushed through /api/sync/push once, as its REST call does', async () => {
    const me = await registerUser(t);
    const [g1, g2, c1, c2] = [newId('g'), newId('g'), newId('c'), newId('c')];
    const mutations: Pushed[] = [
      { id: 'm1', name: 'addCloudGroup', args: { id: g1, name: 'One' } },
      { id: 'm2', name: 'addCloudGroup', args: { id: g2, name: 'Two' } },
      { id: 'm3', name: 'addCloudCard', args: { id: c1, extension: rows(['name', 'Pushed']), group_id: g1 } },
      { id: 'm4', name: 'addCloudCard', args: { id: c2, extension: [] } },
      { id: 'm5', name: 'editCloudCard', args: { id: c1, extension: rows(['name', 'Pushed again']) } },
      { id: 'm6', name: 'moveCloudCard', args: { cardId: c2, groupId: g2 } },
      { id: 'm7', name: 'editCloudGroup', args: { id: g2, name: 'Deux' } },
      { id: 'm8', name: 'sortCloudGroups', args: { ids: [g2, g1] } },
      { id: 'm9', name: 'delCloudCard', args: { id: c1 } },
      { id: 'm10', name: 'delCloudGroup', args: { id: g2 } },
    ];
    pushes.clear();
    const res = await push(me, mutations);
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r) => [r.id, r.ok])).toEqual(mutations.map((m) => [m.id, true]));
    expect(res.body.data.results[2]).toMatchObject({ data: { id: c1, group_id: g1 } });
    expect(pushes.to(me.id).length).toBeGreaterThan(0);

    const check = async () => {
      expect(await groupList(me)).toEqual([{ id: g1, name: 'One', sort: 2, card_num: 0 }]);
      expect((await list(me, 1)).body.data.list).toMatchObject([{ id: c2, group_id: '', extension: [] }]);
    };
    await check();
    const before = await dbSnapshot(t.app);
    const replay = await push(me, mutations);
    expect(replay.body.data).toEqual(res.body.data);
    expect(await dbSnapshot(t.app)).toBe(before);
    await check();

    // The same adds from another device (new mutation ids) answer the rows made before.
    const other = await push(
      me,
      [mutations[0] as Pushed, mutations[3] as Pushed].map((m) => ({ ...m, id: `again-${m.id}` })),
      'device-bbbb',
    );
    expect(other.body.data.results.map((r) => r.ok)).toEqual([true, true]);
    expect(await dbSnapshot(t.app)).not.toBe(before);
    await check();
    const counts = await t.app.services.db.query<{ n: number }>(
      'select count(*)::int as n from cloud_cards where user_id = $1',
      [me.id],
    );
    expect(counts[0]?.n).toBe(2);
  });

  it("an add without the device id, or naming another user's group, is rejected alone", async () => {
    const me = await registerUser(t);
    const owner = await registerUser(t);
    const theirs = await addGroup(owner, 'Theirs');
    const ok = newId('c');
    const res = await push(me, [
      { id: 'n1', name: 'addCloudCard', args: { extension: [] } },
      { id: 'n2', name: 'addCloudCard', args: { id: newId('c'), group_id: theirs.id, extension: [] } },
      { id: 'n3', name: 'addCloudCard', args: { id: ok, extension: [] } },
    ]);
    expect(res.body.data.results).toMatchObject([
      { id: 'n1', ok: false, code: 400 },
      { id: 'n2', ok: false, code: 404, msg: 'This cloud group was not found' },
      { id: 'n3', ok: true },
    ]);
    expect((await list(me, 1)).body.data.list.map((c) => c.id)).toEqual([ok]);
  });

  it('of two edits of one card, the later-made wins per field; the older loses only its own fields', async () => {
    const me = await registerUser(t);
    const photo = (await upload(me, '/api/ocr/upload')).body.data.url;
    const id = newId('conflict');
    await push(me, [
      { id: 'a1', name: 'addCloudCard', args: { id, extension: rows(['name', 'Start']) }, hlc: at(60, 'dev-a') },
    ]);
    // Device A edited the rows 10 s ago; device B, offline, edited rows and photo 20 s ago and arrives later.
    const newer = await push(
      me,
      [{ id: 'a2', name: 'editCloudCard', args: { id, extension: rows(['name', 'From A']) }, hlc: at(10, 'dev-a') }],
      'device-aaaa',
    );
    expect(newer.body.data.results[0]).toMatchObject({ ok: true });
    const older = await push(
      me,
      [
        {
          id: 'b1',
          name: 'editCloudCard',
          args: { id, extension: rows(['name', 'From B']), photo },
          hlc: at(20, 'dev-b'),
        },
      ],
      'device-bbbb',
    );
    expect(older.body.data.results[0]).toMatchObject({ ok: true, superseded: ['cloudCard.extension'] });
    expect((await detail(me, id)).body.data).toMatchObject({ photo, extension: rows(['name', 'From A']) });

    // Group names likewise; a direct (REST) call counts as made now.
    const g = newId('g');
    await push(me, [{ id: 'g1', name: 'addCloudGroup', args: { id: g, name: 'First' }, hlc: at(60, 'dev-a') }]);
    await push(me, [{ id: 'g2', name: 'editCloudGroup', args: { id: g, name: 'Later' }, hlc: at(5, 'dev-a') }]);
    const stale = await push(
      me,
      [{ id: 'g3', name: 'editCloudGroup', args: { id: g, name: 'Earlier' }, hlc: at(30, 'dev-b') }],
      'device-bbbb',
    );
    expect(stale.body.data.results[0]).toMatchObject({ ok: true, superseded: ['cloudGroup.name'] });
    expect((await groupList(me))[0]?.name).toBe('Later');
    // The loser still makes the rows be sent again, so device B shows what was kept.
    const { cursor } = await pullAll(t, me);
    await push(
      me,
      [{ id: 'b2', name: 'editCloudCard', args: { id, extension: [] }, hlc: at(40, 'dev-b') }],
      'device-bbbb',
    );
    expect((await pullAll(t, me, cursor)).rows).toMatchObject([
      { table: 'cloudCard', key: id, value: { extension: rows(['name', 'From A']) } },
    ]);
  });
});

describe('public_match', () => {
  async function cardOf(isOpen: 0 | 1, email: string, tel: string, name: string) {
    const user = await registerUser(t);
    const saved = await call<MyCard>(
      t.app,
      'POST',
      '/api/card/create',
      {
        name,
        english_name: `${name} E`,
        photo: '',
        photo_back: '',
        profile: 'private profile text',
        is_open: isOpen,
        extension: {
          ...emptyExtension(),
          company: [{ name: `${name} Co`, department: '', position: 'Boss' }],
          email: [{ key: 'work', content: email }],
          tel: [{ key: 'mobile', content: tel }],
        },
      },
      { token: user.token },
    );
    expect(saved.status).toBe(200);
    return { user, card: saved.body.data };
  }

  it('answers public cards holding one of the emails or phones, with public fields only', async () => {
    const tag = newId('m').toLowerCase();
    const open = await cardOf(1, `Pat.${tag}@Example.com`, '+852 9123 4567', 'Pat');
    const hidden = await cardOf(0, `pat.${tag}@example.com`, '9123 4567', 'Hidden');
    const byPhone = await cardOf(1, `other.${tag}@example.com`, '(852) 5555-0000', 'Phone');
    const me = await cardOf(1, `me.${tag}@example.com`, '6000 1111', 'Me');

    const res = await api<PublicMatch>(t, me.user, 'POST', '/api/ocr/public_match', {
      email: [`PAT.${tag}@example.COM `, `me.${tag}@example.com`],
      tel: ['852-5555-0000', '60001111'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list).toEqual([
      { share_str: byPhone.card.share_str, name: 'Phone', english_name: 'Phone E', avatar: '', company: 'Phone Co' },
      { share_str: open.card.share_str, name: 'Pat', english_name: 'Pat E', avatar: '', company: 'Pat Co' },
    ]);
    expect(JSON.stringify(res.body.data)).not.toContain(hidden.card.share_str);
    // The last eight digits match whatever the prefix; seven digits are too few to tell.
    const short = await api<PublicMatch>(t, me.user, 'POST', '/api/ocr/public_match', { email: [], tel: ['91234567'] });
    expect(short.body.data.list.map((m) => m.name)).toEqual(['Pat']);
    const few = await api<PublicMatch>(t, me.user, 'POST', '/api/ocr/public_match', { email: [], tel: ['1234567'] });
    expect(few.body.data.list).toEqual([]);
    // Only the hidden card (or a registered account) holds it: nothing is told.
    await cardOf(0, `only.${tag}@example.com`, '7000 2222', 'Only');
    const none = await api<PublicMatch>(t, me.user, 'POST', '/api/ocr/public_match', {
      email: [`only.${tag}@example.com`, hidden.user.email],
      tel: ['70002222'],
    });
    expect(none.body.data).toEqual({ list: [] });
  });

  it('is rate-limited per user', async () => {
    const limited = await createTestApp({
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        register: roomy,
        verifyCodePerAddress: roomy,
        publicMatches: { points: 2, seconds: 600 },
      },
    });
    try {
      limited.app.services.push = new RecordingPublisher();
      const a = await registerUser(limited);
      const b = await registerUser(limited);
      const ask = (u: User) =>
        call(
          limited.app,
          'POST',
          '/api/ocr/public_match',
          { email: ['x@example.com'], tel: [] },
          { token: u.token, lang: 'en-us' },
        );
      expect((await ask(a)).status).toBe(200);
      expect((await ask(a)).status).toBe(200);
      const third = await ask(a);
      expect(third.status).toBe(429);
      expect(third.body.msg).toMatch(/^Too many attempts/);
      expect((await ask(b)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
