import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { type LicenceEntry, licences } from '../../scripts/vite-plugin-licenses';

/**
 * The About page's licence list (scripts/vite-plugin-licenses.ts) names every package in the
 * bundle: the app's own graph, the workers Vite bundles apart from it (jsQR reached only from a
 * worker was once missing), and a later build (the service worker's) adding to the same file.
 */
const FIXTURE = join(import.meta.dirname, 'fixtures/licences');
const out = mkdtempSync(join(tmpdir(), 'cardbook-licences-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const names = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as LicenceEntry[]).map((e) => e.name);

describe('the licences plugin', () => {
  it('lists the packages of the app and of its workers, then adds a later build’s', async () => {
    await build({
      configFile: false,
      root: FIXTURE,
      logLevel: 'silent',
      plugins: [licences()],
      build: { outDir: out, emptyOutDir: true, lib: { entry: 'main.ts', formats: ['es'], fileName: 'main' } },
    });
    const file = join(out, 'licenses.json');
    expect(names(file)).toEqual(['jsqr', 'zod']);
    const jsqr = (JSON.parse(readFileSync(file, 'utf8')) as LicenceEntry[]).find((e) => e.name === 'jsqr');
    expect(jsqr?.license).toBe('Apache-2.0');
    expect(jsqr?.text).toContain('Apache License');

    // A second build (as the service worker's) adds its packages and keeps the first's.
    const second = join(out, 'second');
    await build({
      configFile: false,
      root: FIXTURE,
      logLevel: 'silent',
      plugins: [licences({ addTo: file })],
      build: { outDir: second, lib: { entry: 'sw.ts', formats: ['es'], fileName: 'sw' } },
    });
    expect(names(file)).toEqual(['jsqr', 'workbox-window', 'zod']);
  });
});
