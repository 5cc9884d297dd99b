import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

const parsers = { [types.INT8]: (v: string) => Number(v) };

/** PGlite in memory (no dataDir) or persisted in a folder. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? 'memory://', { parsers });
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
    close: () => pg.close(),
  };
}
