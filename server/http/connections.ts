import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** How long a refused upgrade may take to flush its answer before the socket is dropped anyway. */
const REFUSAL_FLUSH_MS = 2000;

function pathOf(request: IncomingMessage): string {
  return (request.url ?? '/').split('?')[0] ?? '/';
}

/**
 * Node hands a request with `Upgrade:` headers to the server's 'upgrade' listeners and forgets
 * the socket: one nobody takes stays open (half-open after the client leaves) until the process
 * runs out of file descriptors. This is the server's one 'upgrade' listener: a path with a
 * handler (the embedded broker's /xc, /test/xc) gets it; any other upgrade is answered 404 and
 * its socket destroyed.
 */
export class UpgradeRouter {
  private readonly routes = new Map<string, UpgradeHandler>();

  constructor(server: Server) {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const handler = this.routes.get(pathOf(request));
      if (handler) handler(request, socket, head);
      else refuseUpgrade(socket, 404, 'Not Found');
    });
  }

  /** Routes upgrades on these exact paths to `handler`; the function returned takes them back. */
  route(paths: readonly string[], handler: UpgradeHandler): () => void {
    for (const path of paths) this.routes.set(path, handler);
    return () => {
      for (const path of paths) if (this.routes.get(path) === handler) this.routes.delete(path);
    };
  }
}

/** Answers an upgrade nobody takes with a plain HTTP status and closes the socket for good. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.on('error', () => socket.destroy());
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), REFUSAL_FLUSH_MS);
  timer.unref();
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => {
    clearTimeout(timer);
    socket.destroy();
  });
}

/**
 * Open TCP connections per remote address (MAX_CONNECTIONS_PER_IP; README): a connection
 * past the limit is closed at once, before a byte of it is read. Browsers keep about six per
 * origin plus a websocket, so the default leaves room for dozens of people behind one NAT
 * (an event's wifi) while one machine cannot hold the server's file descriptors. Behind a
 * proxy every connection comes from the proxy's address: there the proxy is what limits.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_IP = 256;

/** The machine itself (a local proxy, the benchmarks' thousand clients) is not limited. */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

export function limitConnectionsPerAddress(server: Server, max: number, exempt = isLoopback): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
