import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** The advisory lock of starting migrations: two keys, a space apart from the per-user one-key locks of sync pushes. */
const MIGRATION_LOCK = [0x43424b, 1];

/**
 * Applies the plain-SQL files of ./migrations in name order, each once, each in its own
 * transaction, recording it in schema_migrations. The same files serve PGlite and PostgreSQL.
 * `upTo` stops after that file: a database as an older server left it, for tests of an upgrade.
 */
export async function migrate(db: Db, { upTo }: { upTo?: string } = {}): Promise<string[]> {
  // PostgreSQL does not make one table twice at once safely ("create table if not exists" of two
  // servers starting together fails one with a duplicate key): the first waits for the other here.
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1::int, $2::int)', MIGRATION_LOCK);
    await q.exec(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
  });
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => f.endsWith('.sql') && (upTo === undefined || f <= upTo))
    .sort();
  const applied = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
    await db.tx(async (q) => {
      // A second server starting at the same moment waits here, then skips the file.
      await q.query('lock table schema_migrations in exclusive mode');
      const done = await q.query('select 1 from schema_migrations where name = $1', [file]);
      if (done.length > 0) return;
      await q.exec(sql);
      await q.query('insert into schema_migrations (name) values ($1)', [file]);
      ran.push(file);
    });
  }
  return ran;
}
