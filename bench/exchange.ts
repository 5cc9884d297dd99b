import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp, LISTEN_BACKLOG } from '../server/app';
import { type Db, openDb } from '../server/db/db';
import { issueToken } from '../server/services/tokens';
import { type ExchangeRoom, type PullResult, type PushSession, pushTopics } from '../src/api';
import { startCluster } from '../tests/cluster/support';
import { seedPublicCards } from './card-seed';
import { getData, postJson, printTable, SMOKE, sized, within } from './lib';

/**
 * Group exchange at 100, 500 and 1,000 participants (BENCH_EXCHANGE_SIZES), on PGlite with one
 * process (`npm start`) and on PostgreSQL with two processes behind HAProxy and Mosquitto
 * (`npm run cluster -- 2`). Accounts, cards and the room's members are seeded in SQL; every
 * participant is a signed-in MQTT client (through GET /api/push/session, as the app connects)
 * subscribed to the room's topic, and has pulled once before the start, as a phone in the room
 * has. The host starts the exchange, and each participant pulls (GET /api/sync/pull, pages as
 * the app asks them) the moment the end message reaches it: everyone at once. Measured from the
 * start: the host's answer (committed), the end message at every participant, and the last
 * participant's card holder complete (every other participant's card pulled). BENCH_EXCHANGE_ON
 * (pglite or postgres) runs one of the two.
 */
const SIZES = (process.env.BENCH_EXCHANGE_SIZES ?? sized('100,500,1000', '10')).split(',').map(Number);
const CLUSTER_PORT = 18960;
const PULL_PAGE = 2500;

const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;

type Target = { origin: string; db: Db; stop(): Promise<void> };
type Figures = { committed: number; allEnded: number; allHeld: number; retried: number };

export async function exchange(): Promise<void> {
  const topologies = (
    [
      ['pglite', 'PGlite, 1 process, embedded broker', embedded],
      ['postgres', 'PostgreSQL, 2 processes behind HAProxy, Mosquitto', (_size: number) => cluster(2)],
    ] as const
  ).filter(([key]) => (process.env.BENCH_EXCHANGE_ON ?? key) === key);
  const rows: [string, string][] = [];
  for (const [, name, start] of topologies) {
    for (const size of SIZES) {
      const target = await start(size);
      try {
        const figures = await run(target, size);
        rows.push(
          [`${name}, ${size}: start → committed`, ms(figures.committed)],
          [`${name}, ${size}: start → all ${size} have the end message`, ms(figures.allEnded)],
          [
            `${name}, ${size}: start → last card holder complete (${size - 1} cards)`,
            `${ms(figures.allHeld)}${figures.retried > 0 ? ` (${figures.retried} pulls tried again after a dropped connection)` : ''}`,
          ],
        );
      } finally {
        await target.stop();
      }
    }
  }
  printTable('Group exchange, every participant pulling the moment the end message arrives', rows);
}

