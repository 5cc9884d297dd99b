import { createHash } from 'node:crypto';
import { type RateLimiterAbstract, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';

/** Budgets per window. Counters live in the database (rate_limits), shared by every server process. */
export type RateLimitConfig = {
  loginFailures: { points: number; seconds: number };
  register: { points: number; seconds: number };
  resetPerAddress: { points: number; seconds: number };
  verifyCodePerAddress: { points: number; seconds: number };
  verifyCodePerAccount: { points: number; seconds: number };
  /** Friend adds per user (REST and sync alike): room for a day of scanning, not for a flood. */
  friendAdds: { points: number; seconds: number };
  /**
   * Public-card matches per user (ocr/public_match): one per scanned card, so a day of scanning
   * fits, but not a sweep of guessed addresses and numbers.
   */
  publicMatches: { points: number; seconds: number };
  /** Public-card searches per user (card/search): a person typing, debounced, not a crawl of the directory. */
  cardSearches?: { points: number; seconds: number };
  /** Server-side card recognitions per user (card/ocr_recognize: about a second of CPU each). */
  ocrRecognize?: { points: number; seconds: number };
  /**
   * Exchange joins per user, and lookups of rooms the user is not in (GET /api/exchange/{code}):
   * a few rooms an event, not a sweep of guessed room codes.
   */
  exchangeJoins?: { points: number; seconds: number };
  /** Wrong joiner passwords per user and room, counted before each check, cleared by a right one. */
  exchangePasswords?: { points: number; seconds: number };
  /** Google/Facebook sign-ins started per address: each keeps a row for 10 minutes. */
  thirdPartyStarts?: { points: number; seconds: number };
  /** Exclusive-card links tried (bind or open), per user and per address: guessing a check code is hopeless anyway. */
  physicalCards?: { points: number; seconds: number };
};

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginFailures: { points: 10, seconds: 15 * 60 },
  register: { points: 20, seconds: 60 * 60 },
  resetPerAddress: { points: 20, seconds: 60 * 60 },
  verifyCodePerAddress: { points: 30, seconds: 60 * 60 },
  verifyCodePerAccount: { points: 5, seconds: 10 * 60 },
  friendAdds: { points: 60, seconds: 10 * 60 },
  publicMatches: { points: 60, seconds: 10 * 60 },
  ocrRecognize: { points: 30, seconds: 10 * 60 },
  cardSearches: { points: 120, seconds: 10 * 60 },
  exchangeJoins: { points: 30, seconds: 10 * 60 },
  exchangePasswords: { points: 5, seconds: 10 * 60 },
  thirdPartyStarts: { points: 60, seconds: 10 * 60 },
  physicalCards: { points: 30, seconds: 10 * 60 },
};

/**
 * The database as rate-limiter-flexible's PostgreSQL client: its queries come as pg's query
 * objects, answered through the one interface both engines (PGlite, pg) share. Each limit is
 * one atomic upsert, so a burst spread over processes is counted as it arrives.
 */
function storeClient(db: Queryable) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const rows = await db.query(text, values);
      return { rows, rowCount: rows.length };
    },
  };
}

/**
 * What a counter is stored under: a digest of the address, account or id it counts, so the
 * table holds no e-mail address or phone number (a sign-in tried for a deleted account's address
 * leaves none behind).
 */
const counterKey = (key: string) => createHash('sha256').update(key).digest('base64url');

function limiter(
  db: Queryable,
  budget: { points: number; seconds: number },
  prefix: string,
  { clearsExpired = false } = {},
): RateLimiterAbstract {
  return new RateLimiterPostgres({
    // The table is shared: one limiter deletes its rows expired an hour ago, every five minutes.
    clearExpiredByTimeout: clearsExpired,
    storeClient: storeClient(db),
    storeType: 'client',
    tableName: 'rate_limits',
    // Made by the migrations (0015_rate_limits.sql), once for every process.
    tableCreated: true,
    points: budget.points,
    duration: budget.seconds,
    keyPrefix: prefix,
  });
}

function limited(res: RateLimiterRes, key: 'rateLimited' | 'friendAddLimited' = 'rateLimited'): ApiError {
  return new ApiError(429, key, { minutes: Math.max(1, Math.ceil(res.msBeforeNext / 60_000)) });
}

/**
 * Consumes one point for each key, refusing with a rate-limit message when any is spent. Every
 * limited action calls this before doing its work (never "check, work, then count"), so
 * concurrent requests cannot all pass the check before the first is counted.
 */
async function consume(
  limiters: [RateLimiterAbstract, string][],
  message?: 'rateLimited' | 'friendAddLimited',
): Promise<void> {
  for (const [l, key] of limiters) {
    try {
      await l.consume(counterKey(key));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw limited(err, message);
      throw err;
    }
  }
}

