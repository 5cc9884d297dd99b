import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFeedback } from '../../server/services/feedback';
import { FEEDBACK_IMAGE_MAX_BYTES } from '../../src/api';
import { call, createTestApp, registerUser, type TestApp } from './helper';
import { syncPush } from './social';

/** Feedback (src/api/feedback.ts): SPEC §5 rules, images (12 MB, the caller's own), kept once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EN = 'en-us';
let ids = 0;
const message = (extra: Record<string, unknown> = {}) => ({
  id: `fb-${Date.now()}-${++ids}`,
  content: 'The scan button is hard to find',
  contact: 'me@example.com',
  agree: true,
  images: [],
  app_version: '2.82.04',
  language: 'en',
  device: 'Test browser',
  ...extra,
});

async function uploadImage(token: string, data: Buffer, uploadId?: string, type = 'image/png') {
  const form = new FormData();
  if (uploadId) form.append('upload_id', uploadId);
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'shot.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/feedback/image',
    headers: { token, lang: EN, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as { msg: string; data: { url: string } | null } };
}

const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#27a' } })
    .png()
    .toBuffer();
const blobFiles = () => readdirSync(join(t.blobDir, 'feedback'), { withFileTypes: true }).length;

describe('feedback', () => {
  it('answers each SPEC §5 rule in the user’s words', async () => {
    const user = await registerUser(t);
    const send = (body: unknown) => call(t.app, 'POST', '/api/feedback', body, { token: user.token, lang: EN });
    const { content: _c, ...noContent } = message();
    expect((await send(noContent)).body.msg).toBe('Please write your message');
    expect((await send(message({ content: '   ' }))).body.msg).toBe('Please write your message');
    const { contact: _k, ...noContact } = message();
    expect((await send(noContact)).body.msg).toBe('Please give a phone number or an email so we can reply');
    expect((await send(message({ contact: 'call me' }))).body.msg).toBe(
      'Please give a phone number or an email so we can reply',
    );
    expect((await send(message({ agree: false }))).body.msg).toBe('Please agree to the terms first');
    const tooMany = await send(message({ images: ['/blobs/a', '/blobs/b', '/blobs/c', '/blobs/d', '/blobs/e'] }));
    expect(tooMany.status).toBe(400);
    expect((await send(message({ contact: '+852 9123 4567' }))).status).toBe(200);
    expect(await call(t.app, 'POST', '/api/feedback', message())).toMatchObject({ status: 401 });
  });

  it('refuses an image over 12 MB before storing it, and a file that is not an image', async () => {
    const user = await registerUser(t);
    await uploadImage(user.token, await png());
    const before = blobFiles();
    const huge = Buffer.concat([await png(), Buffer.alloc(FEEDBACK_IMAGE_MAX_BYTES)]);
    const refused = await uploadImage(user.token, huge, 'too-big-0001');
    expect(refused.status).toBe(413);
    const fake = await uploadImage(user.token, Buffer.from('not an image at all'), 'fake-0001');
    expect(fake.status).toBe(400);
    expect(blobFiles()).toBe(before);
    const rows = await t.app.services.db.query(
      `select 1 from uploads where upload_id in ('too-big-0001', 'fake-0001')`,
    );
    expect(rows).toEqual([]);
  });

  it('keeps a message and its images once, however often they are sent', async () => {
    const user = await registerUser(t);
    const first = await uploadImage(user.token, await png(), 'img-00000001');
    const again = await uploadImage(user.token, await png(), 'img-00000001');
    expect(first.status).toBe(200);
    expect(again.body.data?.url).toBe(first.body.data?.url);
    const body = message({ images: [first.body.data?.url] });
    const sent = await call(t.app, 'POST', '/api/feedback', body, { token: user.token, lang: EN });
    expect(sent.body).toMatchObject({ code: 200, msg: 'Thank you for your feedback' });
    // The outbox replaying it as a sync mutation, twice: still one message.
    const pushed = await syncPush(t, user, [{ id: 'm-feedback-1', name: 'sendFeedback', args: body }]);
    expect(pushed.status).toBe(200);
    await syncPush(t, user, [{ id: 'm-feedback-1', name: 'sendFeedback', args: body }]);
    const mine = (await listFeedback(t.app.services, 500)).filter((f) => f.user_id === user.id);
    expect(mine).toEqual([
      expect.objectContaining({ content: body.content, images: [first.body.data?.url], app_version: '2.82.04' }),
    ]);
  });

  it('refuses another user’s image', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const image = await uploadImage(owner.token, await png(), 'img-owner-01');
    const res = await call(t.app, 'POST', '/api/feedback', message({ images: [image.body.data?.url] }), {
      token: other.token,
      lang: EN,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('This image was not found; please upload it again');
  });
});
