import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import type { CompanyContent, CompanyItem, CompanyPdf, PullResult, PushResult } from '../../src/api';
import { call, createTestApp, dbSnapshot, multipart, registerUser, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy } });
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof registerUser>>;

async function upload(route: string, token: string, file: { name: string; type: string; data: Buffer }, lang = '') {
  const form = await multipart('file', { ...file, data: new Uint8Array(file.data) });
  const res = await t.app.inject({
    method: 'POST',
    url: route,
    headers: { ...form.headers, token, ...(lang ? { lang } : {}) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

async function uploadPdf(user: User, name = 'brochure.pdf'): Promise<CompanyPdf> {
  const res = await upload('/api/user/companyPdfUpload', user.token, { name, type: 'application/pdf', data: PDF });
  expect(res.status).toBe(200);
  return res.body.data as CompanyPdf;
}

async function uploadImage(user: User, width = 800, height = 500): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const res = await upload('/api/user/companyUpload', user.token, { name: 'a.png', type: 'image/png', data: png });
  expect(res.status).toBe(200);
  return (res.body.data as { url: string }).url;
}

const save = (user: User, items: unknown, lang?: string) =>
  call<CompanyContent>(t.app, 'POST', '/api/card/save_company', { items }, { token: user.token, lang });
const getMine = (user: User) => call<CompanyContent>(t.app, 'GET', '/api/card/get_company', undefined, user);
const infoOf = (user: User | null, cardId: number) =>
  call<CompanyContent>(t.app, 'GET', `/api/card/user_company_info/${cardId}`, undefined, {
    token: user?.token,
    lang: 'en-us',
  });

/** A card row for the user, written directly (the card API is another module's). */
async function makeCard(user: User, isOpen = false): Promise<number> {
  const [row] = await t.app.services.db.query<{ id: number }>(
    'insert into cards (user_id, is_open) values ($1, $2) returning id',
    [user.id, isOpen],
  );
  if (!row) throw new Error('no card');
  return row.id;
}

async function shareKey(cardId: number, key = `k${Math.random().toString(36).slice(2, 12)}`): Promise<string> {
  await t.app.services.db.query('insert into card_share_keys (share_key, card_id) values ($1, $2)', [key, cardId]);
  return key;
}

async function allSevenBlocks(user: User): Promise<CompanyItem[]> {
  const pdf = await uploadPdf(user);
  const [img, s1, s2] = [await uploadImage(user), await uploadImage(user), await uploadImage(user)];
  return [
    { type: 'title', content: 'Our company' },
    { type: 'text', content: '第一行\n<b>not html</b> & more' },
    { type: 'url', content: { url: 'https://example.com/about?x=1', title: 'About us' } },
    { type: 'pdf', content: pdf },
    { type: 'video', content: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
    { type: 'img', content: { url: img } },
    { type: 'swipe', content: { urls: [s1, s2] } },
    { type: 'video', content: { url: 'https://cdn.example.com/live/stream.m3u8' } },
  ] as CompanyItem[];
}

describe('save_company and get_company', () => {
  it('saves all seven block types and reads them back in order', async () => {
    const user = await registerUser(t);
    expect((await getMine(user)).body).toMatchObject({ code: 200, data: { items: [] } });
    const items = await allSevenBlocks(user);
    const saved = await save(user, items, 'en-us');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 200, msg: 'Saved' });
    expect(saved.body.data.items).toEqual(items);
    expect((await getMine(user)).body.data.items).toEqual(items);

    // Reordered and shortened: the new list replaces the old one entirely.
    const next = [items[6], items[0]] as CompanyItem[];
    expect((await save(user, next)).body.data.items).toEqual(next);
    expect((await getMine(user)).body.data.items).toEqual(next);
    expect((await save(user, [])).body.data.items).toEqual([]);
    expect((await getMine(user)).body.data.items).toEqual([]);
  });

  it('keeps the size the server measured for a PDF', async () => {
    const user = await registerUser(t);
    const pdf = await uploadPdf(user, 'folder/../Price list\u0007.pdf');
    expect(pdf).toMatchObject({ name: 'Price list.pdf', size: PDF.length });
    expect(pdf.url).toMatch(/^\/blobs\/company\/[A-Za-z0-9_-]+\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: pdf.url });
    expect(served.rawPayload.equals(PDF)).toBe(true);
    const res = await save(user, [{ type: 'pdf', content: { ...pdf, name: 'Prices 2025', size: 1 } }]);
    expect(res.body.data.items).toEqual([
      { type: 'pdf', content: { url: pdf.url, name: 'Prices 2025', size: PDF.length } },
    ]);
  });

  it('refuses bad blocks naming the field, and writes nothing', async () => {
    const user = await registerUser(t);
    const first = [{ type: 'title', content: 'kept' }];
    await save(user, first);
    const before = await dbSnapshot(t.app);
    const img = await uploadImage(user);
    const pdf = await uploadPdf(user);
    const afterUploads = await dbSnapshot(t.app);
    expect(afterUploads).not.toBe(before);
    const cases: [unknown, number, string][] = [
      [[{ type: 'video', content: { url: 'https://vimeo.com/1234' } }], 400, 'items.0.content.url'],
      [[first[0], { type: 'video', content: { url: 'https://youtu.be/short' } }], 400, 'items.1.content.url'],
      [[{ type: 'url', content: { url: 'javascript:alert(1)', title: 'x' } }], 400, 'items.0.content.url'],
      [[{ type: 'text', content: 'x'.repeat(5001) }], 400, 'items.0.content'],
      [[{ type: 'title', content: 'x'.repeat(201) }], 400, 'items.0.content'],
      [[{ type: 'swipe', content: { urls: [] } }], 400, 'items.0.content.urls'],
      [[{ type: 'swipe', content: { urls: Array(11).fill(img) } }], 400, 'items.0.content.urls'],
      [[{ type: 'img', content: { url: 'https://elsewhere.example/a.png' } }], 400, 'items.0.content.url'],
      [[{ type: 'swipe', content: { urls: [img, pdf.url] } }], 400, 'items.0.content.urls.1'],
      [[{ type: 'pdf', content: { url: img, name: 'x', size: 1 } }], 400, 'items.0.content.url'],
      [[{ type: 'text', content: 'a', extra: 1 }], 400, 'extra'],
      [[{ type: 'html', content: '<b>' }], 400, 'items.0.type'],
      [Array(51).fill({ type: 'title', content: 'x' }), 400, 'items'],
    ];
    for (const [items, status, field] of cases) {
      const res = await save(user, items, 'en-us');
      expect(res.status, JSON.stringify(items).slice(0, 80)).toBe(status);
      expect(res.body.msg, JSON.stringify(items).slice(0, 80)).toContain(field);
    }
    expect(await dbSnapshot(t.app)).toBe(afterUploads);
    expect((await getMine(user)).body.data.items).toEqual(first);
  });

  it('asks for a token', async () => {
    const res = await call(t.app, 'POST', '/api/card/save_company', { items: [] }, { lang: 'en-us' });
    expect(res.status).toBe(401);
    expect((await call(t.app, 'GET', '/api/card/get_company')).status).toBe(401);
  });

  it('attaches the card when there is one, and shows content saved before the card existed', async () => {
    const user = await registerUser(t);
    const items = [{ type: 'title', content: 'before the card' }];
    await save(user, items);
    const cardId = await makeCard(user);
    expect((await infoOf(user, cardId)).body.data.items).toEqual(items);
    await save(user, items);
    const rows = await t.app.services.db.query<{ card_id: number | null }>(
      'select card_id from company_items where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ card_id: cardId }]);
  });
});

describe('other users', () => {
  it('cannot read my private content, nor use my files, nor change my content', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const myCard = await makeCard(me);
    const items = await allSevenBlocks(me);
    await save(me, items);

    // Reading through the card id: only the owner while the card is private.
    expect((await infoOf(me, myCard)).body.data.items).toEqual(items);
    const denied = await infoOf(other, myCard);
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ code: 404, msg: 'This business card was not found', data: null });
    expect((await infoOf(other, myCard + 1000)).status).toBe(404);
    expect((await infoOf(null, myCard)).status).toBe(401);

    // Saving my files into their own list is refused, and mine is untouched.
    const mine = items.filter((i) => i.type === 'img' || i.type === 'pdf' || i.type === 'swipe');
    for (const item of mine) {
      const res = await save(other, [item], 'en-us');
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/was not uploaded from this account/);
    }
    expect((await save(other, [{ type: 'title', content: 'theirs' }])).status).toBe(200);
    expect((await getMine(me)).body.data.items).toEqual(items);
    expect((await getMine(other)).body.data.items).toEqual([{ type: 'title', content: 'theirs' }]);

    // Through sync push: their mutation only ever touches their own content.
    const pushed = await call<PushResult>(
      t.app,
      'POST',
      '/api/sync/push',
      {
        client_id: 'other-client',
        mutations: [
          { id: 'x1', name: 'saveCompany', args: { items: [mine[0]] } },
          { id: 'x2', name: 'saveCompany', args: { items: [] } },
        ],
      },
      { token: other.token, lang: 'en-us' },
    );
    expect(pushed.body.data.results[0]).toMatchObject({ ok: false, code: 400 });
    expect(pushed.body.data.results[1]).toMatchObject({ ok: true, data: { items: [] } });
    expect((await getMine(me)).body.data.items).toEqual(items);
    const theirPull = await call<PullResult>(t.app, 'GET', '/api/sync/pull', undefined, {
      token: other.token,
      query: { cursor: '0' },
    });
    const theirCompany = theirPull.body.data.rows.filter((r) => r.table === 'company');
    expect(theirCompany).toHaveLength(1);
    expect(theirCompany[0]?.value).toEqual({ items: [] });
  });

  it('can read it when the card is public, or when they keep it as a friend', async () => {
    const me = await registerUser(t);
    const friend = await registerUser(t);
    const stranger = await registerUser(t);
    const myCard = await makeCard(me);
    const items = [{ type: 'text', content: 'hello' }];
    await save(me, items);

    await t.app.services.db.query('insert into friends (user_id, friend_user_id, card_id) values ($1, $2, $3)', [
      friend.id,
      me.id,
      myCard,
    ]);
    expect((await infoOf(friend, myCard)).body.data.items).toEqual(items);
    expect((await infoOf(stranger, myCard)).status).toBe(404);

    await t.app.services.db.query('update cards set is_open = true where id = $1', [myCard]);
    expect((await infoOf(stranger, myCard)).body.data.items).toEqual(items);

    await t.app.services.db.query('update cards set deleted_at = now() where id = $1', [myCard]);
    expect((await infoOf(stranger, myCard)).status).toBe(404);
    expect((await infoOf(me, myCard)).status).toBe(404);
  });
});

