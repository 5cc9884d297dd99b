import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOrigin } from '../../server/http/auth';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { emptyExtension, normalizeSearch, searchCards, searchTextOf } from '../../server/services/cards';
import {
  CARD_PHOTO_MAX_BYTES,
  type CardPhoto,
  type CardSearchResult,
  type CreateCardBody,
  type MyCard,
  myCardSchema,
  type PullResult,
  type PushResult,
  type SharedCard,
  sharedCardSchema,
} from '../../src/api';
import { readCopyFragment, verifyCopy } from '../../src/lib/card-copy';
import { readVCard } from '../support/vcards';
import { call, createTestApp, dbSnapshot, registerUser, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  // Every case signs up fresh users; the per-address sign-up budget would run out.
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy } });
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof registerUser>>;

/** A multipart form with plain fields and one file, as the app's FormData sends it. */
async function form(fields: Record<string, string>, file: { name: string; type: string; data: Buffer } | null) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function upload(user: User, fields: Record<string, string> = {}, data?: Buffer, type = 'image/jpeg') {
  const image =
    data ??
    (await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer());
  const body = await form(fields, { name: 'card.jpg', type, data: image });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/card/upload',
    headers: { ...body.headers, token: user.token, lang: 'en-us' },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: CardPhoto } };
}

async function uploadUrl(user: User, side: 'front' | 'back' = 'front'): Promise<string> {
  const res = await upload(user, { side });
  expect(res.status).toBe(200);
  return res.body.data.url;
}

const save = (user: User, body: unknown) =>
  call<MyCard>(t.app, 'POST', '/api/card/create', body, { token: user.token, lang: 'en-us' });
const info = (user: User) => call<MyCard | null>(t.app, 'GET', '/api/card/info', undefined, { token: user.token });
const cardInfo = (key: string, user?: User, lang?: string) =>
  call<SharedCard>(t.app, 'GET', `/api/card/cardInfo/${key}`, undefined, { token: user?.token, lang });
const search = (user: User, body: Record<string, unknown>) =>
  call<CardSearchResult>(t.app, 'POST', '/api/card/search', body, { token: user.token, lang: 'en-us' });

/** A card with several entries of each kind, a Chinese and an English name. */
function fullCard(photo: string, photoBack: string, overrides: Partial<CreateCardBody> = {}): CreateCardBody {
  return {
    name: '陳大文',
    english_name: 'Chan Tai Man',
    photo,
    photo_back: photoBack,
    profile: 'Twenty years in trade finance.\nAsk me about letters of credit; or anything, really.',
    is_open: 1,
    extension: {
      company: [
        { name: '匯豐銀行', department: '貿易融資部', position: '經理', key: 'company' },
        { name: 'Acme Trading, Ltd.', department: 'Sales', position: 'Director', key: 'company' },
      ],
      address: [
        { key: 'work', content: '香港中環皇后大道中1號' },
        { key: 'home', content: 'Flat 2, 3/F, 8 Nathan Road; Kowloon' },
      ],
      tel: [
        { key: 'mobile', content: '+852 9123 4567' },
        { key: 'work', content: '+852 2123 4567' },
        { key: 'work_fax', content: '+852 2123 4568' },
      ],
      email: [
        { key: 'work', content: 'taiman.chan@example.com' },
        { key: 'personal', content: 'taiman@example.org' },
      ],
      website: [
        { key: 'company', content: 'https://www.example.com/about' },
        { key: 'blog', content: 'blog.example.org' },
      ],
      other: [
        { key: 'other', content: 'Speaks Cantonese, Mandarin and English' },
        { key: 'other', content: 'Member, HK Bankers Club' },
      ],
      industry: [
        { key: 'industry', content: '金融' },
        { key: 'industry', content: 'Logistics' },
      ],
      social: [
        { key: 'facebook', content: 'https://facebook.com/chantaiman' },
        { key: 'whatsapp', content: '91234567' },
        { key: 'wechat', content: 'chantaiman_hk' },
      ],
    },
    ...overrides,
  };
}

async function userWithCard(overrides: Partial<CreateCardBody> = {}) {
  const user = await registerUser(t);
  const body = fullCard(await uploadUrl(user), await uploadUrl(user, 'back'), overrides);
  const saved = await save(user, body);
  expect(saved.status).toBe(200);
  return { user, body, card: saved.body.data };
}

function blobFiles(): string[] {
  return readdirSync(t.blobDir, { recursive: true }).map(String).sort();
}

