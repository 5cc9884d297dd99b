import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../server/db/migrate';
import { dumpPglite } from '../../server/db/pglite';

const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/cardbook/', import.meta.url));

/**
 * The migrated schema as a PGlite dump: every test database starts from it instead of running
 * initdb and the migrations again (about 3 s of each server's start). It is made once per
 * machine and kept under node_modules/.cache, named for the migrations and the PGlite version
 * that made it, so a changed migration or engine makes a new one.
 */
let template: Promise<Blob> | null = null;

export function migratedTemplate(): Promise<Blob> {
  template ??= load();
  return template;
}

async function load(): Promise<Blob> {
  const file = join(CACHE, `pglite-${cacheKey()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const dump = await dumpPglite(migrate);
  mkdirSync(CACHE, { recursive: true });
  // Test files start together: each writes its own copy, and the rename makes one whole file win.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

function cacheKey(): string {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  const pglite = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version);
  for (const name of readdirSync(MIGRATIONS).sort()) {
    hash.update(name);
    hash.update(readFileSync(join(MIGRATIONS, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
