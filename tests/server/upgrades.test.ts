import { readdirSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitConnectionsPerAddress } from '../../server/http/connections';
import { createTestApp, type TestApp } from './helper';

/**
 * Issue 23 item 1: a WebSocket upgrade to a path nobody serves used to be left unanswered and
 * its socket kept after the client left, until the server ran out of file descriptors. The
 * server runs in this process, so /proc/self/fd counts its descriptors (and the clients', which
 * close with them).
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  port = address.port;
});
afterAll(async () => {
  await t.close();
});

const openFiles = () => readdirSync('/proc/self/fd').length;

const STRAY_PATHS = ['/', '/api/get_time', '/xcx', '/test/xc/more', '/xc/', '/blobs/a', '/nothing'];

const upgradeHead = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';

/** A raw client that sends an upgrade request and leaves at once, without waiting for anything. */
function strayAndLeave(path: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('close', () => resolve());
    socket.write(upgradeHead(path), () => socket.end());
    // A server that never answers would keep this half-open client waiting: it leaves for good.
    socket.on('finish', () => socket.destroy());
  });
}

/** An http.request with Upgrade headers: resolves with the status the server answered. */
function strayAndWait(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('upgrade', (_res, socket: Socket) => {
      socket.destroy();
      reject(new Error(`${path} was upgraded`));
    });
    req.on('error', reject);
    req.end();
  });
}

async function inBatches(count: number, batch: number, one: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < count; i += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => one(i + j)));
  }
}

describe('websocket upgrades nobody serves', () => {
  it('are answered 404 and closed, whatever the path', async () => {
    for (const path of STRAY_PATHS) expect(await strayAndWait(path)).toBe(404);
  });

  it('2,000 of them, the clients gone, leave the open file count where it was and the API answering', async () => {
    const before = await fetch(`http://127.0.0.1:${port}/api/get_time`);
    expect(before.status).toBe(200);
    const baseline = openFiles();

    await inBatches(1000, 50, (i) => strayAndLeave(STRAY_PATHS[i % STRAY_PATHS.length] ?? '/'));
    await inBatches(1000, 50, async (i) => {
      expect(await strayAndWait(STRAY_PATHS[i % STRAY_PATHS.length] ?? '/')).toBe(404);
    });

    // A few descriptors of the process come and go on their own (the test runner's pipes, the
    // database's files): the 2,000 sockets must not be among them.
    await expect.poll(openFiles, { timeout: 10_000, interval: 50 }).toBeLessThanOrEqual(baseline + 4);
    const after = await fetch(`http://127.0.0.1:${port}/api/get_time`);
    expect(after.status).toBe(200);
    expect((await after.json()).code).toBe(200);
  });
});

describe('connections per address', () => {
  it('past the limit are closed at once; once some close, the address connects again', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    limitConnectionsPerAddress(server, 3, () => false);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const limitedPort = typeof address === 'object' && address ? address.port : 0;
    const held: Socket[] = [];
    const get = () =>
      new Promise<string>((resolve) => {
        const req = request({ host: '127.0.0.1', port: limitedPort, agent: false }, (res) => {
          res.setEncoding('utf8');
          let body = '';
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve(body));
        });
        req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
        req.end();
      });
    try {
      for (let i = 0; i < 3; i++) {
        const socket = connect(limitedPort, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        held.push(socket);
      }
      expect(await get()).toBe('ECONNRESET');
      const first = held.shift();
      first?.destroy();
      await expect.poll(get, { timeout: 5000, interval: 20 }).toBe('ok');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
