import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp } from '../server/app';
import { openDb } from '../server/db/db';
import { sessionClientId } from '../server/push/access';
import { issueToken, resolveToken } from '../server/services/tokens';
import { pushTopics } from '../src/api/push';
import { printTable, sized, within } from './lib';

const CLIENTS = Number(process.env.BENCH_MQTT_CLIENTS ?? sized(1000, 20));
const ROUNDS = sized(5, 1);
const PREFIX = 'cardbook';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

/**
 * Broker fan-out: CLIENTS (1,000) MQTT-over-WebSocket clients connected to the embedded broker
 * at /xc, each signed in with its own token and subscribed to its own system topic and to one
 * shared exchange room. Measures, from the server's publish call to the client's message event:
 * (a) a burst of one system push to every user (1,000 topics), (b) one room push delivered to
 * all 1,000 members. Clients run in the bench process, so client-side parsing is included.
 */
export async function brokerFanout(): Promise<void> {
  const blobDir = mkdtempSync(join(tmpdir(), 'cardbook-bench-mqtt-'));
  const db = await openDb({ engine: 'pglite' });
  const app = await buildApp({ db, blobDir, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  const url = `ws://127.0.0.1:${address.port}/xc`;
  const clients: MqttClient[] = [];
  try {
    const users = await db.query<{ id: number }>(
      `insert into users (full_name) select 'bench ' || g from generate_series(1, $1) g returning id`,
      [CLIENTS],
    );
    const host = users[0];
    if (!host) throw new Error('no users');
    const [room] = await db.query<{ id: number }>(
      `insert into exchange_rooms (room_code, host_user_id) values ('bench-room', $1) returning id`,
      [host.id],
    );
    if (!room) throw new Error('no room');
    await db.query('insert into exchange_members (room_id, user_id) select $1, id from users where id <> $2', [
      room.id,
      host.id,
    ]);
    const tokens: string[] = [];
    const clientIds: string[] = [];
    for (const user of users) {
      const token = await issueToken(db, user.id, 2);
      const session = await resolveToken(db, token);
      if (!session) throw new Error('no session');
      tokens.push(token);
      clientIds.push(sessionClientId(user.id, session.tokenId));
    }

    const received = new Map<number, (at: number) => void>();
    const connectStart = performance.now();
    for (let i = 0; i < users.length; i += 50) {
      const batch = users.slice(i, i + 50).map(async (user, j) => {
        const client = await mqtt.connectAsync(url, {
          username: String(user.id),
          password: tokens[i + j],
          clientId: clientIds[i + j],
          clean: true,
          reconnectPeriod: 0,
          connectTimeout: 30_000,
        });
        clients.push(client);
        await client.subscribeAsync([pushTopics.system(PREFIX, user.id), pushTopics.group(PREFIX, room.id)], {
          qos: 1,
        });
        client.on('message', () => received.get(user.id)?.(performance.now()));
      });
      await within(`MQTT clients ${i + 1}–${i + batch.length} to connect and subscribe`, Promise.all(batch));
    }
    const connectMs = performance.now() - connectStart;

    /** Runs one round: publishes via `send`, resolves with each user's delivery latency. */
    const round = async (send: () => Promise<void>): Promise<number[]> => {
      const latencies: number[] = [];
      let start = 0;
      const done = new Promise<void>((resolve) => {
        for (const user of users) {
          received.set(user.id, (at) => {
            received.delete(user.id);
            latencies.push(at - start);
            if (latencies.length === users.length) resolve();
          });
        }
      });
      start = performance.now();
      await within('the publish calls', send());
      await within(() => `every client to receive the push (${latencies.length} of ${users.length} had)`, done);
      return latencies;
    };

    const system: number[] = [];
    const group: number[] = [];
    for (let r = 0; r < ROUNDS + 1; r++) {
      const a = await round(() =>
        Promise.all(users.map((u) => app.services.push.publishSystem(u.id, { msg_type: 1, msg_type_sub: 2 }))).then(
          () => {},
        ),
      );
      const b = await round(() => app.services.push.publishGroup(room.id, { group_id: room.id, group_member_num: r }));
      if (r > 0) {
        system.push(...a); // round 0 warms up
        group.push(...b);
      }
    }
    system.sort((x, y) => x - y);
    group.sort((x, y) => x - y);
    printTable(`Broker fan-out (embedded Aedes, ${CLIENTS} MQTT-over-WS clients, ${ROUNDS} rounds, QoS 1)`, [
      ['connect + subscribe all clients', ms(connectMs)],
      ['system push, one per user: p50', ms(percentile(system, 50))],
      ['system push, one per user: p99', ms(percentile(system, 99))],
      ['system push, one per user: max', ms(system.at(-1) ?? Number.NaN)],
      ['room push to all members: p50', ms(percentile(group, 50))],
      ['room push to all members: p99', ms(percentile(group, 99))],
      ['room push to all members: max', ms(group.at(-1) ?? Number.NaN)],
    ]);
  } finally {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await app.close();
    rmSync(blobDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await brokerFanout();
