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
    listen: (channel, onNotice, onListening) => listenOn(url, channel, onNotice, onListening),
    close: () => pool.end(),
  };
}

/** How long to wait before making a lost listening connection again. */
const RELISTEN_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool and stop hearing),
 * made again whenever it is lost. The first connection failing fails the call.
 */
async function listenOn(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onNotice(n.payload);
    });
    const lost = () => {
      if (current !== client) return;
      current = null;
      client.end().catch(() => undefined);
      if (stopped) return;
      onListening(false);
      retry = setTimeout(again, RELISTEN_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    current = client;
  };
  const again = () => {
    if (stopped) return;
    connect().then(
      () => onListening(true),
      () => {
        retry = setTimeout(again, RELISTEN_MS);
      },
    );
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