async function embedded(_size: number): Promise<Target> {
  const blobDir = mkdtempSync(join(tmpdir(), 'cardbook-bench-exchange-'));
  const db = await openDb({ engine: 'pglite' });
  const app = await buildApp({ db, blobDir, logger: false, exchange: { maxMembers: 10_000 } });
  await app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    db,
    stop: async () => {
      await app.close();
      rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

async function cluster(processes: number): Promise<Target> {
  const started = await startCluster(processes, CLUSTER_PORT, { logLevel: 'warn' });
  const db = await openDb({ engine: 'postgres', url: started.databaseUrl, poolSize: 4 });
  return {
    origin: started.url,
    db,
    stop: async () => {
      await db.close();
      await started.stop();
    },
  };
}

type Participant = { id: number; token: string; cursor: number; broker?: MqttClient };

/** Pulls until the server has nothing more; the friend entries it brought. A dropped connection is tried again, as the app does. */
async function pullAll(origin: string, who: Participant, retried = { count: 0 }): Promise<number> {
  let friends = 0;
  for (;;) {
    const path = `/api/sync/pull?cursor=${who.cursor}&limit=${PULL_PAGE}`;
    const pull = () => getData<PullResult>(`${origin}${path}`, { token: who.token });
    const page = await pull().catch((error: unknown) => {
      if (!(error instanceof TypeError)) throw error;
      retried.count += 1;
      return pull();
    });
    for (const row of page.rows) if (row.table === 'friend' && !row.deleted) friends += 1;
    who.cursor = page.cursor;
    if (!page.more) return friends;
  }
}

async function run({ origin, db }: Target, size: number): Promise<Figures> {
  await seedPublicCards(db, size);
  const users = await db.query<{ id: number }>(
    `select u.id from users u join cards c on c.user_id = u.id where u.profile = 'bench-seed' order by u.id`,
  );
  if (users.length !== size) throw new Error(`seeded ${users.length} of ${size}`);
  const people: Participant[] = [];
  for (const user of users) people.push({ id: user.id, token: await issueToken(db, user.id, 2), cursor: 0 });
  // The room as people make it: the host opens it, everyone joins (and is let onto its topic).
  const [host] = people;
  if (!host) throw new Error('no host');
  const room = await postJson<ExchangeRoom>(`${origin}/api/exchange/create`, { name: 'Bench' }, { token: host.token });
  for (let i = 1; i < people.length; i += 50) {
    await within(
      `participants ${i + 1}… to join`,
      Promise.all(
        people
          .slice(i, i + 50)
          .map((who) => postJson(`${origin}/api/exchange/join`, { room_code: room.room_code }, { token: who.token })),
      ),
    );
  }

  let ended = 0;
  let held = 0;
  let allEndedAt = 0;
  let allHeldAt = 0;
  let failure: Error | null = null;
  let onAllHeld: () => void = () => undefined;
  const allHeld = new Promise<void>((resolve) => {
    onAllHeld = resolve;
  });
  let started = false;
  const retried = { count: 0 };
  const whenEnded = async (who: Participant) => {
    ended += 1;
    if (ended === size) allEndedAt = performance.now();
    try {
      const friends = await pullAll(origin, who, retried);
      if (friends !== size - 1) throw new Error(`participant ${who.id} pulled ${friends} cards, not ${size - 1}`);
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
    }
    held += 1;
    if (held === size) {
      allHeldAt = performance.now();
      onAllHeld();
    }
  };

  try {
    for (let i = 0; i < people.length; i += 50) {
      await within(
        `participants ${i + 1}… to connect, subscribe and pull`,
        Promise.all(
          people.slice(i, i + 50).map(async (who) => {
            const session = await getData<PushSession>(`${origin}/api/push/session`, { token: who.token });
            const url = session.url ?? `${origin.replace(/^http/, 'ws')}/xc`;
            const broker = await mqtt.connectAsync(url, {
              username: session.username,
              password: who.token,
              clientId: session.client_id,
              clean: true,
              reconnectPeriod: 0,
              connectTimeout: 30_000,
            });
            who.broker = broker;
            const [granted] = await broker.subscribeAsync(pushTopics.group(session.prefix, room.room_id), { qos: 1 });
            if (granted?.qos !== 1) throw new Error('room subscription refused');
            broker.on('message', (_topic, payload) => {
              const message = JSON.parse(payload.toString()) as { is_dismiss?: number };
              if (started && message.is_dismiss === 1) void whenEnded(who);
            });
            await pullAll(origin, who);
          }),
        ),
      );
    }

    started = true;
    const start = performance.now();
    await within(
      'POST /api/exchange/start',
      postJson(`${origin}/api/exchange/start`, { room_code: room.room_code }, { token: host.token }),
    );
    const committedAt = performance.now();
    await within(
      () => `every card holder to be complete (${ended} of ${size} told, ${held} complete)`,
      allHeld,
      sized(300_000, 120_000),
    );
    if (failure) throw failure;
    return {
      committed: committedAt - start,
      allEnded: allEndedAt - start,
      allHeld: allHeldAt - start,
      retried: retried.count,
    };
  } finally {
    await Promise.all(people.map((p) => p.broker?.endAsync(true)));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (SMOKE) process.env.BENCH_SMOKE = '1';
  await exchange();
}
