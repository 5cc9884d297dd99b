import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';
import { type User, userWithCard } from './social';

/**
 * Issue 23 item 30: API JSON over 1 KB is compressed for clients that accept it, GETs carry an
 * ETag and a matching If-None-Match is answered 304, and a signed-in user's answers stay out
 * of shared caches (private, no-store).
 */
let t: TestApp;
let user: User;
beforeAll(async () => {
  t = await createTestApp();
  user = await userWithCard(t, 'Cache Chan', { name: 'Caching Ltd', position: 'Keeper' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('compression', () => {
  it('compresses a signed-in pull over 1 KB with brotli or gzip, as the client accepts, and the JSON is the same', async () => {
    const url = '/api/sync/pull?cursor=0';
    const plain = await get(url, { token: user.token });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, { token: user.token, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get(url, { token: user.token, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await get('/api/get_time', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('conditional GETs', () => {
  it('a shared card: ETag, then 304 with no body while it is unchanged, 200 once it changes', async () => {
    const url = `/api/card/cardInfo/${user.shareStr}`;
    const first = await get(url, { lang: 'en' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get(url, { lang: 'en', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Weak or listed, the same validator.
    expect((await get(url, { lang: 'en', 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(304);
    // Another language is another answer.
    expect((await get(url, { lang: 'hk', 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('a signed-in answer: private, no-store, and 304 to a client that asks with its ETag', async () => {
    const url = '/api/user/getProfile';
    const first = await get(url, { token: user.token });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const again = await get(url, { token: user.token, 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('never answers 304 to a change or to a refusal', async () => {
    const etag = String((await get('/api/user/getProfile', { token: user.token })).headers.etag);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'if-none-match': etag, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(post.statusCode).toBe(401);
    const refused = await get('/api/user/getProfile', { token: 'nobody' });
    const refusedAgain = await get('/api/user/getProfile', { 'if-none-match': String(refused.headers.etag) });
    expect(refusedAgain.statusCode).toBe(401);
  });
});
