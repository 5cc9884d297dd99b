import {
  MUTATION_MAX_BYTES,
  MUTATIONS,
  type MutationResult,
  type PullQuery,
  type PullResult,
  type PushBody,
  type PushResult,
  type SyncRow,
} from '../../src/api';
import type { Locale } from '../../src/i18n/langs';
import { HLC_PATTERN, type Hlc } from '../../src/lib/hlc';
import type { Queryable } from '../db/db';
import { inTx } from '../db/in-tx';
import { ApiError } from '../http/errors';
import { serverText } from '../i18n';
import { cardRows } from './cards';
import { acceptStamp, serverStamp } from './clock';
import { cloudCardRows, cloudGroupRows } from './cloud';
import { companyRows } from './company';
import type { Caller, Services } from './context';
import { friendRows } from './friends';
import { groupRows } from './groups';
import { runMutation } from './mutations';
import { notificationRows } from './notifications';
import { physicalOrderRows } from './physical-cards';
import { BufferedPublisher } from './pushes';
import { findUserChangedAfter, profileOf } from './users';

export const PULL_PAGE_DEFAULT = 500;

/** The caller's rows of one table with version above `cursor`, oldest first, at most `limit`. */
type TableReader = (q: Queryable, caller: Caller, cursor: number, limit: number, s: Services) => Promise<SyncRow[]>;

const profileRows: TableReader = async (q, caller, cursor) => {
  const user = await findUserChangedAfter(q, caller.userId, cursor);
  if (!user) return [];
  const value = user.deleted ? null : profileOf(user);
  return [{ table: 'profile', key: 'me', version: user.version, deleted: user.deleted, value }];
};

/** The caller's view: a new table is one more reader. */
const READERS: TableReader[] = [
  profileRows,
  companyRows,
  cardRows,
  groupRows,
  friendRows,
  notificationRows,
  cloudGroupRows,
  cloudCardRows,
  physicalOrderRows,
];

/** Every live row of the caller's view, by table (the data export). */
export function allRows(s: Services, caller: Caller): Promise<SyncRow[]> {
  return s.db.tx(async (q) => {
    await q.query('set transaction isolation level repeatable read');
    const rows: SyncRow[] = [];
    for (const read of READERS) rows.push(...(await read(q, caller, 0, Number.MAX_SAFE_INTEGER, s)));
    return rows.filter((row) => !row.deleted);
  });
}

/** One page of the caller's view changed after the cursor. */
export function pull(s: Services, caller: Caller, query: PullQuery): Promise<PullResult> {
  const limit = query.limit ?? PULL_PAGE_DEFAULT;
  return s.db.tx(async (q) => {
    // One snapshot for every table, so a page never mixes two moments.
    await q.query('set transaction isolation level repeatable read');
    const tables: SyncRow[][] = [];
    for (const read of READERS) tables.push(await read(q, caller, query.cursor, limit + 1, s));
    const page = pageOf(tables, query.cursor, limit);
    if (page.rows.length === 0) return page;
    const hlc = await latestStamp(q, caller.userId, query.cursor, page.cursor);
    return hlc ? { ...page, hlc } : page;
  });
}

/** The tables whose rows carry field stamps (`clocks`), with the column naming their owner. */
const STAMPED_TABLES = [
  ['users', 'id'],
  ['cards', 'user_id'],
  ['company_content', 'user_id'],
  ['friend_groups', 'user_id'],
  ['friends', 'user_id'],
  ['cloud_cards', 'user_id'],
  ['cloud_groups', 'user_id'],
] as const;

