import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type NpmStart, npmStart } from '../tests/server/npm-start';
import { BENCH_SECONDS, postJson, printTable, sized, within } from './lib';

/**
 * Resident memory of the server as `npm start` runs it (PGlite, the built app): idle on its
 * first start with a new DATA_DIR, idle after a restart on that folder, and at its peak during
 * an autocannon run on GET /api/user/getProfile. Budget: 300 MB idle. The figure is VmRSS of
 * every process under npm (the server and any child it runs), npm itself left out.
 */
const BUDGET_MB = 300;
const IDLE_MS = sized(3000, 500);

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return []; // gone meanwhile
  }
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** MB resident in the processes npm started (all its descendants). */
function serverRssMb(server: NpmStart): number {
  const pid = server.npm.pid;
  if (!pid) throw new Error('npm start has no pid');
  let total = 0;
  const queue = children(pid);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    total += rssKb(next);
    queue.push(...children(next));
  }
  return total / 1024;
}

const idleRss = async (server: NpmStart) => {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return serverRssMb(server);
};

async function stop(server: NpmStart): Promise<void> {
  server.npm.kill('SIGTERM');
  const code = await within('npm start to exit on SIGTERM', server.exited());
  if (code !== 0) throw new Error(`npm start exited with ${code} on SIGTERM`);
}

/** `npm start` listening within the wait limit; one that does not is killed. */
async function started(what: string, env: Record<string, string>): Promise<NpmStart> {
  const starting = npmStart(env);
  try {
    return await within(what, starting);
  } catch (error) {
    void starting.then(
      (late) => late.kill(),
      () => undefined,
    );
    throw error;
  }
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

export async function serverMemory(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardbook-memory-'));
  const env = { DATA_DIR: dataDir, STATIC_DIR: 'dist' };
  let server: NpmStart | null = null;
  try {
    server = await started('npm start to listen', env);
    const first = await idleRss(server);
    await stop(server);

    server = await started('npm start to listen again', env);
    const restarted = await idleRss(server);
    const base = `http://127.0.0.1:${server.port}`;
    const email = `memory-${Date.now()}@example.com`;
    await postJson(`${base}/api/sendVerifyCode`, { email, scene: 'register' });
    const code = /"code":"(\d{6})"/.exec(
      await within('the verification code in the log', (server as NpmStart).waitForLog(/"code":"\d{6}"/)),
    )?.[1];
    const user = await postJson<{ token: string }>(`${base}/api/register`, { email, password: 'bench-pass', code });
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(serverRssMb(server as NpmStart)), 250);
    const load = await within(
      'autocannon on getProfile',
      autocannon({
        url: `${base}/api/user/getProfile`,
        headers: { token: user.token },
        connections: 10,
        duration: BENCH_SECONDS,
      }),
      (BENCH_SECONDS + 30) * 1000,
    );
    clearInterval(sampler);
    if (load.non2xx > 0 || load.errors > 0)
      throw new Error(`getProfile: ${load.non2xx} non-2xx, ${load.errors} errors`);
    const afterLoad = await idleRss(server);
    await stop(server);
    server = null;

    const budget = `(budget ${BUDGET_MB} MB idle)`;
    printTable('Server resident memory (npm start, PGlite; VmRSS of the processes npm runs)', [
      ['idle, first start (new data folder)', `${mb(first)} ${budget}`],
      ['idle, after a restart', `${mb(restarted)} ${budget}`],
      [
        `under load (getProfile, 10 connections, ${BENCH_SECONDS}s; peak, median)`,
        `${mb(Math.max(...samples))}, ${mb([...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0)} (${Math.round(load.requests.average)} req/s)`,
      ],
      ['idle again after the load', mb(afterLoad)],
    ]);
  } finally {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
