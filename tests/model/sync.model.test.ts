import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CloudCard, CloudGroup, MutationResult } from '../../src/api';
import { call } from '../server/helper';
import { userWithCard } from '../server/social';
import { Device, deviceView, Server, serverView, traffic } from './harness';
import { Model, type Step, screen, stepsArb } from './model';

/**
 * Model-based test of offline-first sync: two or three devices of one user (each its own
 * IndexedDB on fake-indexeddb, its own session and the real sync engine) against the real
 * server, under random edits, network cuts, lost answers, concurrent syncs, the service worker's
 * background sync (alone, or racing the page's worker) and server restarts.
 * Phones' clocks may be minutes off (±10 min, ±20 s). After healing (every network back, syncing
 * until nothing moves) every device and the server must hold the same state, every change must
 * have reached the server once, and each field must hold an edit that no other one had to beat:
 * an edit beats those its device showed or made before it, whatever the clocks say (and, with
 * every clock right, the newest edit wins).
 *
 * MODEL_RUNS=500 (and MODEL_STEPS=80) run it longer; MODEL_DEBUG=1 prints what the runs
 * exercised and where the time went. A failure prints fast-check's seed, path and shrunk steps,
 * and the model log of that case; MODEL_SEED=<seed> MODEL_PATH=<path> replays it. With DATABASE_URL the server runs on PostgreSQL (a schema of
 * its own, kept across restarts, dropped at the end).
 */

const RUNS = Number(process.env.MODEL_RUNS ?? 20);
const MAX_STEPS = Number(process.env.MODEL_STEPS ?? 35);
/** The whole property's budget: 5 minutes by default, about 15 s a run for longer runs. */
const BUDGET_MS = Math.max(300_000, RUNS * 15_000);
const HEAL_ROUNDS = 12;

function replay(): { seed: number; path?: string; endOnFailure: true } | Record<string, never> {
  const seed = process.env.MODEL_SEED;
  if (seed === undefined) return {};
  return { seed: Number(seed), path: process.env.MODEL_PATH, endOnFailure: true };
}

let server: Server;
// One clock for the whole file that only moves forward, a few hours behind the real one, so an
// edit's clock is never in the server's future and each step can be told apart.
let clock = Date.now() - 6 * 60 * 60 * 1000;
const now = () => clock;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  server = new Server();
  await server.start();
});

afterAll(async () => {
  await server?.stop();
  vi.useRealTimers();
});

