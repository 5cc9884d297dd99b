import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { type NpmStart, npmStart } from './npm-start';

/**
 * `npm start` as an operator runs it (the bundled server under plain node, PGlite in a fresh
 * DATA_DIR, a tiny STATIC_DIR so no web build is needed), stopped with SIGTERM to npm while a
 * registration is still being uploaded: the registration is answered and kept, npm exits 0,
 * and the same data folder serves the account after a restart.
 */
const root = mkdtempSync(join(tmpdir(), 'cardbook-shutdown-'));
const dataDir = join(root, 'data');
const staticDir = join(root, 'static');
mkdirSync(staticDir);
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Cardbook</title>');
const started: NpmStart[] = [];
const start = async () => {
  const server = await npmStart({ DATA_DIR: dataDir, STATIC_DIR: staticDir });
  started.push(server);
  return server;
};

afterAll(() => {
  for (const server of started) server.kill(); // whatever a failed assertion left running
  rmSync(root, { recursive: true, force: true });
});

async function postJson(port: number, path: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: unknown };
}

test('SIGTERM to npm start answers the request in flight, keeps its write and exits 0', {
  timeout: 180_000,
}, async () => {
  const email = 'graceful@example.com';
  const password = 'secret-pass';
  const first = await start();
  await postJson(first.port, '/api/sendVerifyCode', { email, scene: 'register' });
  const code = /"code":"(\d{6})"/.exec(await first.waitForLog(/"code":"\d{6}"/))?.[1];

  // The registration's headers and half its body reach the server; SIGTERM; then the rest.
  const body = Buffer.from(JSON.stringify({ email, password, code }));
  const answer = new Promise<{ status: number; json: { code: number } }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: first.port,
        path: '/api/register',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, 10));
    first
      .waitForLog(
        /"url":"\/api\/register"[^\n]*"msg":"incoming request"|"msg":"incoming request"[^\n]*"url":"\/api\/register"/,
      )
      .then(async () => {
        first.npm.kill('SIGTERM');
        await first.waitForLog(/SIGTERM: finishing requests in flight/);
        req.end(body.subarray(10));
      }, reject);
  });
  const registered = await answer;
  expect(registered.status).toBe(200);
  expect(registered.json.code).toBe(200);
  expect(await first.exited()).toBe(0);

  // New connections are refused now, and the same folder opens again with the account in it.
  await expect(fetch(`http://127.0.0.1:${first.port}/version.json`)).rejects.toThrow();
  const second = await start();
  const login = await postJson(second.port, '/api/login', { email, password });
  expect(login.code).toBe(200);
  second.npm.kill('SIGINT');
  expect(await second.exited()).toBe(0);
});
