/**
 * One small interface over the two PostgreSQL engines we run on: PGlite embedded (the default,
 * persisted under DATA_DIR or in memory for tests) and a real PostgreSQL through `pg` when
 * DATABASE_URL is set. Services only see `Db`/`Queryable`, so every query is plain PostgreSQL
 * and runs unchanged on both. int8 columns are read as JS numbers on both engines.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a multi-statement SQL script with no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: all of its writes land, or none. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotice` with the payload of each NOTIFY on `channel` (from any process on this
   * database, this one included) and `onListening` with false when notices may go missing (the
   * listening connection was lost; it is made again) and with true once they arrive again.
   * Answers a function that stops listening.
   */
  listen(
    channel: string,
    onNotice: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DbOptions =
  | {
      engine: 'pglite';
      dataDir?: string;
      /** A dump a new database starts from (see dumpPglite). */
      template?: Blob;
    }
  | { engine: 'postgres'; url: string; schema?: string; poolSize?: number };

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.engine === 'pglite') {
    const { openPglite } = await import('./pglite');
    return openPglite(options.dataDir, options.template);
  }
  const { openPostgres } = await import('./postgres');
  return openPostgres(options.url, options.schema, options.poolSize);
}
