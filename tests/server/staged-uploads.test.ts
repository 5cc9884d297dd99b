import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import type { PhysicalOrder, Profile, PushResult } from '../../src/api';
import { formatHlc } from '../../src/lib/hlc';
import { call, createTestApp, registerUser, type TestApp } from './helper';
import { userWithCard } from './social';

/**
 * Files a device picks offline (src/db/uploads.ts) for its avatar, its company blocks and a
 * payment proof: the sync worker uploads each with its upload_id, which only stores it (a replay
 * answers the file stored the first time), then pushes the change naming its URL, which puts it
 * in place, newest edit winning, and only with the caller's own file.
 */
let t: TestApp;
beforeAll(async () => {
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({
    rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy },
    shop: { bankAccount: 'HSBC 004-123-456789-001', fpsId: '1234567' },
  });
});
afterAll(async () => {
  await t.close();
});

type User = { token: string };
const EN = 'en-us';
let ids = 0;
const newId = () => `m${++ids}-${Date.now()}`;
/** A stamp `secondsAgo` before now, made on `node`. */
const at = (secondsAgo: number, node: string) => formatHlc(Date.now() - secondsAgo * 1000, 0, node);

const png = (background = '#fff') =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();

/** POST multipart `path` with one file and plain fields, as the uploader sends it. */
async function upload(user: User, path: string, fields: Record<string, string>, data: Buffer, type = 'image/png') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'file.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { token: user.token, lang: EN, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as { msg: string; data: Record<string, unknown> } };
}

const push = (user: User, mutations: { id: string; name: string; args: unknown; hlc?: string }[]) =>
  call<PushResult>(
    t.app,
    'POST',
    '/api/sync/push',
    { client_id: 'device-staged', mutations },
    { token: user.token, lang: EN },
  );
const profileOf = async (user: User) =>
  (await call<Profile>(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token })).body.data;

describe('an avatar picked offline', () => {
  it('is only stored by its upload (a replay stores it once), and the change naming it makes it my avatar', async () => {
    const me = await registerUser(t);
    const first = await upload(me, '/api/user/uploadAvatar', { upload_id: 'avatar-0001' }, await png('#f00'));
    expect(first.status).toBe(200);
    const url = first.body.data.avatar as string;
    expect(url).toMatch(/^\/blobs\/avatars\//);
    const replay = await upload(me, '/api/user/uploadAvatar', { upload_id: 'avatar-0001' }, await png('#0f0'));
    expect(replay.body.data.avatar).toBe(url);
    expect((await profileOf(me)).avatar).toBe('');

    const res = await push(me, [{ id: newId(), name: 'setProfile', args: { avatar: url }, hlc: at(0, 'dev1') }]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true });
    expect((await profileOf(me)).avatar).toBe(url);
  });

  it('loses to an avatar set after it on another device, whatever order they arrive in', async () => {
    const me = await registerUser(t);
    const older = (await upload(me, '/api/user/uploadAvatar', { upload_id: 'avatar-old1' }, await png('#00f'))).body
      .data.avatar as string;
    const newer = (await upload(me, '/api/user/uploadAvatar', { upload_id: 'avatar-new1' }, await png('#ff0'))).body
      .data.avatar as string;
    await push(me, [{ id: newId(), name: 'setProfile', args: { avatar: newer }, hlc: at(5, 'devB') }]);
    const late = await push(me, [{ id: newId(), name: 'setProfile', args: { avatar: older }, hlc: at(60, 'devA') }]);
    expect(late.body.data.results[0]).toMatchObject({ ok: true });
    expect((await profileOf(me)).avatar).toBe(newer);
  });

  it("refuses another user's file as my avatar, in my language, changing nothing", async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const theirs = (await upload(other, '/api/user/uploadAvatar', { upload_id: 'avatar-them' }, await png())).body.data
      .avatar as string;
    const res = await push(me, [{ id: newId(), name: 'setProfile', args: { avatar: theirs } }]);
    expect(res.body.data.results[0]).toMatchObject({ ok: false, code: 400 });
    expect((res.body.data.results[0] as { msg: string }).msg).toContain('not uploaded from this account');
    expect((await profileOf(me)).avatar).toBe('');
  });

  it('without an upload id, the upload is my avatar at once (the one-step call)', async () => {
    const me = await registerUser(t);
    const res = await upload(me, '/api/user/uploadAvatar', {}, await png());
    expect((await profileOf(me)).avatar).toBe(res.body.data.avatar);
  });
});

