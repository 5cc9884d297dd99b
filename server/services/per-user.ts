import { ApiError } from '../http/errors';

/**
 * Runs one user's heavy requests one at a time (sync pushes: each holds a database transaction
 * per mutation, and PGlite runs one query at a time), with at most `waiting` queued behind the
 * running one (a user's devices, each pushing one batch at a time); more is refused with 429, which clients retry after a backoff. One user's burst
 * of large pushes then delays only that user, never everybody's requests.
 */
export class PerUserQueue {
  private readonly tails = new Map<number, { tail: Promise<unknown>; size: number }>();

  constructor(private readonly waiting = 8) {}

  run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const entry = this.tails.get(userId) ?? { tail: Promise.resolve(), size: 0 };
    if (entry.size > this.waiting) throw new ApiError(429, 'rateLimited', { minutes: 1 });
    entry.size += 1;
    const result = entry.tail.then(work);
    entry.tail = result
      .catch(() => undefined)
      .finally(() => {
        entry.size -= 1;
        if (entry.size === 0 && this.tails.get(userId) === entry) this.tails.delete(userId);
      });
    this.tails.set(userId, entry);
    return result;
  }
}
