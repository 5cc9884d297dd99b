import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../http/errors';

/** Budgets per window. Counters live in this process (one server); see README "Scaling". */
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

function limiter(budget: { points: number; seconds: number }, prefix: string) {
  return new RateLimiterMemory({ points: budget.points, duration: budget.seconds, keyPrefix: prefix });
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
  limiters: [RateLimiterMemory, string][],
  message?: 'rateLimited' | 'friendAddLimited',
): Promise<void> {
  for (const [l, key] of limiters) {
    try {
      await l.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw limited(err, message);
      throw err;
    }
  }
}

export function createRateLimits(config: RateLimitConfig = DEFAULT_RATE_LIMITS) {
  const failByAddress = limiter(config.loginFailures, 'login-ip');
  const failByAccount = limiter(config.loginFailures, 'login-account');
  const registerByAddress = limiter(config.register, 'register-ip');
  const resetByAddress = limiter(config.resetPerAddress, 'reset-ip');
  const codeByAddress = limiter(config.verifyCodePerAddress, 'code-ip');
  const codeByAccount = limiter(config.verifyCodePerAccount, 'code-account');
  const friendAdds = limiter(config.friendAdds, 'friend-add');
  const publicMatches = limiter(config.publicMatches, 'public-match');
  const cardSearches = limiter(config.cardSearches ?? { points: 120, seconds: 10 * 60 }, 'card-search');
  const ocrRecognitions = limiter(config.ocrRecognize ?? { points: 30, seconds: 10 * 60 }, 'ocr-recognize');
  const exchangeJoins = limiter(config.exchangeJoins ?? { points: 30, seconds: 10 * 60 }, 'exchange-join');
  const exchangePasswords = limiter(config.exchangePasswords ?? { points: 5, seconds: 10 * 60 }, 'exchange-password');
  const physicalCards = limiter(config.physicalCards ?? { points: 30, seconds: 10 * 60 }, 'physical-card');
  const thirdPartyStarts = limiter(config.thirdPartyStarts ?? { points: 60, seconds: 10 * 60 }, 'third-party-start');

  return {
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
      await Promise.all([failByAddress.delete(ip), failByAccount.delete(account)]);
    },
    register: (ip: string) => consume([[registerByAddress, ip]]),
    friendAdd: (userId: number) => consume([[friendAdds, String(userId)]], 'friendAddLimited'),
    publicMatch: (userId: number) => consume([[publicMatches, String(userId)]]),
    ocrRecognize: (userId: number) => consume([[ocrRecognitions, String(userId)]]),
    cardSearch: (userId: number) => consume([[cardSearches, String(userId)]]),
    exchangeJoin: (userId: number) => consume([[exchangeJoins, String(userId)]]),
    exchangePassword: (userId: number, roomId: number) => consume([[exchangePasswords, `${userId}:${roomId}`]]),
    async exchangePasswordOk(userId: number, roomId: number): Promise<void> {
      await exchangePasswords.delete(`${userId}:${roomId}`);
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

export type RateLimits = ReturnType<typeof createRateLimits>;
