import pg from 'pg';
import type { Db, Queryable } from './db';

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A pooled connection to a real PostgreSQL; `schema` isolates a test run inside one database. */
export async function openPostgres(url: string, schema?: string, poolSize = 10): Promise<Db> {
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(`create schema if not exists "${schema.replace(/"/g, '')}"`);
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: typeParsers,
    ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
  });
  const run = async <T>(q: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) =>
    (await q.query(sql, params)).rows as T[];
  return {
    engine: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const q: Queryable = {
          query: (sql, params) => run(client, sql, params),
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await fn(q);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
