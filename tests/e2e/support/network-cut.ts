import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/**
 * A way to the server that a test can cut, as a real network goes away: a TCP relay in front
 * of `target` whose connections are all closed when cut, and new ones reset until restored.
 *
 * Playwright's `context.setOffline` is emulation applied to each page and worker after it
 * starts; a service worker woken by a `sync` event (or a worker started as a page loads) can
 * send a request before the emulation reaches it. A test that must hold changes offline until it
 * says so cuts this relay too, so nothing gets through whoever sends it.
 */
export interface NetworkCut {
  /** The relay's origin, to use as the context's base URL. */
  readonly url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function networkCut(target: string): Promise<NetworkCut> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let cut = false;
  const relay = createServer((client) => {
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, hostname, resolve));
  const { port: relayPort } = relay.address() as AddressInfo;
  return {
    url: `http://${hostname}:${relayPort}`,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