describe('create and read my card', () => {
  it('answers null before the first save', async () => {
    const user = await registerUser(t);
    const res = await info(user);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });

  it('saves both photos and several entries of each kind, and reads them back', async () => {
    const { user, body, card } = await userWithCard();
    expect(myCardSchema.safeParse(card).success).toBe(true);
    const { extension, ...fields } = body;
    expect(card).toMatchObject({ ...fields, is_open: 1, group_update_num: 0 });
    // SPEC §5: WhatsApp and Signal numbers are saved normalised (an 8-digit one gets 852).
    const social = extension.social.map((e) => (e.key === 'whatsapp' ? { ...e, content: '85291234567' } : e));
    expect(card.extension).toEqual({ ...extension, social });
    expect(card.photo).toMatch(/^\/blobs\/cards\/[A-Za-z0-9_-]+\.webp$/);
    expect(card.photo_back).not.toBe(card.photo);
    expect(card.share_str).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const link = `http://localhost:80/s/${card.share_str}`;
    expect(card.share).toMatchObject({
      link,
      contact: `http://localhost:80/api/share/vcf/${card.share_str}/1`,
    });
    // The QR code's text: the link, and the signed copy of the card's face after the '#'.
    expect(card.share.qr.slice(0, link.length + 1)).toBe(`${link}#`);
    expect(card.share.qr.slice(link.length + 1)).toMatch(/^[A-Z2-7]+$/);
    for (const channel of ['fb', 'line', 'linkedin', 'telegram', 'twitter', 'whatsapp'] as const) {
      expect(card.share[channel]).toMatch(/^https:\/\//);
      expect(decodeURIComponent(card.share[channel])).toContain(link);
    }

    const read = await info(user);
    expect(read.body.data).toEqual(card);
  });

  it('builds share links on PUBLIC_URL when set', () => {
    const request = { host: 'internal:8080', protocol: 'http' } as unknown as FastifyRequest;
    expect(requestOrigin(request, 'https://cards.example')).toBe('https://cards.example');
    expect(requestOrigin(request, null)).toBe('http://internal:8080');
  });

  it('else on the request origin, believing forwarded headers only behind a trusted proxy', async () => {
    const { user } = await userWithCard();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/card/info',
      headers: { token: user.token, host: 'cards.example:8443', 'x-forwarded-proto': 'https' },
    });
    // TRUST_PROXY is off here: the forwarded protocol is not believed.
    expect(res.json().data.share.link).toMatch(/^http:\/\/cards\.example:8443\/s\//);
    const evil = await t.app.inject({
      method: 'GET',
      url: '/api/card/info',
      headers: { token: user.token, host: 'evil.example/<script>' },
    });
    expect(evil.json().data.share.link).toMatch(/^http:\/\/localhost\/s\//);
  });

  it('trims text and drops blank entries', async () => {
    const user = await registerUser(t);
    const res = await save(user, {
      ...fullCard('', ''),
      name: '  Wong Siu Ming ',
      extension: {
        ...fullCard('', '').extension,
        tel: [
          { key: 'mobile', content: '  6123 4567 ' },
          { key: 'home', content: '   ' },
        ],
        company: [{ name: '', department: '', position: '', key: 'company' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Wong Siu Ming');
    expect(res.body.data.extension.tel).toEqual([{ key: 'mobile', content: '6123 4567' }]);
    expect(res.body.data.extension.company).toEqual([]);
  });

  it('an edit replaces the card and every list, keeping its id and share key', async () => {
    const { user, card } = await userWithCard();
    const edited = await save(user, {
      ...fullCard(card.photo_back, ''),
      name: '陳小文',
      is_open: 0,
      extension: {
        company: [{ name: 'New Co', department: '', position: 'Founder', key: 'company' }],
        address: [],
        tel: [{ key: 'home', content: '2345 6789' }],
        email: [],
        website: [],
        other: [],
        industry: [],
        social: [],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      card_id: card.card_id,
      share_str: card.share_str,
      name: '陳小文',
      is_open: 0,
      photo: card.photo_back,
      photo_back: '',
    });
    expect(edited.body.data.extension).toEqual({
      company: [{ name: 'New Co', department: '', position: 'Founder', key: 'company' }],
      address: [],
      tel: [{ key: 'home', content: '2345 6789' }],
      email: [],
      website: [],
      other: [],
      industry: [],
      social: [],
    });
    const rows = await t.app.services.db.query<{ n: number }>(
      'select count(*)::int as n from card_extensions where card_id = $1',
      [card.card_id],
    );
    expect(rows[0]?.n).toBe(2);
    const cards = await t.app.services.db.query('select id from cards where user_id = $1', [user.id]);
    expect(cards).toHaveLength(1);
  });

  it('refuses a bad body naming the field, writing nothing', async () => {
    const user = await registerUser(t);
    const before = await dbSnapshot(t.app);
    const tooMany = Array.from({ length: 21 }, () => ({ key: 'work', content: '1234 5678' }));
    const cases: [unknown, string][] = [
      [{ ...fullCard('', ''), is_open: 2 }, 'is_open'],
      [{ ...fullCard('', ''), extension: { ...fullCard('', '').extension, tel: tooMany } }, 'extension.tel'],
      [{ ...fullCard('', ''), profile: 'x'.repeat(2001) }, 'profile'],
      [{ ...fullCard('', ''), name: 'a\u0000b' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await save(user, body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(field);
    }
    const unknown = await save(user, { ...fullCard('', ''), card_id: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('card_id');
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t.app, 'GET', '/api/card/info')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/card/create', fullCard('', ''))).status).toBe(401);
  });
});

describe('nobody else can change my card', () => {
  it('another user saving changes only their own card, and cannot use my photos', async () => {
    const a = await userWithCard();
    const b = await registerUser(t);
    const stolen = await save(b, fullCard(a.card.photo, '', { name: 'Mallory' }));
    expect(stolen.status).toBe(400);
    expect(stolen.body.msg).toBe('The image in “photo” was not uploaded by this account; please upload it again');
    const foreign = await save(b, fullCard('', 'https://evil.example/x.webp'));
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toContain('photo_back');

    const own = await save(b, fullCard('', '', { name: 'Mallory' }));
    expect(own.status).toBe(200);
    expect(own.body.data.card_id).not.toBe(a.card.card_id);
    expect((await info(a.user)).body.data).toEqual(a.card);
  });

  it('nor through sync push', async () => {
    const a = await userWithCard();
    const b = await registerUser(t);
    const res = await call<PushResult>(
      t.app,
      'POST',
      '/api/sync/push',
      {
        client_id: 'client-b-123',
        mutations: [
          { id: 'm1', name: 'saveCard', args: fullCard(a.card.photo, a.card.photo_back, { name: 'Mallory' }) },
        ],
      },
      { token: b.token, lang: 'en-us' },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({ id: 'm1', ok: false, code: 400 });
    expect((await info(a.user)).body.data).toEqual(a.card);
    expect((await info(b)).body.data).toBeNull();
  });
});

describe('photo upload', () => {
  it('turns the photo upright and crops its centre to 16:10, as WebP', async () => {
    const user = await registerUser(t);
    // 400×200 stored, EXIF orientation 6: it is 200 wide and 400 tall once upright.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(user, {}, sideways);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ width: 200, height: 125 });
    const stored = await sharp(readFileSync(join(t.blobDir, res.body.data.url.replace('/blobs/', '')))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 200, height: 125 });
    expect(stored.orientation).toBeUndefined();

    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    expect((await upload(user, {}, big, 'image/png')).body.data).toMatchObject({ width: 1600, height: 1000 });
  });

  it('keeps the ratio with crop=none', async () => {
    const user = await registerUser(t);
    const square = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#999' } })
      .png()
      .toBuffer();
    const res = await upload(user, { crop: 'none', side: 'back' }, square, 'image/png');
    expect(res.body.data).toMatchObject({ width: 500, height: 500 });
  });

  it('refuses an upload over the limit with 413 before storing anything', async () => {
    const user = await registerUser(t);
    const before = await dbSnapshot(t.app);
    const files = blobFiles();
    const res = await upload(user, { upload_id: 'too-big-0001' }, Buffer.alloc(CARD_PHOTO_MAX_BYTES + 1), 'image/jpeg');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, msg: 'The file is too large; it cannot exceed 10MB', data: null });
    expect(blobFiles()).toEqual(files);
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it('refuses what is not an image, or bad fields, storing nothing', async () => {
    const user = await registerUser(t);
    const before = await dbSnapshot(t.app);
    const files = blobFiles();
    const text = await upload(user, {}, Buffer.from('not an image at all'));
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('Please choose an image file');
    const pdf = await upload(user, {}, Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(pdf.status).toBe(400);
    const badFields: Record<string, string>[] = [
      { upload_id: 'short' },
      { side: 'left' },
      { crop: 'fill' },
      { colour: 'red' },
    ];
    for (const fields of badFields) {
      const res = await upload(user, fields);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(Object.keys(fields)[0]);
    }
    expect(blobFiles()).toEqual(files);
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it('a replay with the same upload_id answers the first photo and stores nothing more', async () => {
    const user = await registerUser(t);
    const files = blobFiles().length;
    const first = await upload(user, { upload_id: 'outbox-photo-42', side: 'back' });
    expect(first.status).toBe(200);
    // The fields may come after the file too.
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'x.png');
    body.append('upload_id', 'outbox-photo-42');
    const request = new Request('http://localhost/', { method: 'POST', body });
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/card/upload',
      headers: { 'content-type': request.headers.get('content-type') ?? '', token: user.token },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(replay.json().data).toEqual(first.body.data);
    expect(blobFiles().length).toBe(files + 1);
    const rows = await t.app.services.db.query("select url from uploads where purpose = 'card' and user_id = $1", [
      user.id,
    ]);
    expect(rows).toHaveLength(1);

    // The same id from another user is theirs, a different photo.
    const other = await registerUser(t);
    const theirs = await upload(other, { upload_id: 'outbox-photo-42' });
    expect(theirs.body.data.url).not.toBe(first.body.data.url);
  });
});

describe('shared card', () => {
  it('is readable by a visitor through its share key, public or not', async () => {
    const { user, card } = await userWithCard({ is_open: 0 });
    for (const path of [`/api/card/cardInfo/${card.share_str}`, `/api/card/user_card_info/${card.share_str}`]) {
      const res = await call<SharedCard>(t.app, 'GET', path);
      expect(res.status).toBe(200);
      expect(sharedCardSchema.safeParse(res.body.data).success).toBe(true);
      expect(res.body.data).toEqual({
        photo: card.photo,
        photo_back: card.photo_back,
        avatar: '',
        user_id: user.id,
        card_id: card.card_id,
        accept_id: 0,
        share_str: card.share_str,
        is_friend: 0,
        profile: card.profile,
        extension: { name: card.name, english_name: card.english_name, ...card.extension },
      });
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/card/cardInfo/${card.share_str}` });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('tells a signed-in viewer whether they keep it as a friend', async () => {
    const { user, card } = await userWithCard();
    const viewer = await registerUser(t);
    expect((await cardInfo(card.share_str, viewer)).body.data).toMatchObject({ accept_id: 0, is_friend: 0 });
    const [friend] = await t.app.services.db.query<{ id: number }>(
      'insert into friends (user_id, friend_user_id, card_id) values ($1, $2, $3) returning id',
      [viewer.id, user.id, card.card_id],
    );
    expect((await cardInfo(card.share_str, viewer)).body.data).toMatchObject({ accept_id: friend?.id, is_friend: 1 });
    // A visitor, or a dead token, sees no friend.
    expect((await cardInfo(card.share_str)).body.data).toMatchObject({ accept_id: 0, is_friend: 0 });
    const stale = await call<SharedCard>(t.app, 'GET', `/api/card/cardInfo/${card.share_str}`, undefined, {
      token: 'x'.repeat(43),
    });
    expect(stale.body.data).toMatchObject({ accept_id: 0, is_friend: 0 });
  });

  it('tells each of many viewers opening cards at once their own entry (looked up together)', async () => {
    const first = await userWithCard();
    const second = await userWithCard();
    const viewers = await Promise.all(Array.from({ length: 6 }, () => registerUser(t)));
    // Viewers 0, 2 and 4 keep the first card; viewer 1 keeps the second.
    const kept = new Map<string, number>();
    for (const [viewer, owner] of [
      [viewers[0], first],
      [viewers[2], first],
      [viewers[4], first],
      [viewers[1], second],
    ] as const) {
      const [row] = await t.app.services.db.query<{ id: number }>(
        'insert into friends (user_id, friend_user_id, card_id) values ($1, $2, $3) returning id',
        [viewer?.id, owner.user.id, owner.card.card_id],
      );
      kept.set(`${viewer?.id}:${owner.card.card_id}`, Number(row?.id));
    }
    const asks = viewers.flatMap((viewer) => [first, second].map((owner) => ({ viewer, owner })));
    const answers = await Promise.all(asks.map(({ viewer, owner }) => cardInfo(owner.card.share_str, viewer)));
    answers.forEach((answer, i) => {
      const { viewer, owner } = asks[i] ?? {};
      const acceptId = kept.get(`${viewer?.id}:${owner?.card.card_id}`) ?? 0;
      expect(answer.body.data).toMatchObject({
        card_id: owner?.card.card_id,
        accept_id: acceptId,
        is_friend: acceptId > 0 ? 1 : 0,
      });
    });
  });

  it('shows an edit to visitors and signed-in viewers at once', async () => {
    const { user, body, card } = await userWithCard();
    const viewer = await registerUser(t);
    expect((await cardInfo(card.share_str)).body.data.extension.name).toBe('陳大文');
    expect((await cardInfo(card.share_str, viewer)).body.data.extension.name).toBe('陳大文');
    expect((await save(user, { ...body, name: '陳大明' })).status).toBe(200);
    expect((await cardInfo(card.share_str, viewer)).body.data.extension.name).toBe('陳大明');
    expect((await cardInfo(card.share_str)).body.data.extension.name).toBe('陳大明');
  });

  it('answers 404 with a clear message for an unknown or revoked key, and 400 for a malformed one', async () => {
    const unknown = await cardInfo('no-such-key', undefined, 'en-us');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 404,
      msg: 'This card does not exist, or its link is no longer valid',
      data: null,
    });
    expect((await cardInfo('no-such-key', undefined, 'zh-tw')).body.msg).toBe('找不到此名片，或分享連結已失效');

    const { card } = await userWithCard();
    await t.app.services.db.query('update card_share_keys set revoked_at = now() where share_key = $1', [
      card.share_str,
    ]);
    await t.app.services.sharedCards.changed(t.app.services.db, [card.share_str]);
    expect((await cardInfo(card.share_str)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/share/vcf/${card.share_str}/1`)).status).toBe(404);

    expect((await cardInfo(encodeURIComponent('bad key!'))).status).toBe(400);
  });
});

describe('vCard', () => {
  type Prop = { value: string | string[]; types: string[]; group: string | undefined };

  function parse(text: string) {
    const card = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const props = (name: string): Prop[] =>
      card.getAllProperties(name).map((p) => {
        const type = p.getParameter('type');
        const group = p.getParameter('group');
        return {
          value: p.getFirstValue() as string | string[],
          types: (Array.isArray(type) ? type : type ? [type] : []).map((v) => String(v).toLowerCase()),
          group: typeof group === 'string' ? group : undefined,
        };
      });
    return { card, props };
  }

  it('holds every field, Chinese name included, and parses with ical.js and vcf', async () => {
    const { user, card } = await userWithCard();
    for (const url of [`/api/share/vcf/${card.share_str}/1`, `/api/card/user_card_info/${card.share_str}/1`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="card.vcf"; filename*=UTF-8''${encodeURIComponent('陳大文.vcf')}`,
      );
      const text = res.body;
      expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      const { card: vcard, props } = parse(text);
      expect(vcard.name).toBe('vcard');
      expect(vcard.getFirstPropertyValue('version')).toBe('3.0');
      expect(vcard.getFirstPropertyValue('fn')).toBe('陳大文');
      expect(vcard.getFirstPropertyValue('n')).toEqual(['陳', '大文', '', '', '']);
      expect(vcard.getFirstPropertyValue('nickname')).toBe('Chan Tai Man');
      expect(props('org').map((p) => [p.group, p.value])).toEqual([
        ['company1', ['匯豐銀行', '貿易融資部']],
        ['company2', ['Acme Trading, Ltd.', 'Sales']],
      ]);
      expect(props('title').map((p) => [p.group, p.value])).toEqual([
        ['company1', '經理'],
        ['company2', 'Director'],
      ]);
      expect(props('tel').map((p) => [p.value, p.types])).toEqual([
        ['+852 9123 4567', ['cell', 'voice']],
        ['+852 2123 4567', ['work', 'voice']],
        ['+852 2123 4568', ['work', 'fax']],
      ]);
      expect(props('email').map((p) => [p.value, p.types])).toEqual([
        ['taiman.chan@example.com', ['internet', 'work']],
        ['taiman@example.org', ['internet', 'home']],
      ]);
      expect(props('adr').map((p) => [p.value, p.types])).toEqual([
        [['', '', '香港中環皇后大道中1號', '', '', '', ''], ['work']],
        [['', '', 'Flat 2, 3/F, 8 Nathan Road; Kowloon', '', '', '', ''], ['home']],
      ]);
      expect(props('url').map((p) => [p.value, p.types])).toEqual([
        ['https://www.example.com/about', ['work']],
        ['https://blog.example.org', ['blog']], // no scheme: a protocol-less link (SPEC §5)
      ]);
      expect(props('x-socialprofile').map((p) => [p.value, p.types])).toEqual([
        ['https://facebook.com/chantaiman', ['facebook']],
        ['85291234567', ['whatsapp']], // SPEC §5: an 8-digit WhatsApp number is saved with 852
        ['chantaiman_hk', ['wechat']],
      ]);
      // ical.js keeps `\;` in a single text value (tests/support/vcards.ts); both parsers, read alike:
      expect(readVCard(text).note).toBe(
        [card.profile, '金融', 'Logistics', 'Speaks Cantonese, Mandarin and English', 'Member, HK Bankers Club'].join(
          '\n',
        ),
      );
      // The uploaded photo, embedded as a JPEG fitting 400 px (iOS and Google Contacts).
      const photo = vcard.getFirstProperty('photo');
      expect(photo?.getParameter('encoding')).toBe('b');
      const embedded = await sharp(Buffer.from(String(photo?.getFirstValue()), 'base64')).metadata();
      expect(embedded.format).toBe('jpeg');
      expect(Math.max(embedded.width, embedded.height)).toBe(400);
      expect(vcard.getFirstPropertyValue('uid')).toBe(`urn:cardbook:card:${card.card_id}`);
    }

    // export_vcf: my own card by id.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/card/export_vcf/${card.card_id}`,
      headers: { token: user.token },
    });
    expect(own.statusCode).toBe(200);
    expect(parse(own.body).card.getFirstPropertyValue('fn')).toBe('陳大文');
  });

  it('export_vcf answers a friend card, and 404 for a card that is neither mine nor a friend', async () => {
    const { user, card } = await userWithCard({ is_open: 1 });
    const other = await registerUser(t);
    const url = `/api/card/export_vcf/${card.card_id}`;
    const refused = await t.app.inject({ method: 'GET', url, headers: { token: other.token, lang: 'en-us' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe('This card does not exist, or its link is no longer valid');
    await t.app.services.db.query('insert into friends (user_id, friend_user_id, card_id) values ($1, $2, $3)', [
      other.id,
      user.id,
      card.card_id,
    ]);
    const allowed = await t.app.inject({ method: 'GET', url, headers: { token: other.token } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('FN:陳大文');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('every route writes hostile text, the suffix and the photo so that ical.js and vcf read them back', async () => {
    // Single-line fields refuse control characters (newline included); the profile may hold lines.
    const hostile = 'A;B,C\\D E:F "G" 😀 陳';
    const lines = 'A;B,C\\D\nE:F "G" 😀 陳';
    const { user, card } = await userWithCard({
      name: 'David Wong, Jr.',
      english_name: hostile,
      profile: `${lines}; more`,
      extension: {
        ...emptyExtension(),
        company: [{ name: hostile, department: hostile, position: hostile, key: 'company' }],
        address: [{ key: 'work', content: hostile }],
        other: [{ key: 'other', content: hostile }],
        social: [
          { key: 'facebook', content: 'https://facebook.com/a;b,c' },
          { key: 'wechat', content: 'id;with,commas\\' },
        ],
      },
    });
    for (const res of [
      await t.app.inject({
        method: 'GET',
        url: `/api/card/export_vcf/${card.card_id}`,
        headers: { token: user.token },
      }),
      await t.app.inject({ method: 'GET', url: `/api/share/vcf/${card.share_str}/1` }),
      await t.app.inject({ method: 'GET', url: `/api/card/user_card_info/${card.share_str}/1` }),
    ]) {
      expect(res.statusCode).toBe(200);
      const read = readVCard(res.body);
      expect(read.fn).toBe('David Wong, Jr.');
      expect(read.n).toEqual(['Wong', 'David', '', '', 'Jr.']);
      expect(read.nickname).toBe(hostile);
      expect(read.org).toEqual([{ group: null, value: [hostile, hostile] }]);
      expect(read.title).toEqual([hostile]);
      expect(read.adr).toEqual([['', '', hostile, '', '', '', '']]);
      expect(read.note).toBe(`${lines}; more\n${hostile}`);
      expect(read.social).toEqual([
        { type: 'facebook', value: 'https://facebook.com/a;b,c' },
        { type: 'wechat', value: 'id;with,commas\\' },
      ]);
      expect(read.photo).toMatch(/^b:\/9j\//); // a JPEG
    }
  });

  it('names an English card by its English name', async () => {
    const { card } = await userWithCard({ name: 'Peter Chan', english_name: '' });
    const res = await t.app.inject({ method: 'GET', url: `/api/share/vcf/${card.share_str}/1` });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Peter Chan.vcf"; filename*=UTF-8''Peter%20Chan.vcf`,
    );
    const vcard = parse(res.body).card;
    expect(vcard.getFirstPropertyValue('n')).toEqual(['Chan', 'Peter', '', '', '']);
    expect(vcard.getFirstPropertyValue('nickname')).toBeNull();
  });
});

describe('search', () => {
  it('finds public cards by name, English name, company, position and industry; never a private one', async () => {
    const tag = `${Date.now().toString(36)}`;
    const open = await userWithCard({
      name: `張美玲${tag}`,
      english_name: `Mei Ling Cheung ${tag}`,
      extension: {
        ...fullCard('', '').extension,
        company: [
          { name: `Ｏｃｔｏｐｕｓ Cards ${tag}`, department: 'IT', position: `Chief 工程師 ${tag}`, key: 'company' },
        ],
        industry: [{ key: 'industry', content: `Fintech 科技 ${tag}` }],
      },
    });
    const hidden = await userWithCard({ name: `張美玲${tag}`, is_open: 0 });
    const me = await registerUser(t);
    const found = async (keyword: string) => (await search(me, { keyword })).body.data.list.map((c) => c.card_id);

    for (const keyword of [
      `美玲${tag}`,
      `mei ling cheung ${tag}`,
      `MEI LING`,
      `octopus cards ${tag}`,
      `工程師 ${tag}`,
      `chief`,
      `fintech 科技 ${tag}`,
      tag,
    ]) {
      const ids = await found(keyword);
      expect(ids, keyword).toContain(open.card.card_id);
      expect(ids, keyword).not.toContain(hidden.card.card_id);
    }
    expect(await found(`nobody-${tag}`)).toEqual([]);

    const res = await search(me, { keyword: tag });
    expect(res.body.data.list[0]).toEqual({
      card_id: open.card.card_id,
      share_str: open.card.share_str,
      name: `張美玲${tag}`,
      english_name: `Mei Ling Cheung ${tag}`,
      avatar: '',
      photo: open.card.photo,
      company: `Ｏｃｔｏｐｕｓ Cards ${tag}`,
      position: `Chief 工程師 ${tag}`,
      industry: `Fintech 科技 ${tag}`,
    });

    // Still viewable by its share link.
    expect((await cardInfo(hidden.card.share_str)).status).toBe(200);
    // Made private later: gone from search.
    await save(open.user, { ...open.body, is_open: 0 });
    expect(await found(tag)).toEqual([]);
  });

  it('keeps a new card private until its owner makes it public (issue 23 #19)', async () => {
    const tag = `private${Date.now().toString(36)}`;
    const user = await registerUser(t);
    const { is_open: _, ...unsaid } = fullCard('', '', { name: `林嘉欣${tag}`, english_name: `Karen Lam ${tag}` });
    const created = await save(user, unsaid);
    expect(created.status).toBe(200);
    expect(created.body.data.is_open).toBe(0);
    expect((await info(user)).body.data?.is_open).toBe(0);
    const me = await registerUser(t);
    const found = async () => (await search(me, { keyword: tag })).body.data.list.map((c) => c.card_id);
    expect(await found()).toEqual([]);
    // Chosen public, it is found.
    await save(user, { ...unsaid, is_open: 1 });
    expect(await found()).toEqual([created.body.data.card_id]);
  });

  it('finds by one character, Chinese or Latin, and pages', async () => {
    const tag = String.fromCodePoint(0x4e00 + (Date.now() % 20_000));
    const cards = [];
    for (let i = 0; i < 3; i++) cards.push(await userWithCard({ name: `${tag}${i}`, english_name: `q${i}` }));
    const me = await registerUser(t);
    const first = await search(me, { keyword: tag, page_size: 2 });
    expect(first.body.data).toMatchObject({ page_size: 2, more: true });
    expect(first.body.data.list.map((c) => c.card_id)).toEqual([cards[2]?.card.card_id, cards[1]?.card.card_id]);
    const second = await search(me, { keyword: tag, page_size: 2, page: 2 });
    expect(second.body.data.list.map((c) => c.card_id)).toEqual([cards[0]?.card.card_id]);
    expect(second.body.data.more).toBe(false);
    const latin = await search(me, { keyword: 'Q', page_size: 50 });
    expect(latin.body.data.list.length).toBeGreaterThan(0);
  });

  it('refuses an empty or oversize keyword, and answers 401 without a token', async () => {
    const me = await registerUser(t);
    expect((await search(me, { keyword: '   ' })).status).toBe(400);
    expect((await search(me, { keyword: 'x'.repeat(51) })).status).toBe(400);
    expect((await search(me, { keyword: 'x', page_size: 51 })).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/card/search', { keyword: 'x' })).status).toBe(401);
  });
});

describe('sync', () => {
  const pull = (user: User, cursor = 0) =>
    call<PullResult>(t.app, 'GET', '/api/sync/pull', undefined, {
      token: user.token,
      query: { cursor: String(cursor) },
    });
  const push = (user: User, id: string, args: unknown) =>
    call<PushResult>(
      t.app,
      'POST',
      '/api/sync/push',
      { client_id: 'phone-0001', mutations: [{ id, name: 'saveCard', args }] },
      { token: user.token },
    );

  it('pull shows my card, and again after every change', async () => {
    const { user, body, card } = await userWithCard();
    const first = (await pull(user)).body.data;
    const row = first.rows.find((r) => r.table === 'card');
    expect(row).toMatchObject({ key: 'me', deleted: false, value: card });

    const none = (await pull(user, first.cursor)).body.data;
    expect(none.rows.filter((r) => r.table === 'card')).toEqual([]);

    // Only an entry changes: the card is sent again.
    const edited = {
      ...body,
      extension: { ...body.extension, tel: [...body.extension.tel, { key: 'home', content: '2987 6543' }] },
    };
    expect((await save(user, edited)).status).toBe(200);
    const next = (await pull(user, first.cursor)).body.data.rows.filter((r) => r.table === 'card');
    expect(next).toHaveLength(1);
    expect(next[0]?.value).toEqual((await info(user)).body.data);
  });

  it('push saveCard runs the REST service once, however often it is replayed', async () => {
    const user = await registerUser(t);
    const args = fullCard(await uploadUrl(user), '');
    const res = await push(user, 'save-1', args);
    expect(res.body.data.results[0]).toMatchObject({ id: 'save-1', ok: true });
    const card = (await info(user)).body.data;
    expect((res.body.data.results[0] as { data: unknown }).data).toEqual(card);
    const version = async () =>
      (await t.app.services.db.query<{ version: number }>('select version from cards where user_id = $1', [user.id]))[0]
        ?.version;
    const before = await version();

    const replay = await push(user, 'save-1', { ...args, name: 'Changed' });
    expect(replay.body.data.results[0]).toEqual(res.body.data.results[0]);
    expect(await version()).toBe(before);
    expect((await info(user)).body.data).toEqual(card);

    const pulled = (await pull(user)).body.data.rows.filter((r) => r.table === 'card');
    expect(pulled).toHaveLength(1);
    expect(pulled[0]?.value).toEqual(card);
  });

  it('a refused saveCard writes nothing', async () => {
    const user = await registerUser(t);
    const before = await dbSnapshot(t.app);
    const res = await push(user, 'bad-1', { ...fullCard('', ''), photo: '/blobs/cards/not-mine.webp' });
    expect(res.body.data.results[0]).toMatchObject({ ok: false, code: 400 });
    // Only the record of the refused mutation was added.
    const after = JSON.parse(await dbSnapshot(t.app));
    const was = JSON.parse(before);
    expect(after.users).toEqual(was.users);
    expect(after.counts.filter((c: string) => !c.startsWith('sync_mutations'))).toEqual(
      was.counts.filter((c: string) => !c.startsWith('sync_mutations')),
    );
  });
});

describe('the card copy in my QR code', () => {
  it('carries my name, first company, phone and e-mail, signed with the key the server publishes', async () => {
    const { user, card } = await userWithCard();
    const [link, fragment = ''] = card.share.qr.split('#');
    expect(link).toBe(card.share.link);
    const read = readCopyFragment(fragment);
    expect(read?.copy).toEqual({
      cardId: card.card_id,
      name: '陳大文',
      englishName: 'Chan Tai Man',
      company: '匯豐銀行',
      position: '經理',
      tel: '+852 9123 4567',
      email: 'taiman.chan@example.com',
    });
    // Public: a scanner signed out verifies with it too.
    const key = await call<{ key: string }>(t.app, 'GET', '/api/card/copyKey');
    expect(key.status).toBe(200);
    const publicKey = Buffer.from(key.body.data.key, 'base64url');
    if (!read) throw new Error('no copy');
    expect(await verifyCopy(card.share_str, read.body, read.signature, publicKey)).toBe(true);
    // The pull carries the same QR text to my other devices.
    const pulled = await call<PullResult>(t.app, 'GET', '/api/sync/pull', undefined, {
      token: user.token,
      query: { cursor: '0' },
    });
    expect(pulled.body.data.rows.find((r) => r.table === 'card')?.value).toMatchObject({
      share: { qr: card.share.qr },
    });
  });

  it('is signed again when the card changes, and every process signs with the one key', async () => {
    const { user, body, card } = await userWithCard();
    const saved = await save(user, { ...body, name: '陳小文' });
    const read = readCopyFragment(saved.body.data.share.qr.split('#')[1] ?? '');
    expect(read?.copy.name).toBe('陳小文');
    // A second server on the same database: the key was made once.
    const { cardCopies } = await import('../../server/services/card-copies');
    const other = await cardCopies(t.app.services.db);
    expect(other.publicKey).toBe(t.app.services.cardCopies.publicKey);
    expect(card.share.qr).not.toBe(saved.body.data.share.qr);
  });
});

describe('search index', () => {
  it('finds exactly the public cards whose text holds the keyword, whatever the keyword', async () => {
    const own = await createTestApp();
    try {
      const db = own.app.services.db;
      // Few distinct characters, so keywords often match: ASCII, CJK, a space, a full-width
      // letter (NFKC makes it 'a') and a character outside the BMP.
      const alphabet = fc.constantFrom('a', 'b', 'n', 'g', ' ', '陳', '大', '文', 'Ａ', '𠀀');
      const text = fc.array(alphabet, { minLength: 1, maxLength: 8 }).map((cs) => cs.join('').trim() || 'a');
      const cards: { id: number; text: string; open: boolean }[] = [];
      for (const [name, open] of fc.sample(fc.tuple(text, fc.boolean()), { numRuns: 60, seed: 7 })) {
        const [user] = await db.query<{ id: number }>("insert into users (full_name) values ('p') returning id");
        const [card] = await db.query<{ id: number }>(
          'insert into cards (user_id, is_open, name, search_text) values ($1, $2, $3, $4) returning id',
          [user?.id, open, name, searchTextOf({ name, english_name: '', extension: emptyExtension() })],
        );
        if (!card) throw new Error('no card');
        await db.query('insert into card_share_keys (share_key, card_id) values ($1, $2)', [`p${card.id}`, card.id]);
        cards.push({ id: card.id, text: normalizeSearch(name), open });
      }
      await fc.assert(
        fc.asyncProperty(text, async (keyword) => {
          const found = await searchCards(own.app.services, { keyword, page_size: 50 });
          const wanted = normalizeSearch(keyword);
          const expected = cards
            .filter((c) => c.open && c.text.includes(wanted))
            .map((c) => c.id)
            .sort((x, y) => y - x);
          expect(found.list.map((c) => c.card_id)).toEqual(expected.slice(0, 50));
        }),
        { numRuns: 150, seed: 11 },
      );
    } finally {
      await own.close();
    }
  });
});
