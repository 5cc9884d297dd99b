import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm run cluster -- N` run from a test or a bench: its own throw-away PostgreSQL and Mosquitto,
 * its own DATA_DIR, on `port`. Codes the processes' log sender wrote are read from their output.
 */
export type Cluster = {
  readonly url: string;
  /** The throw-away PostgreSQL the processes share. */
  readonly databaseUrl: string;
  /** The pid of each process, by name (app1, app2…). */
  readonly pids: ReadonlyMap<string, number>;
  /** A fetch through the balancer, pinned to a process when `on` names one. */
  api<T>(
    method: 'GET' | 'POST',
    path: string,
    options?: { body?: unknown; token?: string; on?: string },
  ): Promise<{ status: number; body: { code: number; msg: string; data: T } }>;
  /** A new account, through the balancer: its id, token, e-mail and password. */
  register(): Promise<{ id: number; token: string; email: string; password: string }>;
  stop(): Promise<void>;
};

const WAIT_MS = 180_000;

/** Waits for `check` to hold, trying every `every` ms, failing after `ms` with its last error. */
async function until(check: () => Promise<boolean> | boolean, ms: number, what: string, every = 100): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** `logLevel` of the processes: `info` (the default) logs every request, and the codes `register` reads. */
export async function startCluster(
  processes: number,
  port: number,
  { logLevel = 'info' }: { logLevel?: 'info' | 'warn' } = {},
): Promise<Cluster> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cardbook-cluster-data-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: logLevel };
  // Its own database and broker, whatever this environment points at.
  for (const name of ['DATABASE_URL', 'MQTT_URL', 'MQTT_WS_URL', 'MQTT_ADMIN_USERNAME', 'MQTT_ADMIN_PASSWORD'])
    delete env[name];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts', String(processes)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const pids = new Map<string, number>();
  let databaseUrl = '';
  let partial = '';
  const take = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      // Keep what a test reads (codes, pids, errors), not every request's log line.
      if (line.includes('"msg":"incoming request"') || line.includes('"msg":"request completed"')) continue;
      output.push(line);
      const m = /^(app\d+) pid (\d+)/.exec(line);
      if (m?.[1] && m[2]) pids.set(m[1], Number(m[2]));
      const db = /^PostgreSQL \(throw-away\) at (\S+)/.exec(line);
      if (db?.[1]) databaseUrl = db[1];
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const api: Cluster['api'] = async (method, path, { body, token, on } = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { token } : {}),
        ...(on ? { 'x-cardbook-server': on } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  let count = 0;
  const register: Cluster['register'] = async () => {
    const email = `cluster-${Date.now()}-${++count}@example.com`;
    const password = 'secret-pass';
    const sent = await api('POST', '/api/sendVerifyCode', { body: { email, scene: 'register' } });
    if (sent.status !== 200) throw new Error(`sendVerifyCode: ${JSON.stringify(sent.body)}`);
    let code = '';
    await until(
      () => {
        const line = output.find((l) => l.includes(`"to":"${email}"`) && l.includes('"code"'));
        code = line ? (JSON.parse(line) as { code: string }).code : '';
        return /^\d{6}$/.test(code);
      },
      10_000,
      `the code for ${email}`,
      50,
    );
    const res = await api<{ id: number; token: string }>('POST', '/api/register', { body: { email, password, code } });
    if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
    return { ...res.body.data, email, password };
  };

  try {
    // Every process answers through the balancer.
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`the cluster stopped:\n${output.slice(-20).join('\n')}`);
        // Each one ready, and taken by the balancer (else a request pinned to it goes to another).
        for (let i = 1; i <= processes; i++) {
          const res = await fetch(`${url}/readyz`, { headers: { 'x-cardbook-server': `app${i}` } }).catch(() => null);
          if (res?.status !== 200 || res.headers.get('x-cardbook-server') !== `app${i}`) return false;
        }
        return pids.size === processes;
      },
      WAIT_MS,
      `npm run cluster -- ${processes} on ${url}`,
      250,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, databaseUrl, pids, api, register, stop };
}
