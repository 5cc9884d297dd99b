import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/errors';
import { PerUserQueue } from '../../server/services/per-user';

describe('PerUserQueue', () => {
  it("runs one user's work one at a time, in order, and other users' alongside", async () => {
    const queue = new PerUserQueue(8);
    const log: string[] = [];
    // a1 finishes only once b1 has run: were another user's work held behind it, this never ends.
    let finishA1: () => void = () => undefined;
    const a1Finishes = new Promise<void>((r) => {
      finishA1 = r;
    });
    const job = (name: string, work: () => Promise<void> | void) => async () => {
      log.push(`start ${name}`);
      await work();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run(
        1,
        job('a1', () => a1Finishes),
      ),
      queue.run(
        1,
        job('a2', () => undefined),
      ),
      queue.run(2, job('b1', finishA1)),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });

  it('refuses with 429 beyond the running one and `waiting` queued, and takes work again once drained', async () => {
    const queue = new PerUserQueue(2);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const held = [1, 2, 3].map(() => queue.run(7, () => gate));
    expect(() => queue.run(7, async () => 'too many')).toThrow(ApiError);
    release();
    await Promise.all(held);
    await expect(queue.run(7, async () => 'again')).resolves.toBe('again');
  });

  it('keeps going after a failed job', async () => {
    const queue = new PerUserQueue();
    await expect(queue.run(3, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(3, async () => 'next')).resolves.toBe('next');
  });
});
