import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { openDb } from '../../server/db/db';
import { LogSender } from '../../server/mail/sender';
import { DEMO_APP } from './oauth-app';

/**
 * Issue 23 item 5: the authorisation server's answers (/oauth/*, written by oidc-provider past
 * Fastify) carry the security headers every other answer does. The app trusts a proxy here, so
 * an answer "over TLS" (X-Forwarded-Proto: https) must carry HSTS too.
 */
let app: App;
let blobDir: string;
beforeAll(async () => {
  blobDir = mkdtempSync(join(tmpdir(), 'cardbook-blobs-'));
  const db = await openDb({ engine: 'pglite' });
  app = await buildApp({ db, blobDir, sender: new LogSender(), trustProxy: true, oauthClients: [DEMO_APP] });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(blobDir, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const redirect = DEMO_APP.redirect_uris[0] ?? '';
const authorize = (extra: Record<string, string>) =>
  `/oauth/auth?${new URLSearchParams({
    client_id: DEMO_APP.client_id,
    redirect_uri: redirect,
    response_type: 'code',
    scope: 'card:read',
    state: 'st',
    ...extra,
  })}`;

type Kind = { method: 'GET' | 'POST'; url: string; status: number; type?: RegExp; payload?: string };

const kinds: Record<string, Kind> = {
  discovery: { method: 'GET', url: '/oauth/.well-known/openid-configuration', status: 200, type: /json/ },
  keys: { method: 'GET', url: '/oauth/jwks', status: 200, type: /json/ },
  'authorize (on to the consent screen)': { method: 'GET', url: authorize({}), status: 303 },
  'authorize, its error page': {
    method: 'GET',
    url: '/oauth/auth?client_id=nobody&response_type=code&scope=card%3Aread',
    status: 400,
    type: /html/,
  },
  'authorize, its form_post page': {
    method: 'GET',
    url: authorize({ prompt: 'none', response_mode: 'form_post' }),
    status: 400,
    type: /html/,
  },
  token: {
    method: 'POST',
    url: '/oauth/token',
    status: 401,
    type: /json/,
    payload: 'grant_type=authorization_code&code=made-up&client_id=demo-crm&client_secret=wrong',
  },
  'end-session page': { method: 'GET', url: '/oauth/session/end', status: 200, type: /html/ },
  'not found': { method: 'GET', url: '/oauth/nothing-here', status: 404 },
};

describe('security headers on the authorisation server’s answers', () => {
  it.each(Object.entries(kinds))('%s', async (_, kind) => {
    for (const https of [false, true]) {
      const res = await app.inject({
        method: kind.method,
        url: kind.url,
        headers: {
          ...(https ? { 'x-forwarded-proto': 'https' } : {}),
          ...(kind.payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        payload: kind.payload,
      });
      expect(res.statusCode).toBe(kind.status);
      if (kind.type) expect(String(res.headers['content-type'])).toMatch(kind.type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')?.slice(0, 2)).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('form-action')).toEqual(["'self'", 'http://demo-app.test']);
      for (const values of csp.values()) expect(values).not.toContain("'unsafe-inline'");
      expect(res.headers['strict-transport-security']).toBe(https ? 'max-age=31536000' : undefined);
    }
  });

  it('the form_post page’s one inline script is allowed by its hash, nothing else inline', async () => {
    const res = await app.inject({ method: 'GET', url: authorize({ prompt: 'none', response_mode: 'form_post' }) });
    expect(res.body).toContain(`action="${redirect}"`);
    const scripts = directives(String(res.headers['content-security-policy'])).get('script-src') ?? [];
    expect(scripts).toHaveLength(3);
    expect(scripts[2]).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  });

  it('the rest of the app keeps form-action to its own origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/get_time' });
    expect(directives(String(res.headers['content-security-policy'])).get('form-action')).toEqual(["'self'"]);
  });
});
