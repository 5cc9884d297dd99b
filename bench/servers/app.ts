import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { openDb } from '../../server/db/db';
import { LogSender } from '../../server/mail/sender';
import { seedPublicCards } from '../card-seed';

/** The real server as `npm start` builds it, on PGlite in a temp folder or on DATABASE_URL. */
const dir = mkdtempSync(join(tmpdir(), 'cardbook-bench-'));
const url = process.env.DATABASE_URL;
const db = url
  ? await openDb({ engine: 'postgres', url, schema: `bench_${Date.now()}` })
  : await openDb({ engine: 'pglite', dataDir: join(dir, 'pg') });
const sender = new LogSender();
const cacheMs = process.env.SHARED_CARD_CACHE_MS;
const app = await buildApp({
  db,
  blobDir: join(dir, 'blobs'),
  sender,
  logger: false,
  ...(cacheMs === undefined ? {} : { sharedCardCacheMs: Number(cacheMs) }),
});
// The bench registers its users through the real API; it reads their codes over this side door.
app.get('/bench/code/:account', async (req) => ({
  code: sender.lastCode((req.params as { account: string }).account),
}));
// The search bench generates its cards in SQL, in this process (PGlite lives here).
app.post('/bench/seed-cards/:count', async (req) => {
  const started = performance.now();
  await seedPublicCards(db, Number((req.params as { count: string }).count));
  return { ms: Math.round(performance.now() - started) };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