export function createRateLimits(
  db: Queryable,
  config: RateLimitConfig = DEFAULT_RATE_LIMITS,
  { clearsExpired = true } = {},
): RateLimits {
  const failByAddress = limiter(db, config.loginFailures, 'login-ip', { clearsExpired });
  const failByAccount = limiter(db, config.loginFailures, 'login-account');
  const registerByAddress = limiter(db, config.register, 'register-ip');
  const resetByAddress = limiter(db, config.resetPerAddress, 'reset-ip');
  const codeByAddress = limiter(db, config.verifyCodePerAddress, 'code-ip');
  const codeByAccount = limiter(db, config.verifyCodePerAccount, 'code-account');
  const friendAdds = limiter(db, config.friendAdds, 'friend-add');
  const publicMatches = limiter(db, config.publicMatches, 'public-match');
  const cardSearches = limiter(db, config.cardSearches ?? { points: 120, seconds: 10 * 60 }, 'card-search');
  const ocrRecognitions = limiter(db, config.ocrRecognize ?? { points: 30, seconds: 10 * 60 }, 'ocr-recognize');
  const exchangeJoins = limiter(db, config.exchangeJoins ?? { points: 30, seconds: 10 * 60 }, 'exchange-join');
  const exchangePasswords = limiter(
    db,
    config.exchangePasswords ?? { points: 5, seconds: 10 * 60 },
    'exchange-password',
  );
  const physicalCards = limiter(db, config.physicalCards ?? { points: 30, seconds: 10 * 60 }, 'physical-card');
  const thirdPartyStarts = limiter(
    db,
    config.thirdPartyStarts ?? { points: 60, seconds: 10 * 60 },
    'third-party-start',
  );

  return {
    /**
     * The same limits counted in an open transaction (a sync push's mutation): on PGlite, one
     * connection, a count through the database outside it would wait for it to end. A point
     * spent by a mutation that rolls back is given back with it.
     */
    within: (q: Queryable): RateLimits => createRateLimits(q, config, { clearsExpired: false }),
    /**
     * Reserves one login (or current-password) attempt for the address and the account before
     * it is checked, so a burst of guesses sent at once is counted as it arrives: once ten in a
     * row are spent, the next are refused before any password is verified.
     */
    loginAttempt: (ip: string, account: string) =>
      consume([
        [failByAddress, ip],
        [failByAccount, account],
      ]),
    /** A success ends the run of failures for that address and that account (its point included). */
    async loginSucceeded(ip: string, account: string): Promise<void> {
      await Promise.all([failByAddress.delete(counterKey(ip)), failByAccount.delete(counterKey(account))]);
    },
    register: (ip: string) => consume([[registerByAddress, ip]]),
    friendAdd: (userId: number) => consume([[friendAdds, String(userId)]], 'friendAddLimited'),
    publicMatch: (userId: number) => consume([[publicMatches, String(userId)]]),
    ocrRecognize: (userId: number) => consume([[ocrRecognitions, String(userId)]]),
    cardSearch: (userId: number) => consume([[cardSearches, String(userId)]]),
    exchangeJoin: (userId: number) => consume([[exchangeJoins, String(userId)]]),
    exchangePassword: (userId: number, roomId: number) => consume([[exchangePasswords, `${userId}:${roomId}`]]),
    async exchangePasswordOk(userId: number, roomId: number): Promise<void> {
      await exchangePasswords.delete(counterKey(`${userId}:${roomId}`));
    },
    resetPassword: (ip: string) => consume([[resetByAddress, ip]]),
    thirdPartyStart: (ip: string) => consume([[thirdPartyStarts, ip]]),
    physicalCard: (key: string) => consume([[physicalCards, key]]),
    verifyCode: (ip: string, account: string) =>
      consume([
        [codeByAddress, ip],
        [codeByAccount, account],
      ]),
  };
}

type Spend<A extends unknown[]> = (...args: A) => Promise<void>;

/** Each limited action, taking its point (or refusing with 429) before the action's work. */
export type RateLimits = {
  within(q: Queryable): RateLimits;
  loginAttempt: Spend<[ip: string, account: string]>;
  loginSucceeded: Spend<[ip: string, account: string]>;
  register: Spend<[ip: string]>;
  friendAdd: Spend<[userId: number]>;
  publicMatch: Spend<[userId: number]>;
  ocrRecognize: Spend<[userId: number]>;
  cardSearch: Spend<[userId: number]>;
  exchangeJoin: Spend<[userId: number]>;
  exchangePassword: Spend<[userId: number, roomId: number]>;
  exchangePasswordOk: Spend<[userId: number, roomId: number]>;
  resetPassword: Spend<[ip: string]>;
  thirdPartyStart: Spend<[ip: string]>;
  physicalCard: Spend<[key: string]>;
  verifyCode: Spend<[ip: string, account: string]>;
};