const LATEST_STAMP_SQL = `select max(stamp) as stamp from (${STAMPED_TABLES.map(
  ([table, owner]) =>
    `select (select max(c.value #>> '{}') from jsonb_each(t.clocks) c where jsonb_typeof(c.value) = 'string') as stamp
     from ${table} t
     where t.${owner} = $1 and t.version > $2 and t.version <= $3`,
).join(' union all ')}) s`;

/**
 * The latest stamp among the fields of the rows a page holds (versions in (after, upTo]): a
 * device that applies the page has seen every one of them, so its clock moves past it (the
 * hybrid logical clock's receive rule) and an edit it makes next wins over what it was shown.
 */
async function latestStamp(q: Queryable, userId: number, after: number, upTo: number): Promise<Hlc | null> {
  const [row] = await q.query<{ stamp: string | null }>(LATEST_STAMP_SQL, [userId, after, upTo]);
  return row?.stamp && HLC_PATTERN.test(row.stamp) ? row.stamp : null;
}

/**
 * Merges the readers' answers by version into one page. Each table gave up to limit + 1 rows,
 * so the merge holds the `limit` oldest changes overall and tells whether more are waiting.
 */
export function pageOf(tables: SyncRow[][], cursor: number, limit: number): PullResult {
  const rows = tables.flat().sort((a, b) => a.version - b.version);
  const page = rows.slice(0, limit);
  return { rows: page, cursor: page.at(-1)?.version ?? cursor, more: rows.length > limit };
}

/**
 * Applies the mutations in order. A mutation that cannot be taken (unknown name, malformed
 * stamp, too large, refused by its service) is answered as rejected on its own and the next one
 * still runs: one bad change never blocks those queued behind it.
 */
export async function push(s: Services, caller: Caller, body: PushBody, locale: Locale): Promise<PushResult> {
  const results: MutationResult[] = [];
  for (const mutation of body.mutations) {
    const refusal = refusalOf(mutation);
    results.push(
      refusal
        ? { id: mutation.id, ok: false, code: refusal.status, msg: serverText(locale, refusal.key, refusal.params) }
        : await applyOnce(s, caller, body.client_id, mutation, locale),
    );
  }
  for (const result of results) s.metrics.syncMutations.inc({ outcome: result.ok ? 'applied' : 'rejected' });
  return { results };
}

/** Why a mutation cannot be run at all, before anything is written. */
function refusalOf(mutation: PushedMutation): ApiError | null {
  if (!Object.hasOwn(MUTATIONS, mutation.name)) return new ApiError(400, 'unknownChange');
  if (mutation.hlc !== undefined && acceptStamp(mutation.hlc) === null)
    return new ApiError(400, 'invalidField', { field: 'hlc' });
  if (Buffer.byteLength(JSON.stringify(mutation.args ?? null)) > MUTATION_MAX_BYTES)
    return new ApiError(413, 'changeTooLarge');
  return null;
}

type PushedMutation = PushBody['mutations'][number];

/**
 * Runs a mutation unless its id was seen before, in one transaction with the record of its
 * result: both commit or neither does, so a crash can neither apply it twice nor lose the record.
 * A replay answers the stored result and runs nothing.
 */
async function applyOnce(
  s: Services,
  caller: Caller,
  clientId: string,
  mutation: PushedMutation,
  locale: Locale,
): Promise<MutationResult> {
  const key = [caller.userId, clientId, mutation.id];
  // Its pushes wait for the commit (and are dropped with a rollback or a rejection).
  const pushes = new BufferedPublisher();
  const result = await s.db.tx(async (q) => {
    // One user's mutations apply one at a time on every server process (each process also queues
    // a user's pushes, routes/sync.ts): the lock is the transaction's, released by its end.
    await q.query('select pg_advisory_xact_lock($1::bigint)', [caller.userId]);
    // Claiming the id first makes a concurrent push of the same id wait here for this one's commit.
    const claimed = await q.query(
      `insert into sync_mutations (user_id, client_id, mutation_id, result) values ($1, $2, $3, 'null')
       on conflict do nothing returning mutation_id`,
      key,
    );
    if (claimed.length === 0) {
      const [stored] = await q.query<{ result: MutationResult }>(
        'select result from sync_mutations where user_id = $1 and client_id = $2 and mutation_id = $3',
        key,
      );
      if (!stored) throw new Error('sync mutation record vanished');
      return stored.result;
    }
    const result = await attempt({ ...s, push: pushes }, caller, q, mutation, locale);
    if (!result.ok) pushes.clear();
    await q.query(
      'update sync_mutations set result = $4::jsonb where user_id = $1 and client_id = $2 and mutation_id = $3',
      [...key, JSON.stringify(result)],
    );
    return result;
  });
  await pushes.flush(s.push);
  return result;
}

/**
 * Runs the mutation's service function inside the open transaction. A refusal (ApiError) undoes
 * whatever it wrote, as the REST call would have, and becomes a rejected result; any other
 * error aborts the whole transaction.
 */
async function attempt(
  s: Services,
  caller: Caller,
  q: Queryable,
  mutation: PushedMutation,
  locale: Locale,
): Promise<MutationResult> {
  await q.query('savepoint mutation');
  try {
    // Stamped when it was made on the device; a change from before stamps existed counts as made now.
    const clock = { hlc: acceptStamp(mutation.hlc) ?? serverStamp(), superseded: [] as string[] };
    const data = await runMutation(
      { ...s, db: inTx(s.db.engine, q), limits: s.limits.within(q) },
      { ...caller, clock },
      mutation.name,
      mutation.args,
    );
    await q.query('release savepoint mutation');
    const result: MutationResult = { id: mutation.id, ok: true, data: data ?? null };
    return clock.superseded.length > 0 ? { ...result, superseded: [...new Set(clock.superseded)] } : result;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await q.query('rollback to savepoint mutation');
    return { id: mutation.id, ok: false, code: err.status, msg: serverText(locale, err.key, err.params) };
  }
}
