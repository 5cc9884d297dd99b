/**
 * Pulls deltas from GET /api/sync/pull until the server has nothing more. Every pulled page is
 * applied with its cursor in one local transaction, so a pull cut short anywhere resumes from
 * the last page written.
 */
import { PULL_PAGE_MAX, type PullResult, pullResponseSchema, syncEndpoints } from '../../src/api';
import type { CardbookDB, Session } from '../../src/db/CardbookDB';
import { applyPull, readCursor } from '../../src/db/sync-store';
import { pruneUploads } from '../../src/db/uploads';
import { maxHlc } from '../../src/lib/hlc';
import type { Transport } from './transport';

/** Rows per pull page: the server's maximum (PULL_PAGE_MAX), so a first sync takes few round trips and commits. */
export const PULL_PAGE = PULL_PAGE_MAX;
/** Pulled rows written in one IndexedDB transaction at most, and pages fetched ahead of the writer. */
export const APPLY_MAX_ROWS = 5 * PULL_PAGE_MAX;
export const PULL_AHEAD_PAGES = 5;

/** Consecutive pull pages as one: every row in order (a later row of a key wins), the last cursor, the latest stamp. */
export function joinPages(pages: readonly PullResult[]): PullResult {
  const last = pages.at(-1);
  if (!last) throw new Error('no pages to join');
  if (pages.length === 1) return last;
  const joined: PullResult = { rows: pages.flatMap((p) => p.rows), cursor: last.cursor, more: last.more };
  const stamps = pages.flatMap((p) => (p.hlc ? [p.hlc] : []));
  return stamps.length > 0 ? { ...joined, hlc: stamps.reduce(maxHlc) } : joined;
}

export type Puller = ReturnType<typeof createPuller>;

export function createPuller({ db, transport }: { db: CardbookDB; transport: Transport }) {
  function fetchPage(session: Session, cursor: number): Promise<PullResult> {
    const owner = transport.ownerFor(session);
    return transport.call(
      session,
      `${syncEndpoints.pull.path}?cursor=${cursor}&limit=${PULL_PAGE}${owner ? `&owner=${owner}` : ''}`,
      { method: 'GET' },
      (json) => pullResponseSchema.parse(json).data,
    );
  }

  /**
   * Pages until the server has nothing more. Pages are fetched one after another (each from the
   * cursor the previous answered) while the pages already here are written, and each write takes
   * every page that has arrived, up to APPLY_MAX_ROWS: a first sync of thousands of rows makes a
   * few large IndexedDB transactions (and a few re-reads by the screens' live queries) instead of
   * one per page, while the first page is still written alone so a screen fills at once. A
   * failure anywhere ends the pull; what was applied stays applied, each write with its cursor.
   */
  async function pull(session: Session): Promise<void> {
    const arrived: PullResult[] = [];
    let fetching = true;
    let failure: unknown = null;
    let signal: (() => void) | null = null;
    const notify = () => {
      signal?.();
      signal = null;
    };
    const waitForChange = () => new Promise<void>((resolve) => (signal = resolve));
    const fetcher = (async () => {
      try {
        let cursor = await readCursor(db);
        for (;;) {
          // Backpressure: at most a few pages wait in memory for the writer.
          while (arrived.length >= PULL_AHEAD_PAGES) await waitForChange();
          const page = await fetchPage(session, cursor);
          arrived.push(page);
          notify();
          if (!page.more) return;
          cursor = page.cursor;
        }
      } catch (err) {
        failure = err;
      } finally {
        fetching = false;
        notify();
      }
    })();
    let first = true;
    for (;;) {
      while (arrived.length === 0 && fetching) await waitForChange();
      if (arrived.length === 0) break;
      const taken = takeForOneWrite(arrived, first);
      notify();
      first = false;
      await applyPull(db, joinPages(taken));
    }
    await fetcher;
    if (failure) throw failure;
    await pruneUploads(db);
  }

  return { pull };
}

/** Takes from the head of `arrived` the pages of one write: the first page of a pull alone, later every page up to APPLY_MAX_ROWS (at least one). */
function takeForOneWrite(arrived: PullResult[], first: boolean): PullResult[] {
  const taken: PullResult[] = [];
  let rows = 0;
  while (
    arrived.length > 0 &&
    (taken.length === 0 || (!first && rows + (arrived[0]?.rows.length ?? 0) <= APPLY_MAX_ROWS))
  ) {
    const page = arrived.shift() as PullResult;
    taken.push(page);
    rows += page.rows.length;
  }
  return taken;
}
