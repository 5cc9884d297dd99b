import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/compress';
import { createTestApp, type TestApp } from './helper';

/** A small dist like Vite's: a shell, hashed assets, the service worker, the manifest. */
const dir = mkdtempSync(join(tmpdir(), 'cardbook-static-'));
const repeat = (line: string) => Array.from({ length: 200 }, (_, i) => `${line} ${i}`).join('\n');
const FILES = {
  'index.html': `<!doctype html><html><head><title>Cardbook</title></head><body>${repeat('<div id="root"></div>')}</body></html>`,
  'assets/framework-AbC123.js': repeat('export const value = "some framework code";'),
  'assets/index-Xy9.css': repeat('.card { color: red; }'),
  'assets/icon-Q1.png': 'not really a png, and never compressed',
  'sw.js': repeat('self.addEventListener("fetch", () => {});'),
  'manifest.webmanifest': JSON.stringify({ name: 'Cardbook', icons: repeat('icon').split('\n') }),
  'version.json': JSON.stringify({ version: '1.0.0', padding: repeat('x') }),
};

let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  for (const [name, body] of Object.entries(FILES)) writeFileSync(join(dir, name), body);
  precompress(dir);
  t = await createTestApp({ staticDir: dir });
});

afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('precompressed static files', () => {
  it('writes .br and .gz beside text files only, never beside version.json', () => {
    expect(existsSync(join(dir, 'assets/framework-AbC123.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets/framework-AbC123.js.gz'))).toBe(true);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets/icon-Q1.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'version.json.br'))).toBe(false);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s gets %s, with the right type and length, decoding to the file', async (accept, encoding) => {
    const res = await get('/assets/framework-AbC123.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(decoded(encoding, res.rawPayload)).toBe(FILES['assets/framework-AbC123.js']);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(FILES['assets/framework-AbC123.js'].length / 4);
  });

  it('keeps hashed assets for a year and revalidates everything else', async () => {
    const asset = await get('/assets/index-Xy9.css', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/^text\/css/);
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // The version check's own route, stricter still.
    expect((await get('/version.json')).headers['cache-control']).toBe('no-store');
  });

  it('sends the shell compressed for /, for index.html and as the fallback of app routes', async () => {
    for (const url of ['/', '/userHome', '/s/abc123']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded('br', res.rawPayload), url).toBe(FILES['index.html']);
    }
    const plain = await get('/friendsList');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FILES['index.html']);
  });

  it('serves the service worker and manifest compressed with their own types', async () => {
    const sw = await get('/sw.js', 'gzip');
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(decoded('gzip', sw.rawPayload)).toBe(FILES['sw.js']);
    const manifest = await get('/manifest.webmanifest', 'br');
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(decoded('br', manifest.rawPayload))).toEqual(JSON.parse(FILES['manifest.webmanifest']));
  });

  it('sends version.json as it is on disk now, and files without a compressed copy as they are', async () => {
    writeFileSync(join(dir, 'version.json'), JSON.stringify({ version: '2.0.0' }));
    const version = await get('/version.json', 'br, gzip');
    expect(version.headers['content-encoding']).toBeUndefined();
    expect(version.json()).toEqual({ version: '2.0.0' });
    const png = await get('/assets/icon-Q1.png', 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.equals(readFileSync(join(dir, 'assets/icon-Q1.png')))).toBe(true);
  });

  it('still answers a missing file or API path with the JSON 404, not the shell', async () => {
    const file = await get('/assets/missing-123.js', 'br');
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ code: 404 });
    const api = await get('/api/nope', 'br');
    expect(api.statusCode).toBe(404);
  });
});
