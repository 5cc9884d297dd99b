import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import {
  type MutationResult,
  type Profile,
  type PullResult,
  type PushResult,
  type SetProfileBody,
  setProfileBodySchema,
} from '../../src/api';
import { wellFormed } from '../../src/lib/well-formed';
import { call, createTestApp, registerUser, type TestApp } from './helper';

/**
 * A client pushes setProfile mutations in batches whose answers may be lost: it sends batches
 * again (right away or much later), so the server sees duplicated and replayed ids in any
 * order, their text now and then holding a lone surrogate. Whatever the schedule, the profile
 * must end as if each distinct id ran once, in the order made (a lone surrogate as U+FFFD),
 * and every answer for an id must be the one given the first time.
 */
let t: TestApp;
beforeAll(async () => {
  // Every case signs up a fresh user; the per-address sign-up budget would run out.
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy } });
});
afterAll(async () => {
  await t.close();
});

/** Text as a device may send it, now and then with half of a UTF-16 pair (stored as U+FFFD). */
const text = (maxLength: number) =>
  fc
    .tuple(fc.string({ maxLength }), fc.constantFrom('', '', '\uD800', '\uDFFF', 'a\uDBFFb'))
    .map(([s, lone]) => `${s}${lone}`.slice(0, maxLength))
    .filter((s) => !s.includes('\u0000'));
const day = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const validArgs: fc.Arbitrary<SetProfileBody> = fc.record(
  {
    fullName: text(20),
    english_name: text(20),
    sex: fc.constantFrom(0 as const, 1 as const, 2 as const),
    age: fc.option(fc.integer({ min: 0, max: 150 }), { nil: null }),
    profile: text(40),
    birth: fc.option(day, { nil: null }),
  },
  { requiredKeys: [] },
);
const invalidArgs = fc.constantFrom<unknown>({ age: 151 }, { nickname: 'x' }, { sex: 3 }, null, 'fullName');
const args = fc.oneof({ arbitrary: validArgs, weight: 5 }, { arbitrary: invalidArgs, weight: 1 });

/** Mutations, where the batches end, and which earlier batches are sent again after each one. */
const scenario = fc.record({
  args: fc.array(args, { minLength: 1, maxLength: 12 }),
  cuts: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
  resends: fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 12, maxLength: 12 }),
});

/** The args the contract accepts (names trimmed), or null for a mutation the server must reject. */
const accepted = (a: unknown): SetProfileBody | null =>
  setProfileBodySchema.safeParse(wellFormed(structuredClone(a))).data ?? null;

/** The profile after applying the accepted args in order. */
function expected(start: Profile, all: unknown[]): Profile {
  const profile = { ...start };
  for (const edit of all.map(accepted)) {
    if (!edit) continue;
    if (edit.fullName !== undefined) profile.fullName = profile.name = edit.fullName;
    if (edit.english_name !== undefined) profile.english_name = edit.english_name;
    if (edit.sex !== undefined) profile.sex = edit.sex;
    if (edit.age !== undefined) profile.age = edit.age;
    if (edit.profile !== undefined) profile.profile = edit.profile;
    if (edit.birth !== undefined) profile.birth = edit.birth;
  }
  return profile;
}

describe('sync push under lost answers and retries', () => {
  it('applies each mutation id once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ args: all, cuts, resends }) => {
        const user = await registerUser(t);
        const get = await call<Profile>(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token });
        const start = get.body.data;

        const mutations = all.map((a, i) => ({ id: `m${i}`, name: 'setProfile', args: a }));
        const batches: (typeof mutations)[] = [[]];
        mutations.forEach((m, i) => {
          batches.at(-1)?.push(m);
          if (cuts[i] && i < mutations.length - 1) batches.push([]);
        });
        // Batch i is sent, then some batch 0..i again (a retry after a lost answer, or a late replay).
        const schedule = batches.flatMap((_, i) => [i, ...(resends[i] ?? []).map((r) => r % (i + 1))]);

        const firstAnswer = new Map<string, MutationResult>();
        for (const i of schedule) {
          const batch = batches[i] ?? [];
          const res = await call<PushResult>(
            t.app,
            'POST',
            '/api/sync/push',
            { client_id: 'property-client', mutations: batch },
            { token: user.token },
          );
          expect(res.status).toBe(200);
          res.body.data.results.forEach((result, k) => {
            expect(result.id).toBe(batch[k]?.id);
            const first = firstAnswer.get(result.id);
            if (first) expect(result).toEqual(first);
            else firstAnswer.set(result.id, result);
          });
        }

        const want = expected(start, all);
        const now = await call<Profile>(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token });
        expect(now.body.data).toEqual(want);
        const pulled = await call<PullResult>(t.app, 'GET', '/api/sync/pull', undefined, {
          token: user.token,
          query: { cursor: '0' },
        });
        expect(pulled.body.data.rows.map((r) => r.value)).toEqual([want]);
        expect(pulled.body.data.more).toBe(false);
        const applied = all.filter((a) => accepted(a) !== null).length;
        expect([...firstAnswer.values()].filter((r) => r.ok)).toHaveLength(applied);
      }),
      { numRuns: 25 },
    );
  });
});
