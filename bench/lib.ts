import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';

export type Server = { port: number; url: string; stop(): void };

/**
 * The smoke run (`npm run bench -- --smoke`, or BENCH_SMOKE=1): every bench once at a tiny size,
 * a few seconds each, so CI notices a bench that broke. Its figures mean nothing.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');

/** `full` in a real run, `smoke` in a smoke run. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** How long any one wait of a bench may take (BENCH_WAIT_SECONDS; 180 s in a smoke run, else 300 s). */
export const WAIT_MS = Number(process.env.BENCH_WAIT_SECONDS ?? sized(300, 180)) * 1000;

/** BENCH_TRACE=1 prints how long each wait took. */
const TRACE = process.env.BENCH_TRACE === '1';

export class BenchTimeout extends Error {}

/**
 * Every wait of every bench goes through here: `work` (a promise, or a function making one)
 * within `ms`, else it fails with a message naming what was awaited (`what` may be a function,
 * to say how far it got), so a bench that can no
 * longer finish says why instead of hanging `npm run bench` forever.
 */
export async function within<T>(
  what: string | (() => string),
  work: Promise<T> | (() => Promise<T>),
  ms = WAIT_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const said = typeof what === 'function' ? what() : what;
      reject(new BenchTimeout(`timed out after ${(ms / 1000).toFixed(0)} s waiting for ${said}`));
    }, ms);
  });
  const start = performance.now();
  try {
    return await Promise.race([typeof work === 'function' ? work() : work, timeout]);
  } finally {
    clearTimeout(timer);
    if (TRACE) {
      const said = typeof what === 'function' ? what() : what;
      console.error(`  [bench] ${((performance.now() - start) / 1000).toFixed(1)} s: ${said}`);
    }
  }
}

/** Starts a bench server script in its own process and waits for the port it prints. */
export function startServer(script: string, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  return within(`${script} to print its port`, startServerProcess(script, env));
}

function startServerProcess(script: string, env: NodeJS.ProcessEnv): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // A start that times out leaves no server behind.
    const unstarted = setTimeout(() => child.kill('SIGKILL'), WAIT_MS);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+)/.exec(out);
      if (match) {
        clearTimeout(unstarted);
        const port = Number(match[1]);
        resolve({ port, url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(unstarted);
      reject(new Error(`${script} exited with ${code}`));
    });
  });
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? sized(5, 1));

/** Requests per second (mean) of a GET under load, failing loudly on any non-2xx answer. */
export async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  const load = (duration: number) =>
    within(`autocannon on ${url}`, autocannon({ url, headers, connections: 10, duration }), (duration + 30) * 1000);
  if (!SMOKE) await load(1); // warm-up
  const result = await load(BENCH_SECONDS);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const json = await within(`POST ${url}`, async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: T; msg: string };
  });
  if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}

/** GET an API answer's `data`, within the wait limit; its message when it is no success. */
export async function getData<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const json = await getJson<{ code: number; data: T; msg: string }>(url, { headers });
  if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}

/** GET `url` as JSON, within the wait limit. */
export function getJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  return within(`${init.method ?? 'GET'} ${url}`, async () => (await (await fetch(url, init)).json()) as T);
}

export function printTable(title: string, rows: [string, string][]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}
