import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/api/endpoint';
import { API_ENDPOINTS } from '../../src/api/endpoints';
import { createTestApp, type TestApp } from './helper';

/** The contract holds every endpoint once, and the server serves each as the contract says. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const endpoints: [string, Endpoint][] = Object.entries(API_ENDPOINTS).flatMap(([feature, calls]) =>
  Object.entries(calls as Record<string, Endpoint>).map(([name, e]): [string, Endpoint] => [`${feature}.${name}`, e]),
);

function sourcesUnder(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file: join(dir, file), text: readFileSync(join(dir, file), 'utf8') }));
}

describe('the API contract', () => {
  it('names each method and path once', () => {
    const keys = endpoints.map(([, e]) => `${e.method} ${e.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(endpoints)('%s is served with its method and path', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: e.path })).toBe(true);
  });

  it('is the only place a route of /api/* is registered', () => {
    const byHand = sourcesUnder('server/routes').flatMap(({ file, text }) =>
      [...text.matchAll(/\bapp\.(get|post|put|delete|route)\(\s*['`]\/api\//g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(byHand).toEqual([]);
  });

  it('is the only place the app writes a path of /api/*', () => {
    const written = ['src', 'workers', 'sw']
      .flatMap(sourcesUnder)
      .filter(({ file }) => !file.startsWith(join('src', 'api')))
      .flatMap(({ file, text }) => [...text.matchAll(/['`]\/api\/[^'`]*/g)].map((m) => `${file}: ${m[0]}`));
    expect(written).toEqual([]);
  });
});
