import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { type Db, openDb } from '../../server/db/db';
import { LogSender } from '../../server/mail/sender';
import { migratedTemplate } from './pglite-template';

/** A server whose database can be made unreachable, as a load balancer's probes would find it. */
let db: Db;
let app: App;
let down = false;
const blobDir = mkdtempSync(join(tmpdir(), 'cardbook-blobs-'));

beforeAll(async () => {
  db = await openDb({ engine: 'pglite', template: await migratedTemplate() });
  const flaky: Db = {
    engine: db.engine,
    query: (sql, params) => (down ? Promise.reject(new Error('connection refused')) : db.query(sql, params)),
    exec: (sql) => db.exec(sql),
    tx: (fn) => db.tx(fn),
    listen: (channel, onNotice, onListening) => db.listen(channel, onNotice, onListening),
    close: () => db.close(),
  };
  app = await buildApp({ db: flaky, blobDir, staticDir: null, sender: new LogSender(), logger: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(blobDir, { recursive: true, force: true });
});

describe('probes for load balancers', () => {
  it('says it is alive and ready, with the security headers of every answer', async () => {
    const alive = await app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    expect(alive.headers['x-content-type-options']).toBe('nosniff');
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: true, broker: true });
  });

  it('is alive but not ready while its database is unreachable, and ready again after', async () => {
    down = true;
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: false, broker: true });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      down = false;
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