function tick(ms: number): void {
  clock += ms;
  vi.setSystemTime(clock);
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** Whose cards each case's user keeps as friends (made once: signing up is slow by design). */
let friendCards: string[] = [];

/** A fresh user A with a card of their own, keeping two friends. */
async function setUp() {
  const t = server.test;
  if (friendCards.length === 0) {
    friendCards = [(await userWithCard(t, 'Bob')).shareStr, (await userWithCard(t, 'Cyd')).shareStr];
  }
  const a = await userWithCard(t, 'Ada');
  const added = await call(t.app, 'POST', '/api/friend/add', { content: friendCards }, { token: a.token });
  if (added.status !== 200) throw new Error(`friend/add: ${JSON.stringify(added.body)}`);
  // Two groups to start with, the first friend in one of them.
  const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call<{ group_id: number }>(t.app, method, url, body, { token: a.token });
  const work = (await api('POST', '/api/group/add', { group_name: 'Work' })).body.data.group_id;
  const family = (await api('POST', '/api/group/add', { group_name: 'Family' })).body.data.group_id;
  const [friend] = (added.body as { data: { friend_list: { accept_id: number }[] } }).data.friend_list;
  await api('GET', `/api/friend/copyToGroup/${friend?.accept_id}/${work}`);
  return { ...a, setupGroups: [work, family] };
}

/** What the runs exercised (MODEL_DEBUG=1 prints it): a model that never cuts or rejects proves little. */
const stats = {
  runs: 0,
  ms: { setUp: 0, steps: 0, heal: 0, check: 0, restart: 0 },
  made: {} as Record<string, number>,
  skipped: 0,
  rejected: 0,
  superseded: 0,
  restarts: 0,
  background: 0,
  traffic,
};
afterAll(() => {
  if (process.env.MODEL_DEBUG) console.log(JSON.stringify(stats, null, 1));
});

async function run(steps: Step[], deviceCount: number, skews: readonly number[]): Promise<void> {
  let t0 = performance.now();
  const lap = (k: 'setUp' | 'steps' | 'heal' | 'check') => {
    const t1 = performance.now();
    stats.ms[k] += Math.round(t1 - t0);
    t0 = t1;
  };
  stats.runs += 1;
  const a = await setUp();
  const devices: Device[] = [];
  const model = new Model(now);
  try {
    for (let i = 0; i < deviceCount; i += 1) {
      const d = new Device(`d${i}`, server, skews[i] ?? 0);
      await d.signIn(server, a.email, a.password);
      if (d.skew !== 0) model.log.push(`${d.name}'s clock is ${d.skew / 1000} s off`);
      await d.sync();
      devices.push(d);
    }
    lap('setUp');
    const at = (i: number) => devices[i % devices.length] as Device;

    for (const { dt, op } of steps) {
      tick(dt);
      switch (op.k) {
        case 'edit':
          if (!(await model.edit(at(op.device), op.edit))) stats.skipped += 1;
          break;
        case 'editDuringSync': {
          const d = at(op.device);
          model.log.push(`${d.name} sync, and after ${op.ticks} turns, on the screen from before it:`);
          // The user acts on the screen as it was drawn before the sync (it may have changed since).
          const shown = await screen(d);
          const syncing = d.sync();
          await turns(op.ticks);
          if (!(await model.edit(d, op.edit, shown))) stats.skipped += 1;
          await syncing;
          await model.learnTempIds([d]);
          break;
        }
        case 'network':
          at(op.device).online = op.online;
          model.log.push(`${at(op.device).name} ${op.online ? 'online' : 'offline'}`);
          break;
        case 'sync':
          await at(op.device).sync(op.failure);
          await model.learnTempIds([at(op.device)]);
          model.log.push(`${at(op.device).name} sync ${JSON.stringify(op.failure)}`);
          break;
        case 'background': {
          const d = at(op.device);
          if (op.race) await d.syncRacingBackground(op.ticks, op.failure);
          else await d.backgroundSync(op.failure);
          await model.learnTempIds([d]);
          model.log.push(
            `${d.name} background sync${op.race ? ` racing its page's after ${op.ticks} turns` : ''} ${JSON.stringify(op.failure)}`,
          );
          stats.background += 1;
          break;
        }
        case 'syncAll':
          await Promise.all(devices.map((d) => d.sync()));
          await model.learnTempIds(devices);
          model.log.push('all sync');
          break;
        case 'restart':
          {
            const t = performance.now();
            await server.restart();
            stats.ms.restart += Math.round(performance.now() - t);
          }
          stats.restarts += 1;
          model.log.push('server restart');
          break;
      }
    }

    lap('steps');
    await heal(devices, model);
    lap('heal');
    await check(
      devices,
      model,
      a,
      devices.every((d) => d.skew === 0),
    );
    lap('check');
    for (const m of model.mutations) stats.made[m.name] = (stats.made[m.name] ?? 0) + 1;
  } catch (err) {
    // The steps that ran, in words, with fast-check's seed and shrunk counterexample.
    if (err instanceof Error) err.message += `\nmodel log:\n  ${model.log.join('\n  ')}`;
    throw err;
  } finally {
    for (const d of devices) await d.close();
  }
}

/** Every network back; sync every device until the outboxes are empty and a whole round moves no cursor. */
async function heal(devices: Device[], model: Model): Promise<void> {
  for (const d of devices) d.online = true;
  for (let round = 0; round < HEAL_ROUNDS; round += 1) {
    const before = await Promise.all(devices.map(async (d) => [await d.outboxSize(), await d.cursor()]));
    for (const d of devices) await d.sync();
    await model.learnTempIds(devices);
    const after = await Promise.all(devices.map(async (d) => [await d.outboxSize(), await d.cursor()]));
    const quiet = before.every(
      ([queued, cursor], i) => queued === 0 && cursor === after[i]?.[1] && after[i]?.[0] === 0,
    );
    if (quiet) return;
  }
  const left = await Promise.all(devices.map(async (d) => `${d.name}: ${await d.outboxSize()} queued`));
  throw new Error(`sync did not settle in ${HEAL_ROUNDS} rounds (${left.join(', ')})`);
}

async function check(
  devices: Device[],
  model: Model,
  a: { id: number; token: string; setupGroups: number[] },
  clocksRight: boolean,
): Promise<void> {
  const q = server.app.services.db;

  // (1) Convergence: each device holds exactly what a pull from scratch gives, no temporary rows.
  const truth = await serverView(server, a.token);
  for (const d of devices) {
    const view = await deviceView(d);
    expect(view, `${d.name} equals the server`).toEqual(truth);
  }

  // (2) Exactly once: each mutation made reached the server once (one record per id, none
  // foreign), each addGroup made one group; changes that cannot be refused were not.
  const records = await q.query<{ client_id: string; mutation_id: string; result: MutationResult }>(
    'select client_id, mutation_id, result from sync_mutations where user_id = $1',
    [a.id],
  );
  const made = model.mutations.map((m) => `${m.client}/${m.id}`).sort();
  expect(records.map((r) => `${r.client_id}/${r.mutation_id}`).sort(), 'mutations recorded').toEqual(made);
  const results = new Map(records.map((r) => [r.mutation_id, r.result]));
  for (const r of records) {
    if (!r.result.ok) stats.rejected += 1;
    else if ((r.result as { superseded?: unknown[] }).superseded?.length) stats.superseded += 1;
  }
  const mustApply = new Set([
    'remark',
    'addGroup',
    'setProfile',
    'saveCard',
    'patchCard',
    'saveCompany',
    'addCloudCard',
    'addCloudGroup',
  ]);
  for (const m of model.mutations) {
    if (!mustApply.has(m.name)) continue;
    expect(results.get(m.id), `${m.device} ${m.name} ${m.id} applied`).toMatchObject({ ok: true });
  }
  const [groupRows] = await q.query<{ n: number }>(
    'select count(*)::int as n from friend_groups where user_id = $1 and not is_main and id <> all($2::bigint[])',
    [a.id, a.setupGroups],
  );
  expect(groupRows?.n, 'one server group per addGroup').toBe(model.groupsMade.length);
  const serverIds = model.groupsMade.map((g) => model.tempIds.get(g.tempId));
  expect(serverIds.every((id) => id !== undefined) && new Set(serverIds).size === serverIds.length).toBe(true);

  // Deleted groups are gone; the others are all there.
  const deleted = new Set([...model.groupsDeleted].map((id) => model.serverGroupId(id)));
  const liveGroups = new Map((truth.groups as { group_id: number; group_name: string }[]).map((g) => [g.group_id, g]));
  for (const id of serverIds) {
    expect(liveGroups.has(id as number), `group ${id} ${deleted.has(id) ? 'deleted' : 'kept'}`).toBe(!deleted.has(id));
  }

  // Cloud cards and groups: one server row per add (ids are the devices'), the deleted ones gone.
  const [cloudRows] = await q.query<{ cards: number; groups: number }>(
    `select (select count(*)::int from cloud_cards where user_id = $1) as cards,
            (select count(*)::int from cloud_groups where user_id = $1) as groups`,
    [a.id],
  );
  expect(cloudRows, 'one server row per cloud add').toEqual({
    cards: model.cloudCardsMade.size,
    groups: model.cloudGroupsMade.size,
  });
  const liveCloudCards = new Map((truth.cloudCards as CloudCard[]).map((c) => [c.id, c]));
  const liveCloudGroups = new Map((truth.cloudGroups as CloudGroup[]).map((g) => [g.id, g]));
  for (const id of model.cloudCardsMade) {
    expect(liveCloudCards.has(id), `cloud card ${id}`).toBe(!model.cloudCardsDeleted.has(id));
  }
  for (const id of model.cloudGroupsMade) {
    expect(liveCloudGroups.has(id), `cloud group ${id}`).toBe(!model.cloudGroupsDeleted.has(id));
  }
  for (const card of liveCloudCards.values()) {
    if (card.group_id !== '') expect(liveCloudGroups.has(card.group_id), `card ${card.id} in a live group`).toBe(true);
  }

  // (3) Each field holds an edit no other had to beat (unless its group or card was deleted);
  // with every clock right, the newest.
  const profile = truth.profile as Record<string, unknown>;
  const card = truth.card as Record<string, unknown> & { extension: Record<string, unknown> };
  const friends = new Map((truth.friends as { accept_id: number; remark: string }[]).map((f) => [f.accept_id, f]));
  const wrong: string[] = [];
  for (const [field, edits] of model.byField()) {
    const edit = edits.at(-1);
    if (!edit) continue;
    const [kind, key = ''] = field.split(':');
    let actual: unknown;
    if (kind === 'remark') actual = friends.get(Number(key))?.remark;
    else if (kind === 'group') {
      if (deleted.has(Number(key))) continue;
      actual = liveGroups.get(Number(key))?.group_name;
    } else if (kind === 'profile') actual = profile[key];
    else if (kind === 'card') actual = card[key];
    else if (kind === 'company') actual = (truth.company as { items: unknown } | null)?.items;
    else if (kind === 'cloudName') {
      if (model.cloudCardsDeleted.has(key)) continue;
      actual = liveCloudCards.get(key)?.extension.find((row) => row.key === 'name')?.value;
    } else if (kind === 'cloudGroup') {
      if (model.cloudGroupsDeleted.has(key)) continue;
      actual = liveCloudGroups.get(key)?.name;
    }
    const allowed = clocksRight ? [edit] : model.winners(edits);
    if (!allowed.some((e) => JSON.stringify(e.value) === JSON.stringify(actual))) {
      const told = allowed.map((e) => `${e.device} at +${e.at % 1_000_000} ${JSON.stringify(e.value)}`);
      wrong.push(`${field}: ${JSON.stringify(actual)}, expected one of ${told.join(' | ')}`);
    }
  }
  expect(wrong, 'fields holding an edit another one had to beat').toEqual([]);

  // Cloud card rows are merged one by one: every phone row added to a card is there, once.
  for (const [id, tels] of model.cloudTels) {
    if (model.cloudCardsDeleted.has(id)) continue;
    const rows = liveCloudCards
      .get(id)
      ?.extension.filter((row) => row.key === 'tel')
      .map((row) => row.value);
    expect(rows?.sort(), `phone rows of cloud card ${id}`).toEqual([...tels].sort());
  }

  // A list is merged entry by entry: every phone number added and not removed is there, no other.
  const tels = (card.extension.tel as { content: string }[]).map((e) => e.content).sort();
  const kept = [...model.telAdded].filter((t) => !model.telRemoved.has(t)).sort();
  expect(tels, 'phone numbers added and not removed').toEqual(kept);
}

describe('sync engine against the real server (model-based)', () => {
  it(
    'converges, applies every change once, and keeps the edit made after seeing the others, whatever the clocks',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          stepsArb(5, MAX_STEPS),
          fc.integer({ min: 2, max: 3 }),
          // How far each phone's clock is off: right, ±20 s or ±10 minutes.
          fc.array(fc.constantFrom(0, 0, -600_000, 600_000, -20_000, 20_000), { minLength: 3, maxLength: 3 }),
          async (steps, deviceCount, skews) => {
            await run(steps, deviceCount, skews);
          },
        ),
        // Shrinking a failure stops in time to report the smallest case found so far.
        // MODEL_SEED and MODEL_PATH (as a failure prints them) replay that case alone.
        { numRuns: RUNS, interruptAfterTimeLimit: BUDGET_MS - 30_000, ...replay() },
      );
    },
    BUDGET_MS,
  );
});