describe('companyInfo by share key', () => {
  it('answers the content with no token, and 404 for an unknown or revoked key', async () => {
    const me = await registerUser(t);
    const cardId = await makeCard(me);
    const key = await shareKey(cardId);
    const items = await allSevenBlocks(me);
    await save(me, items);

    const res = await call<CompanyContent>(t.app, 'GET', `/api/card/companyInfo/${key}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual(items);

    const unknown = await call(t.app, 'GET', '/api/card/companyInfo/no-such-key', undefined, { lang: 'en-us' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 404, msg: 'This business card was not found', data: null });
    const hk = await call(t.app, 'GET', '/api/card/companyInfo/no-such-key');
    expect(hk.body.msg).toBe('找不到此名片');

    // A key that is not even a valid URL component is refused with an envelope too.
    const garbled = await call(t.app, 'GET', '/api/card/companyInfo/%E0%A4%A', undefined, { lang: 'en-us' });
    expect(garbled.status).toBe(400);
    expect(garbled.body).toEqual({ code: 400, msg: 'The request address is malformed', data: null });

    await t.app.services.db.query('update card_share_keys set revoked_at = now() where share_key = $1', [key]);
    expect((await call(t.app, 'GET', `/api/card/companyInfo/${key}`)).status).toBe(404);
  });
});

describe('uploads', () => {
  it('refuses a 25 MB PDF with 413 and the SPEC message, storing nothing', async () => {
    const user = await registerUser(t);
    const blobsBefore = readdirSync(t.blobDir, { recursive: true });
    const before = await dbSnapshot(t.app);
    const big = Buffer.alloc(25 * 1024 * 1024, 0x20);
    PDF.copy(big);
    for (const [lang, msg] of [
      ['en-us', 'PDF file size cannot exceed 20MB'],
      ['zh-tw', 'PDF 檔案大小不能超過 20MB'],
      ['ja-jp', 'PDFファイルのサイズは20MBを超えることはできません'],
    ] as const) {
      const res = await upload(
        '/api/user/companyPdfUpload',
        user.token,
        { name: 'big.pdf', type: 'application/pdf', data: big },
        lang,
      );
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ code: 413, msg, data: null });
    }
    expect(readdirSync(t.blobDir, { recursive: true })).toEqual(blobsBefore);
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it('refuses a file that is not a PDF, storing nothing', async () => {
    const user = await registerUser(t);
    const blobsBefore = readdirSync(t.blobDir, { recursive: true });
    const before = await dbSnapshot(t.app);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    for (const data of [png, Buffer.from('hello'), Buffer.alloc(0)]) {
      const res = await upload(
        '/api/user/companyPdfUpload',
        user.token,
        { name: 'fake.pdf', type: 'application/pdf', data },
        'en-us',
      );
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Please choose a PDF file');
    }
    expect(readdirSync(t.blobDir, { recursive: true })).toEqual(blobsBefore);
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it('re-encodes images as WebP at most 1600 px wide, and refuses non-images', async () => {
    const user = await registerUser(t);
    const url = await uploadImage(user, 2400, 1200);
    expect(url).toMatch(/^\/blobs\/company\/[A-Za-z0-9_-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const small = await uploadImage(user, 300, 200);
    const smallServed = await t.app.inject({ method: 'GET', url: small });
    expect(await sharp(smallServed.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });

    const before = readdirSync(t.blobDir, { recursive: true });
    const bad = await upload(
      '/api/user/companyUpload',
      user.token,
      { name: 'x.png', type: 'image/png', data: PDF },
      'en-us',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Please choose an image file');
    const tooBig = await upload(
      '/api/user/companyUpload',
      user.token,
      { name: 'x.png', type: 'image/png', data: Buffer.alloc(13 * 1024 * 1024) },
      'en-us',
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('The file is too large; it cannot exceed 12MB');
    expect(readdirSync(t.blobDir, { recursive: true })).toEqual(before);
  });

  it('asks for a token', async () => {
    const res = await upload('/api/user/companyPdfUpload', '', { name: 'a.pdf', type: 'application/pdf', data: PDF });
    expect(res.status).toBe(401);
  });
});

describe('breatvUrl', () => {
  it('answers an http(s) .m3u8 link, and refuses anything else with "The link is wrong"', async () => {
    const ok = await call(t.app, 'POST', '/api/breatvUrl', { url: ' https://cdn.example.com/tv/live.m3u8?t=1 ' });
    expect(ok.body).toMatchObject({ code: 200, data: { url: 'https://cdn.example.com/tv/live.m3u8?t=1' } });
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'ftp://x/a.m3u8', 'live.m3u8', '']) {
      const res = await call(t.app, 'POST', '/api/breatvUrl', { url }, { lang: 'en-us' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, msg: 'The link is wrong', data: null });
    }
    const th = await call(t.app, 'POST', '/api/breatvUrl', { url: 'x' }, { lang: 'th-th' });
    expect(th.body.msg).toBe('ลิงก์ไม่ถูกต้อง');
  });
});

describe('sync', () => {
  const pull = async (user: User, cursor: number) =>
    (
      await call<PullResult>(t.app, 'GET', '/api/sync/pull', undefined, {
        token: user.token,
        query: { cursor: String(cursor) },
      })
    ).body.data;

  it('pulls my content as one row whose version changes with every save', async () => {
    const user = await registerUser(t);
    const start = await pull(user, 0);
    expect(start.rows.filter((r) => r.table === 'company')).toEqual([]);

    const items = await allSevenBlocks(user);
    await save(user, items);
    const first = await pull(user, start.cursor);
    expect(first.rows).toEqual([
      { table: 'company', key: 'me', version: first.cursor, deleted: false, value: { items } },
    ]);
    expect(await pull(user, first.cursor)).toEqual({ rows: [], cursor: first.cursor, more: false });

    await save(user, items);
    const again = await pull(user, first.cursor);
    expect(again.rows).toHaveLength(1);
    expect(again.cursor).toBeGreaterThan(first.cursor);
    await save(user, []);
    expect((await pull(user, again.cursor)).rows).toMatchObject([{ table: 'company', value: { items: [] } }]);
  });

  it('applies a pushed saveCompany once, a replay answering the stored result', async () => {
    const user = await registerUser(t);
    const items = [
      { type: 'title', content: 'Offline edit' },
      { type: 'video', content: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
    ];
    const body = { client_id: 'phone-one', mutations: [{ id: 'save-1', name: 'saveCompany', args: { items } }] };
    const first = await call<PushResult>(t.app, 'POST', '/api/sync/push', body, { token: user.token });
    expect(first.body.data.results).toEqual([{ id: 'save-1', ok: true, data: { items } }]);
    const cursor = (await pull(user, 0)).cursor;

    const replay = await call<PushResult>(t.app, 'POST', '/api/sync/push', body, { token: user.token });
    expect(replay.body.data).toEqual(first.body.data);
    expect(await pull(user, cursor)).toEqual({ rows: [], cursor, more: false });
    expect((await getMine(user)).body.data.items).toEqual(items);

    const bad = await call<PushResult>(
      t.app,
      'POST',
      '/api/sync/push',
      { client_id: 'phone-one', mutations: [{ id: 'save-2', name: 'saveCompany', args: { items: 'nope' } }] },
      { token: user.token, lang: 'en-us' },
    );
    expect(bad.body.data.results).toEqual([
      { id: 'save-2', ok: false, code: 400, msg: 'The field “items” is not valid' },
    ]);
    expect((await getMine(user)).body.data.items).toEqual(items);
  });

  it('ends concurrent saves with exactly one of the lists', async () => {
    const user = await registerUser(t);
    const lists = [1, 2, 3, 4].map((n) =>
      Array.from({ length: 5 }, (_, i) => ({ type: 'text', content: `${n}-${i}` })),
    );
    const answers = await Promise.all(lists.map((items) => save(user, items)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const final = (await getMine(user)).body.data.items;
    expect(lists).toContainEqual(final);
  });
});
