import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '../../server/metrics';
import { call, createTestApp, registerUser, type TestApp } from './helper';

let t: TestApp;
let server: Server;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  server = await serveMetrics(t.app.services.metrics, 0, '127.0.0.1');
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('metrics for Prometheus (METRICS_PORT)', () => {
  it('counts requests by route, sync mutations by outcome, pulls, and tells the broker and OCR queue', async () => {
    const user = await registerUser(t);
    expect((await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token })).status).toBe(200);
    const pushed = await call<{ results: { ok: boolean }[] }>(
      t.app,
      'POST',
      '/api/sync/push',
      {
        client_id: 'metrics-0001',
        mutations: [
          { id: 'metrics-0001-1', name: 'addGroup', args: { group_name: 'Fair' } },
          { id: 'metrics-0001-2', name: 'noSuchChange', args: {} },
        ],
      },
      { token: user.token },
    );
    expect(pushed.body.data.results.map((r) => r.ok)).toEqual([true, false]);
    expect(
      (await call(t.app, 'GET', '/api/sync/pull', undefined, { token: user.token, query: { cursor: '0' } })).status,
    ).toBe(200);
    // A path nobody routes is one series, not one per path.
    await call(t.app, 'GET', '/api/no/such/path/12345');

    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /cardbook_http_request_duration_seconds_count\{method="GET",route="\/api\/user\/getProfile",status="200"\} 1\n/,
    );
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/cardbook_sync_mutations_total\{outcome="applied"\} 1\n/);
    expect(text).toMatch(/cardbook_sync_mutations_total\{outcome="rejected"\} 1\n/);
    expect(text).toMatch(/cardbook_sync_pulls_total 1\n/);
    expect(text).toMatch(/cardbook_push_broker_connected 1\n/);
    expect(text).toMatch(/cardbook_ocr_waiting 0\n/);
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
