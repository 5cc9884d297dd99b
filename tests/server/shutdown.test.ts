import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

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
const started: ChildProcess[] = [];

afterAll(() => {
  // Whatever a failed assertion left running: npm and the server are one process group.
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
  }
  rmSync(root, { recursive: true, force: true });
});

type Running = { npm: ChildProcess; port: number; waitForLog(pattern: RegExp): Promise<string> };

function npmStart(): Promise<Running> {
  const npm = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, DATA_DIR: dataDir, STATIC_DIR: staticDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  started.push(npm);
  let log = '';
  let consumed = 0;
  const waiters: { pattern: RegExp; resolve(line: string): void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(log.slice(consumed));
      if (!match) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(match[0]);
    }
  };
  npm.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    check();
  });
  const waitForLog = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      waiters.push({ pattern, resolve });
      npm.once('exit', (code) => reject(new Error(`npm start exited (${code}) before logging ${pattern}:\n${log}`)));
      check();
    });
  return waitForLog(/Cardbook on http:\/\/localhost:(\d+)/).then((line) => {
    consumed = log.length;
    return { npm, port: Number(/:(\d+)/.exec(line)?.[1]), waitForLog };
  });
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | string | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode);
    else child.once('exit', (code, signal) => resolve(code ?? signal));
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
  const first = await npmStart();
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
  expect(await exitCode(first.npm)).toBe(0);

  // New connections are refused now, and the same folder opens again with the account in it.
  await expect(fetch(`http://127.0.0.1:${first.port}/version.json`)).rejects.toThrow();
  const second = await npmStart();
  const login = await postJson(second.port, '/api/login', { email, password });
  expect(login.code).toBe(200);
  second.npm.kill('SIGINT');
  expect(await exitCode(second.npm)).toBe(0);
});
