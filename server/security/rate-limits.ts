import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../http/errors';

/** Budgets per window. Counters live in this process (one server); see README "Scaling". */
export type RateLimitConfig = {
  loginFailures: { points: number; seconds: number };
  register: { points: number; seconds: number };
  verifyCodePerAddress: { points: number; seconds: number };
  verifyCodePerAccount: { points: number; seconds: number };
  /** Friend adds per user (REST and sync alike): room for a day of scanning, not for a flood. */
  friendAdds: { points: number; seconds: number };
};

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginFailures: { points: 10, seconds: 15 * 60 },
  register: { points: 20, seconds: 60 * 60 },
  verifyCodePerAddress: { points: 30, seconds: 60 * 60 },
  verifyCodePerAccount: { points: 5, seconds: 10 * 60 },
  friendAdds: { points: 60, seconds: 10 * 60 },
};

function limiter(budget: { points: number; seconds: number }, prefix: string) {
  return new RateLimiterMemory({ points: budget.points, duration: budget.seconds, keyPrefix: prefix });
}

function limited(res: RateLimiterRes, key: 'rateLimited' | 'friendAddLimited' = 'rateLimited'): ApiError {
  return new ApiError(429, key, { minutes: Math.max(1, Math.ceil(res.msBeforeNext / 60_000)) });
}

/** Consumes one point for each key, refusing with a rate-limit message when any is spent. */
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
  const codeByAddress = limiter(config.verifyCodePerAddress, 'code-ip');
  const codeByAccount = limiter(config.verifyCodePerAccount, 'code-account');
  const friendAdds = limiter(config.friendAdds, 'friend-add');
  const spent = config.loginFailures.points;

  return {
    /** Refuses a login attempt once an address or an account has failed too often in a row. */
    async beforeLogin(ip: string, account: string): Promise<void> {
      for (const [l, key] of [
        [failByAddress, ip],
        [failByAccount, account],
      ] as const) {
        const res = await l.get(key);
        if (res && res.consumedPoints >= spent) throw limited(res);
      }
    },
    async loginFailed(ip: string, account: string): Promise<void> {
      await Promise.all([failByAddress.penalty(ip), failByAccount.penalty(account)]);
    },
    /** A success ends the run of failures for that address and that account. */
    async loginSucceeded(ip: string, account: string): Promise<void> {
      await Promise.all([failByAddress.delete(ip), failByAccount.delete(account)]);
    },
    register: (ip: string) => consume([[registerByAddress, ip]]),
    friendAdd: (userId: number) => consume([[friendAdds, String(userId)]], 'friendAddLimited'),
    verifyCode: (ip: string, account: string) =>
      consume([
        [codeByAddress, ip],
        [codeByAccount, account],
      ]),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
