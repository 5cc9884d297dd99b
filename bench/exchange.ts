// One participant's device is the real sync engine on IndexedDB in this process.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp } from '../server/app';
import { openDb } from '../server/db/db';
import { sessionClientId } from '../server/push/access';
import { settleExchanges } from '../server/services/exchange';
import { issueToken, resolveToken } from '../server/services/tokens';
import { dropSchema } from '../tests/server/helper';
import { seedPublicCards } from './card-seed';
import { printTable, sized, within } from './lib';

/**
 * Group exchange at 100, 500 and 1,000 participants (BENCH_EXCHANGE_SIZES): accounts, cards and
 * the room's members seeded in SQL, every participant a signed-in MQTT-over-WebSocket client of
 * the embedded broker subscribed to the room's topic. Measured:
 * - start → committed: the host's POST /api/exchange/start answered, its transaction committed
 *   (every member's new group, notification and the record of who is exchanged with whom);
 * - start → every participant has the end message (is_dismiss 1) on the room topic;
 * - one participant's next pull: the real sync engine on fake-indexeddb in this process, from
 *   the pull's start until its IndexedDB holds the N−1 new friends (this includes writing that
 *   participant's own entries, which happens before their first request after the start);
 * - what the server does for all the others at their next request, everyone asking at once:
 *   writing each one's N−1 entries and group rows (settleExchanges), until the last is done.
 * PGlite by default, PostgreSQL when DATABASE_URL is set. Figures only.
 */
const SIZES = (process.env.BENCH_EXCHANGE_SIZES ?? sized('100,500,1000', '10')).split(',').map(Number);
const PREFIX = 'cardbook';

const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;

export async function exchange(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const engine = url ? 'PostgreSQL' : 'PGlite';
  const rows: [string, string][] = [];
  for (const size of SIZES) {
    const figures = await run(size, url);
    rows.push(
      [`${size}: start → committed`, ms(figures.committed)],
      [`${size}: start → all ${size} have the end message`, ms(figures.allEnded)],
      [`${size}: one participant's next pull into IndexedDB (${size - 1} friends)`, ms(figures.pull)],
      [
        `${size}: the other ${size - 2} participants' entries, all asking at once`,
        `${ms(figures.settleAll)} (${ms(figures.settleEach)} each)`,
      ],
    );
  }
  printTable(`Group exchange on ${engine} (embedded broker, every participant an MQTT client)`, rows);
}

async function run(size: number, url: string | undefined) {
  const blobDir = mkdtempSync(join(tmpdir(), 'cardbook-bench-exchange-'));
  const schema = `bench_exchange_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const db = url ? await openDb({ engine: 'postgres', url, schema, poolSize: 8 }) : await openDb({ engine: 'pglite' });
  const app = await buildApp({ db, blobDir, logger: false, exchange: { maxMembers: 10_000 } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const clients: MqttClient[] = [];
  try {
    await seedPublicCards(db, size);
    const users = await db.query<{ id: number; card_id: number }>(
      `select u.id, c.id as card_id from users u join cards c on c.user_id = u.id order by u.id`,
    );
    const [host] = users;
    if (!host) throw new Error('no users');
    const [room] = await db.query<{ id: number; room_code: string }>(
      `insert into exchange_rooms (room_code, host_user_id, name) values ('BENCH234', $1, 'Bench') returning id, room_code`,
      [host.id],
    );
    if (!room) throw new Error('no room');
    await db.query(
      `insert into exchange_members (room_id, user_id, card_id, is_host)
       select $1, u.id, c.id, u.id = $2 from users u join cards c on c.user_id = u.id`,
      [room.id, host.id],
    );
    const sessions: { id: number; token: string; clientId: string }[] = [];
    for (const user of users) {
      const token = await issueToken(db, user.id, 2);
      const session = await resolveToken(db, token);
      if (!session) throw new Error('no session');
      sessions.push({ id: user.id, token, clientId: sessionClientId(user.id, session.tokenId) });
    }

    let ended = 0;
    let allEndedAt = 0;
    let onAllEnded: () => void = () => undefined;
    const allEnded = new Promise<void>((resolve) => {
      onAllEnded = resolve;
    });
    const topic = `${PREFIX}/group_add/${room.id}`;
    for (let i = 0; i < sessions.length; i += 50) {
      await within(
        `MQTT clients ${i + 1}… to connect and subscribe to the room`,
        Promise.all(
          sessions.slice(i, i + 50).map(async (s) => {
            const client = await mqtt.connectAsync(`ws://127.0.0.1:${address.port}/xc`, {
              username: String(s.id),
              password: s.token,
              clientId: s.clientId,
              clean: true,
              reconnectPeriod: 0,
              connectTimeout: 30_000,
            });
            clients.push(client);
            const [granted] = await client.subscribeAsync(topic, { qos: 1 });
            if (granted?.qos !== 1) throw new Error('room subscription refused');
            client.on('message', (_topic, payload) => {
              if ((JSON.parse(payload.toString()) as { is_dismiss?: number }).is_dismiss !== 1) return;
              ended += 1;
              if (ended === sessions.length) {
                allEndedAt = performance.now();
                onAllEnded();
              }
            });
          }),
        ),
      );
    }

    // One participant's device, synced before the start, as a phone in the room would be.
    const { CardbookDB } = await import('../src/db/CardbookDB');
    const { createSyncEngine } = await import('../workers/sync/engine');
    const puller = sessions[1];
    if (!puller) throw new Error('no participant');
    const device = new CardbookDB(`bench-exchange-${size}-${randomUUID()}`);
    await device.meta.put({ key: 'session', value: { token: puller.token, userId: puller.id, loginType: 2 } });
    const sync = createSyncEngine({ db: device, fetch: (input, init) => fetch(input, init), baseUrl: origin });
    await within("the participant's first sync", sync.syncNow());

    const start = performance.now();
    const res = await within(
      'POST /api/exchange/start',
      fetch(`${origin}/api/exchange/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: sessions[0]?.token ?? '' },
        body: JSON.stringify({ room_code: room.room_code }),
      }),
    );
    const committedAt = performance.now();
    if (res.status !== 200) throw new Error(`start: ${res.status} ${await res.text()}`);
    await within(() => `every participant to have the end message (${ended} of ${sessions.length})`, allEnded);

    const pullStart = performance.now();
    await within("the participant's pull after the exchange", sync.syncNow());
    const pull = performance.now() - pullStart;
    const got = await device.friends.count();
    if (got !== size - 1) throw new Error(`the pull brought ${got} friends, not ${size - 1}`);
    sync.stop();
    device.close();

    // The others' entries, written as each makes their next request: here all of them at once,
    // the worst case of everyone's phone pulling the moment the end message arrives.
    const others = sessions.slice(2);
    const settleStart = performance.now();
    await within("the others' entries to be written", Promise.all(others.map((s) => settleExchanges(db, s.id))));
    const settleAll = performance.now() - settleStart;
    const [total] = await db.query<{ n: number }>('select count(*)::int as n from friends where deleted_at is null');
    if (total?.n !== size * (size - 1) - (size - 1)) {
      // Everyone but the host, whose entries are written at the host's next request.
      throw new Error(`friend entries: ${total?.n}`);
    }
    return {
      committed: committedAt - start,
      allEnded: Math.max(committedAt, allEndedAt) - start,
      pull,
      settleAll,
      settleEach: settleAll / Math.max(1, others.length),
    };
  } finally {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await app.close();
    if (url) await dropSchema(url, schema);
    rmSync(blobDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await exchange();
