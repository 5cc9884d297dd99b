import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthGrant } from '../../src/api';
import { call, createTestApp, type TestApp } from './helper';
import { DEMO_APP, DemoApp } from './oauth-app';
import { type User, userWithCard } from './social';

/**
 * Cardbook as an OAuth 2 authorisation server (server/oauth): a registered app asks for
 * card:read, the signed-in user allows it on the consent screen's calls, the app reads the card
 * with its token; revoking the grant refuses the token. The browser is played with fetch and a
 * cookie jar, the app with openid-client.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ oauthClients: [DEMO_APP] });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
});

/** A browser: cookies kept (by name; paths are the server's business), redirects followed by hand. */
class Browser {
  private readonly jar = new Map<string, string>();

  async fetch(url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
    const res = await fetch(new URL(url, origin), {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        lang: 'en-us',
        ...(init.token ? { token: init.token } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
}

/** The app sends the browser to /oauth/auth, which sends it on to the consent screen. */
async function requestAccess(browser: Browser, demo: DemoApp) {
  const res = await browser.fetch(await demo.authorizationUrl());
  expect(res.status).toBe(303);
  const confirm = new URL(res.headers.get('location') ?? '', origin);
  expect(confirm.pathname).toBe(`/oauth/confirm/web/${DEMO_APP.client_id}`);
  return { path: confirm.pathname, uid: confirm.searchParams.get('uid') ?? '' };
}

async function allow(browser: Browser, user: User, demo: DemoApp): Promise<string> {
  const { path, uid } = await requestAccess(browser, demo);
  const details = await browser.fetch(`${path}/interaction?uid=${uid}`, { token: user.token });
  expect(details.status).toBe(200);
  expect((await details.json()).data).toEqual({
    uid,
    app: { key: DEMO_APP.client_id, name: 'Demo CRM' },
    scopes: ['card:read'],
  });
  const decided = await browser.fetch(`${path}/interaction`, {
    method: 'POST',
    token: user.token,
    body: { uid, allow: true },
  });
  expect(decided.status).toBe(200);
  const { redirect } = (await decided.json()).data as { redirect: string };
  const resumed = await browser.fetch(redirect);
  expect(resumed.status).toBe(303);
  const callback = new URL(resumed.headers.get('location') ?? '');
  expect(callback.origin + callback.pathname).toBe(DEMO_APP.redirect_uris[0]);
  return demo.redeem(callback);
}

const apps = async (user: User) =>
  (await call<{ apps: OAuthGrant[] }>(t.app, 'GET', '/api/user/authorized_apps', undefined, { token: user.token })).body
    .data.apps;

describe('apps reading my card (OAuth 2)', () => {
  it('publishes its metadata with the card:read scope', async () => {
    const res = await fetch(`${origin}/oauth/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as { issuer: string; scopes_supported: string[] };
    expect(meta.issuer).toBe(`${origin}/oauth`);
    expect(meta.scopes_supported).toContain('card:read');
  });

  it('allowed, the app reads my card; revoked, its token is refused', async () => {
    const user = await userWithCard(t, 'Ada Lovelace');
    const demo = new DemoApp(origin);
    const token = await allow(new Browser(), user, demo);
    expect(await demo.readCard(token)).toEqual({ status: 200, name: 'Ada Lovelace' });

    // Allowed again (another device): still one entry for the app, and both tokens work.
    const second = await allow(new Browser(), user, new DemoApp(origin));
    expect((await demo.readCard(second)).status).toBe(200);
    const listed = await apps(user);
    expect(listed).toEqual([
      expect.objectContaining({ app: { key: 'demo-crm', name: 'Demo CRM' }, scopes: ['card:read'] }),
    ]);
    const revoked = await call(
      t.app,
      'POST',
      '/api/user/authorized_apps/revoke',
      { id: listed[0]?.id },
      {
        token: user.token,
      },
    );
    expect(revoked.status).toBe(200);
    expect(await apps(user)).toEqual([]);
    expect((await demo.readCard(token)).status).toBe(401);
    expect((await demo.readCard(second)).status).toBe(401);
  });

  it('denied, the app gets access_denied and no token', async () => {
    const user = await userWithCard(t, 'Denied Person');
    const browser = new Browser();
    const { path, uid } = await requestAccess(browser, new DemoApp(origin));
    const decided = await browser.fetch(`${path}/interaction`, {
      method: 'POST',
      token: user.token,
      body: { uid, allow: false },
    });
    const { redirect } = (await decided.json()).data as { redirect: string };
    const resumed = await browser.fetch(redirect);
    const callback = new URL(resumed.headers.get('location') ?? '');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(await apps(user)).toEqual([]);
  });

  it('a request is answered only in the browser it came from, and only to a signed-in user', async () => {
    const user = await userWithCard(t, 'Phished Person');
    const { path, uid } = await requestAccess(new Browser(), new DemoApp(origin));
    // The victim opens the attacker's consent link: no interaction cookie, nothing to allow.
    const victim = new Browser();
    const shown = await victim.fetch(`${path}/interaction?uid=${uid}`, { token: user.token });
    expect(shown.status).toBe(404);
    const allowed = await victim.fetch(`${path}/interaction`, {
      method: 'POST',
      token: user.token,
      body: { uid, allow: true },
    });
    expect(allowed.status).toBe(404);
    expect(await apps(user)).toEqual([]);

    const browser = new Browser();
    const own = await requestAccess(browser, new DemoApp(origin));
    expect((await browser.fetch(`${own.path}/interaction?uid=${own.uid}`)).status).toBe(401);
  });

  it('refuses a made-up token, and a user cannot revoke another user’s grant', async () => {
    const demo = new DemoApp(origin);
    expect((await demo.readCard('made-up-token')).status).toBe(401);
    const owner = await userWithCard(t, 'Grant Owner');
    const other = await userWithCard(t, 'Someone Else');
    const token = await allow(new Browser(), owner, demo);
    const [grant] = await apps(owner);
    const refused = await call(
      t.app,
      'POST',
      '/api/user/authorized_apps/revoke',
      { id: grant?.id },
      {
        token: other.token,
      },
    );
    expect(refused.status).toBe(404);
    expect((await demo.readCard(token)).status).toBe(200);
  });
});
