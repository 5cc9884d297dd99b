import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';

/**
 * The operators' command talks to the running server over a Unix socket in DATA_DIR (mode
 * 0600): only someone with the server's files can use it, nothing listens on the network, and
 * the embedded database, which one process holds, is changed by that process. One JSON line
 * each way: {args} → {ok, output}.
 */
export type OperatorHandler = (args: string[]) => Promise<{ ok: boolean; output: string }>;

export async function startOperatorSocket(path: string, handle: OperatorHandler): Promise<Server | null> {
  if (existsSync(path)) {
    // Another process of a cluster on one PostgreSQL and one DATA_DIR serves it: any one may.
    if (await answers(path)) return null;
    // A socket file left by a server that did not stop cleanly: nobody answers on it.
    rmSync(path, { force: true });
  }
  const server = createServer((conn) => {
    let buffer = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end < 0) {
        if (buffer.length > 64 * 1024) conn.destroy();
        return;
      }
      let args: unknown;
      try {
        args = (JSON.parse(buffer.slice(0, end)) as { args?: unknown }).args;
      } catch {
        args = null;
      }
      const valid = Array.isArray(args) && args.every((a) => typeof a === 'string');
      const reply = valid ? handle(args as string[]) : Promise.resolve({ ok: false, output: 'bad request' });
      void reply
        .catch((err: unknown) => ({ ok: false, output: err instanceof Error ? err.message : String(err) }))
        .then((answer) => conn.end(`${JSON.stringify(answer)}\n`));
    });
    conn.on('error', () => undefined);
  });
  const listening = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      // Two processes of a cluster starting at once: the other one made it first.
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(error);
    });
    server.listen(path, () => resolve(true));
  });
  if (!listening) return null;
  chmodSync(path, 0o600);
  return server;
}

/** Sends one command to a running server's socket; null when none answers there. */
export function askOperatorSocket(path: string, args: string[]): Promise<{ ok: boolean; output: string } | null> {
  return new Promise((resolve) => {
    if (!existsSync(path)) {
      resolve(null);
      return;
    }
    const conn = createConnection(path);
    let data = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${JSON.stringify({ args })}\n`));
    conn.on('data', (chunk: string) => {
      data += chunk;
    });
    conn.on('end', () => {
      try {
        resolve(JSON.parse(data) as { ok: boolean; output: string });
      } catch {
        resolve(null);
      }
    });
    conn.on('error', () => resolve(null));
  });
}

async function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = createConnection(path);
    conn.on('connect', () => {
      conn.destroy();
      resolve(true);
    });
    conn.on('error', () => resolve(false));
  });
}
