import autocannon from 'autocannon';
import { openDb } from '../server/db/db';
import { issueToken } from '../server/services/tokens';
import { type Cluster, startCluster } from '../tests/cluster/support';
import { exchange } from './exchange';
import { BENCH_SECONDS, printTable, requestsPerSecond, SMOKE, sized, startServer, within } from './lib';

/**
 * The server as 1 and 2 processes behind HAProxy (`npm run cluster`), each on its own throw-away
 * PostgreSQL and Mosquitto, beside a Fastify hello-world measured in the same run: signed-in
 * reads (GET /api/user/getProfile) and sync pushes (one setProfile mutation a request, spread
 * over BENCH_SCALE_USERS accounts) per second, and what the second process adds per core. On this
 * 2-core machine the balancer, PostgreSQL and the load generator share the cores with the servers.
 * Then the group exchange with everyone pulling at once (exchange.ts).
 */
// At least the 10 connections: one account's pushes past 8 waiting in a process are refused (429), as for one user's devices.
const USERS = Number(process.env.BENCH_SCALE_USERS ?? sized(20, 10));
const PORT = 18990;

const rate = (v: number) => `${Math.round(v).toLocaleString('en')} req/s`;

export async function scale(): Promise<void> {
  const hello = await startServer('bench/servers/hello.ts');
  const figures = new Map<number, { reads: number; pushes: number }>();
  let helloRps = 0;
  try {
    helloRps = await requestsPerSecond(`${hello.url}/hello`);
    for (const processes of [1, 2]) {
      // Requests not logged: at thousands a second the log lines would cost more than the requests.
      const cluster = await startCluster(processes, PORT + processes * 10, { logLevel: 'warn' });
      try {
        const users = await signedInUsers(cluster.databaseUrl, USERS);
        const reads = await requestsPerSecond(`${cluster.url}/api/user/getProfile`, { token: users[0]?.token ?? '' });
        const pushes = await pushesPerSecond(cluster, users);
        figures.set(processes, { reads, pushes });
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    hello.stop();
  }
  const one = figures.get(1) ?? { reads: 0, pushes: 0 };
  const two = figures.get(2) ?? { reads: 0, pushes: 0 };
  const ratio = (v: number) => `${(v / helloRps).toFixed(2)}× hello`;
  const perCore = (a: number, b: number) => `${((b / a / 2) * 100).toFixed(0)}% per core`;
  printTable(`Scale-out on PostgreSQL and Mosquitto behind HAProxy (${BENCH_SECONDS}s each, 10 connections)`, [
    ['Fastify hello-world, one process, direct', rate(helloRps)],
    ['1 process: GET /api/user/getProfile', `${rate(one.reads)} (${ratio(one.reads)})`],
    [
      '2 processes: GET /api/user/getProfile',
      `${rate(two.reads)} (${ratio(two.reads)}, ${perCore(one.reads, two.reads)})`,
    ],
    ['1 process: POST /api/sync/push (1 mutation)', `${rate(one.pushes)} (${ratio(one.pushes)})`],
    [
      '2 processes: POST /api/sync/push (1 mutation)',
      `${rate(two.pushes)} (${ratio(two.pushes)}, ${perCore(one.pushes, two.pushes)})`,
    ],
  ]);
  await exchange();
}

/** Pushes per second: each request one new setProfile mutation of the next account, round-robin. */
async function pushesPerSecond(cluster: Cluster, users: { token: string }[]): Promise<number> {
  let sent = 0;
  const run = (duration: number) =>
    within(
      'autocannon on /api/sync/push',
      autocannon({
        url: `${cluster.url}/api/sync/push`,
        connections: 10,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              sent += 1;
              const user = users[sent % users.length];
              const id = `bench-${String(sent).padStart(8, '0')}`;
              return {
                ...request,
                headers: { 'content-type': 'application/json', token: user?.token ?? '' },
                body: JSON.stringify({
                  client_id: `bench-client-${sent % users.length}`,
                  mutations: [{ id, name: 'setProfile', args: { profile: `Pushed ${sent}` } }],
                }),
              };
            },
          },
        ],
      }),
      (duration + 30) * 1000,
    );
  if (!SMOKE) await run(1);
  const result = await run(BENCH_SECONDS);
  if (result.non2xx > 0 || result.errors > 0) {
    const statuses = JSON.stringify((result as { statusCodeStats?: unknown }).statusCodeStats ?? {});
    throw new Error(`/api/sync/push: ${result.non2xx} non-2xx answers (${statuses}), ${result.errors} errors`);
  }
  return result.requests.average;
}

/** `count` accounts with a session each, made in SQL (no codes to read from a log). */
async function signedInUsers(databaseUrl: string, count: number): Promise<{ token: string }[]> {
  const db = await openDb({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const rows = await db.query<{ id: number }>(
      `insert into users (full_name) select 'scale ' || g from generate_series(1, $1) g returning id`,
      [count],
    );
    return await Promise.all(rows.map(async (r) => ({ token: await issueToken(db, r.id, 2) })));
  } finally {
    await db.close();
  }
}