describe('a payment proof picked offline', () => {
  const ORDER = {
    kind: 'metal',
    name_on_card: 'Ada Lovelace',
    quantity: 1,
    recipient: 'Ada Lovelace',
    phone: '91234567',
    address: '1 Harbour Road, Wan Chai, Hong Kong',
    payment_method: 'fps',
  };

  it('is stored by its upload alone and made the proof by sendProof, once', async () => {
    const me = await userWithCard(t, 'Ada');
    const order = (await call<PhysicalOrder>(t.app, 'POST', '/api/card/card_apply', ORDER, { token: me.token })).body
      .data;
    const stored = await upload(me, '/api/card/physical_proof', { upload_id: 'proof-0001' }, await png());
    expect(stored.status).toBe(200);
    const url = stored.body.data.url as string;
    expect(url).toMatch(/^\/blobs\/orders\//);
    const untouched = await call<PhysicalOrder>(t.app, 'GET', `/api/card/physical_status/${order.id}`, undefined, {
      token: me.token,
    });
    expect(untouched.body.data).toMatchObject({ status: 'submitted', proof: false });

    const id = newId();
    const res = await push(me, [{ id, name: 'sendProof', args: { order_id: order.id, proof: url } }]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true });
    // The same change sent again (an answer lost on the way) is applied once.
    await push(me, [{ id, name: 'sendProof', args: { order_id: order.id, proof: url } }]);
    const after = await call<PhysicalOrder>(t.app, 'GET', `/api/card/physical_status/${order.id}`, undefined, {
      token: me.token,
    });
    expect(after.body.data).toMatchObject({ status: 'proof_received', proof: true });
    expect(after.body.data.history.filter((e) => e.status === 'proof_received')).toHaveLength(1);
  });

  it('keeps the proof chosen later when two phones send one, whatever order they arrive in', async () => {
    const me = await userWithCard(t, 'Ada');
    const order = (await call<PhysicalOrder>(t.app, 'POST', '/api/card/card_apply', ORDER, { token: me.token })).body
      .data;
    const older = (await upload(me, '/api/card/physical_proof', { upload_id: 'proof-older' }, await png('#111'))).body
      .data.url as string;
    const newer = (await upload(me, '/api/card/physical_proof', { upload_id: 'proof-newer' }, await png('#eee'))).body
      .data.url as string;
    await push(me, [
      { id: newId(), name: 'sendProof', args: { order_id: order.id, proof: newer }, hlc: at(5, 'devB') },
    ]);
    const late = await push(me, [
      { id: newId(), name: 'sendProof', args: { order_id: order.id, proof: older }, hlc: at(60, 'devA') },
    ]);
    expect(late.body.data.results[0]).toMatchObject({ ok: true, superseded: ['proof'] });
    const [row] = await t.app.services.db.query<{ proof_url: string }>(
      'select proof_url from physical_card_orders where id = $1',
      [order.id],
    );
    expect(row?.proof_url).toBe(newer);
  });

  it("refuses another user's file, and an upload with neither an order nor an upload id", async () => {
    const me = await userWithCard(t, 'Ada');
    const other = await registerUser(t);
    const order = (await call<PhysicalOrder>(t.app, 'POST', '/api/card/card_apply', ORDER, { token: me.token })).body
      .data;
    const theirs = (await upload(other, '/api/card/physical_proof', { upload_id: 'proof-them' }, await png())).body.data
      .url as string;
    const res = await push(me, [{ id: newId(), name: 'sendProof', args: { order_id: order.id, proof: theirs } }]);
    expect(res.body.data.results[0]).toMatchObject({ ok: false, code: 400 });
    const bare = await upload(me, '/api/card/physical_proof', {}, await png());
    expect(bare.status).toBe(400);
  });
});

describe('company files picked offline', () => {
  it('are stored once per upload id, and saveCompany takes their URLs', async () => {
    const me = await registerUser(t);
    const first = await upload(me, '/api/user/companyUpload', { upload_id: 'company-img1' }, await png());
    const replay = await upload(me, '/api/user/companyUpload', { upload_id: 'company-img1' }, await png('#000'));
    expect(replay.body.data.url).toBe(first.body.data.url);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const doc = await upload(me, '/api/user/companyPdfUpload', { upload_id: 'company-pdf1' }, pdf, 'application/pdf');
    expect(doc.status).toBe(200);
    const items = [
      { type: 'img', content: { url: first.body.data.url } },
      { type: 'pdf', content: { url: doc.body.data.url, name: 'brochure.pdf', size: pdf.length } },
    ];
    const res = await push(me, [{ id: newId(), name: 'saveCompany', args: { items } }]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true });
  });
});
