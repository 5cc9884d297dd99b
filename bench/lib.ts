import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';

export type Server = { port: number; url: string; stop(): void };

/** Starts a bench server script in its own process and waits for the port it prints. */
export function startServer(script: string, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+)/.exec(out);
      if (match) {
        const port = Number(match[1]);
        resolve({ port, url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** Requests per second (mean) of a GET under load, failing loudly on any non-2xx answer. */
export async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  await autocannon({ url, headers, connections: 10, duration: 1 }); // warm-up
  const result = await autocannon({ url, headers, connections: 10, duration: BENCH_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; msg: string };
  if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}

export function printTable(title: string, rows: [string, string][]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}
