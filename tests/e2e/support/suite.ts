import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type E2eServer, type StartServerOptions, startServer } from './server';

/**
 * The set-up most end-to-end files share: a server and a Chromium for the whole file, started
 * before its tests and closed after them. The two values stand for the running instances (each
 * a forwarding view of what `beforeAll` started), so tests use them as they would the originals.
 */
export function serverAndBrowser(options: StartServerOptions = {}): { server: E2eServer; browser: Browser } {
  let server: E2eServer | null = null;
  let browser: Browser | null = null;
  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { server: started(() => server, 'server'), browser: started(() => browser, 'browser') };
}

function started<T extends object>(current: () => T | null, name: string): T {
  return new Proxy({} as T, {
    get(_, prop) {
      const target = current();
      if (!target) throw new Error(`the e2e ${name} is not started (use it inside a test)`);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
