import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm start` as an operator runs it, on the given environment (DATA_DIR, STATIC_DIR, …), on a
 * free port of 127.0.0.1. npm and the server form one process group (`kill` ends both).
 */
export type NpmStart = {
  npm: ChildProcess;
  port: number;
  /** The first log line from now on matching `pattern` (the whole match). */
  waitForLog(pattern: RegExp): Promise<string>;
  /** npm's exit code (or signal) once it has exited. */
  exited(): Promise<number | string | null>;
  /** SIGKILL to the whole group, if still running (cleanup after a failure). */
  kill(): void;
};

export async function npmStart(env: Record<string, string>): Promise<NpmStart> {
  const npm = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let log = '';
  let consumed = 0;
  const waiters: { pattern: RegExp; resolve(line: string): void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(log.slice(consumed));
      if (!match) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(match[0]);
    }
  };
  npm.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    check();
  });
  const running = () => npm.exitCode === null && npm.signalCode === null;
  const waitForLog = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      waiters.push({ pattern, resolve });
      npm.once('exit', (code) => reject(new Error(`npm start exited (${code}) before logging ${pattern}:\n${log}`)));
      check();
    });
  const listening = await waitForLog(/Cardbook on http:\/\/localhost:(\d+)/);
  consumed = log.length;
  return {
    npm,
    port: Number(/:(\d+)/.exec(listening)?.[1]),
    waitForLog,
    exited: () =>
      new Promise((resolve) => {
        if (!running()) resolve(npm.exitCode ?? npm.signalCode);
        else npm.once('exit', (code, signal) => resolve(code ?? signal));
      }),
    kill: () => {
      if (running() && npm.pid) process.kill(-npm.pid, 'SIGKILL');
    },
  };
}
