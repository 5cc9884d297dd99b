import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

const parsers = { [types.INT8]: (v: string) => Number(v) };

/**
 * Postgres settings for the embedded engine. Its memory is one WebAssembly memory that never
 * shrinks, so every buffer postgres touches stays resident for the life of the process:
 * initdb's default shared_buffers (128 MB) alone would keep ~130 MB. The data files sit in the
 * OS page cache anyway, so a small buffer pool costs little; sorts and index builds spill to
 * disk sooner instead of growing the heap for good.
 */
const MEMORY_SETTINGS = ['shared_buffers=16MB', 'work_mem=2MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB'];

/** PGlite's own start parameters (single-user mode and the like) plus ours. */
const startParams = [...PGlite.defaultStartParams, ...MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];

/**
 * PGlite in memory (no dataDir) or persisted in a folder. A new database may start as a copy of
 * `template` (a dump from `dumpPglite`), which skips initdb; a folder that already holds a
 * database is opened as it is.
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const loadDataDir = fresh ? template : undefined;
  return queries(await PGlite.create(dataDir ?? 'memory://', { parsers, startParams, loadDataDir }));
}

/** A dump of a new in-memory database after `prepare` ran on it (e.g. the migrations). */
export async function dumpPglite(prepare: (db: Db) => Promise<unknown>): Promise<Blob> {
  const pg = await PGlite.create('memory://', { parsers, startParams });
  try {
    await prepare(queries(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

function queries(pg: PGlite): Db {
  const query = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) =>
    (await q.query<T>(sql, params as unknown[])).rows;
  return {
    engine: 'pglite',
    query: (sql, params) => query(pg, sql, params),
    tx: (fn) =>
      pg.transaction((tx) => {
        const q: Queryable = {
          query: (sql, params) => query(tx, sql, params),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        };
        return fn(q);
      }),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    // One engine in this process: no connection to lose, so no gap.
    listen: async (channel, onNotice) => {
      const stop = await pg.listen(channel, onNotice);
      return () => stop();
    },
    close: () => pg.close(),
  };
}
