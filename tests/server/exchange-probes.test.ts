import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import type { ExchangeRoom } from '../../src/api';
import { ROOM_CODE_ALPHABET } from '../../src/api/exchange';
import { createTestApp, type TestApp } from './helper';
import { api, userWithCard } from './social';

/**
 * Issue 23 item 6: GET /api/exchange/{code} told a room that exists (403) from one that does not
 * (404) to anyone, with no limit. A non-member now gets one answer for both, and each such
 * lookup spends the join budget (DEFAULT_RATE_LIMITS.exchangeJoins, per user).
 */
let t: TestApp;
beforeAll(async () => {
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy } });
});
afterAll(async () => {
  await t.close();
});

const budget = DEFAULT_RATE_LIMITS.exchangeJoins?.points ?? 0;
const read = (user: { token: string }, code: string) => api<ExchangeRoom>(t, user, 'GET', `/api/exchange/${code}`);
const madeUpCode = (i: number) =>
  Array.from({ length: 8 }, (_, j) => ROOM_CODE_ALPHABET[(i * 7 + j * 13) % ROOM_CODE_ALPHABET.length]).join('');

describe('looking up exchange rooms one is not in', () => {
  it('answers the same for a room that exists and one that does not, and counts each probe against the join budget', async () => {
    expect(budget).toBeGreaterThan(2);
    const host = await userWithCard(t, 'Probe Host');
    const ann = await userWithCard(t, 'Probe Ann');
    const eve = await userWithCard(t, 'Probe Eve');
    const room = (await api<ExchangeRoom>(t, host, 'POST', '/api/exchange/create', {})).body.data;
    expect((await api(t, ann, 'POST', '/api/exchange/join', { room_code: room.room_code })).status).toBe(200);

    const real = await read(eve, room.room_code);
    const missing = await read(eve, 'ZZZZ2345');
    expect(real.status).toBe(403);
    expect(missing).toEqual(real);
    expect(real.body.msg).toBe('You are not in this exchange room; join it first');

    // 200 probes sent at once: the budget's remaining points are answered, every other is refused.
    const probes = await Promise.all(Array.from({ length: 200 }, (_, i) => read(eve, madeUpCode(i))));
    const answered = probes.filter((p) => p.status === 403).length;
    const refused = probes.filter((p) => p.status === 429).length;
    expect({ answered, refused }).toEqual({ answered: budget - 2, refused: 200 - (budget - 2) });
    // The existing room is refused like the rest now, and so is joining: one budget for guessing codes.
    expect((await read(eve, room.room_code)).status).toBe(429);
    expect((await api(t, eve, 'POST', '/api/exchange/join', { room_code: room.room_code })).status).toBe(429);

    // Members poll their room freely, the host too.
    for (const member of [ann, host]) {
      const polls = await Promise.all(Array.from({ length: budget + 10 }, () => read(member, room.room_code)));
      expect(polls.every((p) => p.status === 200 && p.body.data.room_code === room.room_code)).toBe(true);
    }
  });
});
