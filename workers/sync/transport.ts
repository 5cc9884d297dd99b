/**
 * The sync engine's one way to the server: every request carries the session's token and the
 * device's language, and is given up after its timeout (REQUEST_TIMEOUTS) so that a request
 * that never answers does not hold the cycle. An answer of 401 or 409 ends the cycle as
 * Unauthorized or OtherAccount wherever it comes.
 */
import type { CardbookDB, Session } from '../../src/db/CardbookDB';
import { ownerOfDbName } from '../../src/db/db-name';
import { readLang } from '../../src/db/sync-store';

/**
 * A request that never answers (a connection the network dropped without a word, a request sent
 * as the phone lost its signal) must not hold the cycle, and every change behind it, for ever: it
 * is given up after this long and tried again like any failure. Uploads carry photos over slow
 * networks; pulls may carry a whole card holder.
 */
export const REQUEST_TIMEOUTS = { push: 30_000, call: 60_000, upload: 120_000 };

/** The session's token was refused: nothing more is sent with it. */
export class Unauthorized extends Error {}
/** The token is another account's than the one whose changes this database holds: send nothing, wait. */
export class OtherAccount extends Error {}

export type TransportDeps = {
  db: CardbookDB;
  fetch: typeof fetch;
  /** Origin of the API, e.g. self.location.origin. */
  baseUrl: string;
  timeouts: typeof REQUEST_TIMEOUTS;
};

export type Transport = ReturnType<typeof createTransport>;

export function createTransport(deps: TransportDeps) {
  const { db } = deps;

  /** One authenticated request, given up after the timeout of its kind; the answer as it came. */
  async function request(
    session: Session,
    path: string,
    init: RequestInit,
    timeout: keyof typeof REQUEST_TIMEOUTS,
  ): Promise<Response> {
    const headers: Record<string, string> = { token: session.token, ...(init.headers as Record<string, string>) };
    const lang = await readLang(db);
    if (lang) headers.lang = lang;
    return deps.fetch(`${deps.baseUrl}${path}`, {
      ...init,
      headers,
      signal: AbortSignal.timeout(deps.timeouts[timeout]),
    });
  }

  /** A call whose answer is parsed; any failure is thrown. */
  async function call<T>(session: Session, path: string, init: RequestInit, parse: (json: unknown) => T): Promise<T> {
    const res = await request(session, path, init, 'call');
    if (res.status === 401) throw new Unauthorized();
    if (res.status === 409) throw new OtherAccount();
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return parse(await res.json());
  }

  /** Whose changes and rows this database holds (0: not known), named in every push and pull. */
  const ownerFor = (session: Session): number => ownerOfDbName(db.name) ?? session.userId;

  return { request, call, ownerFor };
}
