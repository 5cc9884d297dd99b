import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eServer, startServer } from './support/server';

/**
 * Issue 23 item 8: the built app (dist/, as `npm run build` makes it by default) publishes no
 * source maps: /assets/*.map is not found, and no file points at a map that is not there.
 */
const DIST = resolve('dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

let server: E2eServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('source maps', () => {
  const files = filesUnder(DIST);
  const scripts = files.filter((f) => /\.(js|mjs|css)$/.test(f));

  it('are not built', () => {
    expect(scripts.length).toBeGreaterThan(5);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('are not found under /assets/', async () => {
    const assets = scripts.filter((f) => f.startsWith(join(DIST, 'assets')));
    expect(assets.length).toBeGreaterThan(0);
    for (const file of assets) {
      const res = await fetch(`${server.url}/assets/${file.slice(join(DIST, 'assets').length + 1)}.map`);
      expect(res.status, file).toBe(404);
      await res.arrayBuffer();
    }
  });

  it('are pointed at by no file unless the map is there', () => {
    for (const file of scripts) {
      for (const [, target = ''] of readFileSync(file, 'utf8').matchAll(/[#@] sourceMappingURL=(\S+)/g)) {
        if (target.startsWith('data:')) continue;
        expect(existsSync(join(dirname(file), target)), `${file} → ${target}`).toBe(true);
      }
    }
  });
});
