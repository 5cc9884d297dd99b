import type { Db, Queryable } from './db';

/**
 * A Db over a transaction already open, so service functions run unchanged inside it: their
 * queries join it and their own `tx(fn)` simply runs within it (it commits or rolls back with
 * the outer transaction).
 */
export function inTx(engine: Db['engine'], q: Queryable): Db {
  return {
    engine,
    query: (sql, params) => q.query(sql, params),
    exec: (sql) => q.exec(sql),
    tx: (fn) => fn(q),
    listen: () => Promise.reject(new Error('a transaction cannot listen')),
    close: () => Promise.reject(new Error('a transaction cannot close its database')),
  };
}
