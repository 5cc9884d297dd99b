import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { openDb } from '../../server/db/db';
import { LogSender } from '../../server/mail/sender';
import { call, createTestApp, registerUser, type TestApp } from './helper';

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'cardbook-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Cardbook</title>');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'app.js'), 'export {};');
  t = await createTestApp({ staticDir: distDir });
  mkdirSync(join(t.blobDir, 'avatars'), { recursive: true });
  writeFileSync(join(t.blobDir, 'avatars', 'a.webp'), 'not really an image');
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('security headers', () => {
  const urls = {
    page: '/friendsList',
    index: '/',
    asset: '/assets/app.js',
    api: '/api/get_time',
    apiRefusal: '/api/card/info',
    blob: '/blobs/avatars/a.webp',
    missingBlob: '/blobs/nothing.webp',
    missingApi: '/api/nothing',
    badUrl: '/api/card/cardInfo/%E0%A4%A',
  };

  it.each(Object.entries(urls))('are on every answer: %s', async (_, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http
  });

  it('allows only what the shipped features need', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://www.facebook.com']);
    expect(csp.get('media-src')).toContain('blob:');
    for (const values of csp.values()) expect(values).not.toContain("'unsafe-inline'");
    for (const values of csp.values()) expect(values).not.toContain("'unsafe-eval'");
  });

  it('sends HSTS only over TLS: behind a trusted proxy that says https, not when the proxy is not trusted', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const untrusted = await t.app.inject({ method: 'GET', url: '/api/get_time', headers: https });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();

    const db = await openDb({ engine: 'pglite' });
    const blobDir = mkdtempSync(join(tmpdir(), 'cardbook-blobs-'));
    const proxied: App = await buildApp({ db, blobDir, sender: new LogSender(), trustProxy: true });
    try {
      const res = await proxied.inject({ method: 'GET', url: '/api/get_time', headers: https });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await proxied.inject({ method: 'GET', url: '/api/get_time' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
      rmSync(blobDir, { recursive: true, force: true });
    }
  });

  it('are on signed-in answers and refusals too', async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getProfile', headers: { token: user.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    const refused = await call(t.app, 'POST', '/api/login', { email: 'x' });
    expect(refused.status).toBe(400);
  });
});

describe('slow clients', () => {
  it('cuts off a request body trickled in a byte at a time with 408', async () => {
    const db = await openDb({ engine: 'pglite' });
    const blobDir = mkdtempSync(join(tmpdir(), 'cardbook-blobs-'));
    const app = await buildApp({
      db,
      blobDir,
      sender: new LogSender(),
      timeouts: { request: 1_000, headers: 1_000, checkInterval: 100 },
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        let timer: NodeJS.Timeout | undefined;
        socket.on('connect', () => {
          socket.write(
            'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
          );
          // A byte every 200 ms: 1,000 bytes would take over three minutes.
          timer = setInterval(() => socket.write(' '), 200);
        });
        socket.on('data', (chunk) => {
          received += chunk.toString();
        });
        socket.on('close', () => {
          clearInterval(timer);
          resolve(received);
        });
        socket.on('error', (err) => {
          clearInterval(timer);
          if (received) resolve(received);
          else reject(err);
        });
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await app.close();
      rmSync(blobDir, { recursive: true, force: true });
    }
  });
});
