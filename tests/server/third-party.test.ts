import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginMethods, ThirdPartyProvider, ThirdPartyResult } from '../../src/api';
import { type Answer, call, createTestApp, registerUser, type TestApp } from './helper';
import { signInAtUpstream, startUpstreamIdp, type UpstreamIdp } from './upstream-idp';

/**
 * Google and Facebook sign-in and binding (POST /api/auth/start, POST /api/auth), the whole flow
 * against a real OpenID Connect provider started here: Google through discovery and ID tokens,
 * Facebook through the plain OAuth 2 path and a profile URL.
 */
const ORIGIN = 'http://cardbook.test';
let idp: UpstreamIdp;
let t: TestApp;
beforeAll(async () => {
  idp = await startUpstreamIdp();
  idp.allow(ORIGIN);
  t = await createTestApp({ thirdParty: idp.thirdParty, publicUrl: ORIGIN });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const EN = 'en-us';

async function start(provider: ThirdPartyProvider, intent: 'login' | 'bind', token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/start',
    headers: { lang: EN, ...(token ? { token } : {}) },
    payload: { provider, intent },
  });
  const cookie = res.cookies.find((c) => c.name === 'cardbook_oauth');
  return { status: res.statusCode, url: res.json().data?.url as string, cookie: cookie?.value };
}

async function finish(provider: ThirdPartyProvider, query: string, cookie?: string, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { lang: EN, ...(token ? { token } : {}), ...(cookie ? { cookie: `cardbook_oauth=${cookie}` } : {}) },
    payload: { provider, query },
  });
  return { status: res.statusCode, body: res.json() } as Answer<ThirdPartyResult>;
}

/** Starts, signs in at the provider as `login`, and hands the callback back, as the app does. */
async function flow(provider: ThirdPartyProvider, intent: 'login' | 'bind', login: string, token?: string) {
  const started = await start(provider, intent, token);
  expect(started.status).toBe(200);
  const callback = await signInAtUpstream(started.url, login, `${ORIGIN}/auth/${provider}/callback`);
  const query = callback.search.slice(1);
  return { query, cookie: started.cookie, answer: await finish(provider, query, started.cookie, token) };
}

const methods = async (token: string) =>
  (await call<LoginMethods>(t.app, 'GET', '/api/user/third/account_list', undefined, { token })).body.data;

describe('third-party sign-in', () => {
  it('lists the configured providers, and none on a server without them', async () => {
    expect((await call(t.app, 'GET', '/api/auth/providers')).body.data).toEqual({ providers: ['facebook', 'google'] });
    const plain = await createTestApp();
    try {
      expect((await call(plain.app, 'GET', '/api/auth/providers')).body.data).toEqual({ providers: [] });
      const refused = await call(plain.app, 'POST', '/api/auth/start', { provider: 'google', intent: 'login' });
      expect(refused.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('sends the browser out with PKCE and a state, redirecting back to our callback page', async () => {
    const started = await start('google', 'login');
    const url = new URL(started.url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/auth/google/callback`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(started.cookie).toBeTruthy();
  });

  it('signs up with Google: no password, login type 4; the next sign-in finds the same account', async () => {
    const first = await flow('google', 'login', 'gina');
    expect(first.answer.status).toBe(200);
    const data = first.answer.body.data;
    if (data.intent !== 'login') throw new Error('expected a session');
    expect(data.created).toBe(true);
    expect(data.session).toMatchObject({
      fullName: 'Person gina',
      password: false,
      login_type: 4,
      email: 'gina@idp.test',
    });
    expect((await methods(data.session.token)).methods).toEqual([
      expect.objectContaining({ kind: 'google', label: 'gina@idp.test' }),
    ]);

    const again = await flow('google', 'login', 'gina');
    const second = again.answer.body.data;
    if (second.intent !== 'login') throw new Error('expected a session');
    expect(second).toMatchObject({ created: false, session: { id: data.session.id, login_type: 4 } });

    // A callback is redeemed once; and only in the browser that started it.
    const replay = await finish('google', again.query, again.cookie);
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toMatch(/expired/);
    const started = await start('google', 'login');
    const callback = await signInAtUpstream(started.url, 'gina', `${ORIGIN}/auth/google/callback`);
    const elsewhere = await finish('google', callback.search.slice(1), 'another-browser');
    expect(elsewhere.status).toBe(400);
    const stolen = await finish('google', callback.search.slice(1));
    expect(stolen.status).toBe(400);
  });

  it('signs in with Facebook through the plain OAuth 2 path and its profile URL', async () => {
    const { answer } = await flow('facebook', 'login', 'fay');
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    if (data.intent !== 'login') throw new Error('expected a session');
    expect(data).toMatchObject({ created: true, session: { fullName: 'Person fay', login_type: 4 } });
    expect((await methods(data.session.token)).methods).toEqual([
      expect.objectContaining({ kind: 'facebook', label: 'fay@idp.test' }),
    ]);
  });

  it('binds Google to an account, which then signs in with it, and unbinds it', async () => {
    const user = await registerUser(t);
    const refused = await start('google', 'bind');
    expect(refused.status).toBe(401);

    const bound = await flow('google', 'bind', 'bound-one', user.token);
    expect(bound.answer.status).toBe(200);
    expect(bound.answer.body).toMatchObject({ data: { intent: 'bind' }, msg: 'Bound to your account' });
    const list = await methods(user.token);
    const google = list.methods.find((m) => m.kind === 'google');
    expect(google?.label).toBe('bound-one@idp.test');

    const signIn = await flow('google', 'login', 'bound-one');
    expect(signIn.answer.body.data).toMatchObject({ intent: 'login', created: false, session: { id: user.id } });

    // Bound twice, to me or to someone else: refused, clearly.
    const twice = await flow('google', 'bind', 'bound-one', user.token);
    expect(twice.answer.status).toBe(409);
    const other = await registerUser(t);
    const taken = await flow('google', 'bind', 'bound-one', other.token);
    expect(taken.answer.status).toBe(409);
    expect(taken.answer.body.msg).toBe('This account is already bound to another Cardbook account');

    const unbound = await call(t.app, 'GET', `/api/user/third/unbind/${google?.id}`, undefined, { token: user.token });
    expect(unbound.status).toBe(200);
    const afterwards = await flow('google', 'login', 'bound-one');
    expect(afterwards.answer.body.data).toMatchObject({ intent: 'login', created: true });
    if (afterwards.answer.body.data.intent === 'login') {
      expect(afterwards.answer.body.data.session.id).not.toBe(user.id);
    }
  });

  it('a bind finished with another account’s token is refused', async () => {
    const owner = await registerUser(t);
    const intruder = await registerUser(t);
    const started = await start('google', 'bind', owner.token);
    const callback = await signInAtUpstream(started.url, 'swapped', `${ORIGIN}/auth/google/callback`);
    const answer = await finish('google', callback.search.slice(1), started.cookie, intruder.token);
    expect(answer.status).toBe(401);
    expect((await methods(intruder.token)).methods.some((m) => m.kind === 'google')).toBe(false);
  });

  it('never joins a new sign-in to an account by its email alone', async () => {
    const user = await registerUser(t);
    const { answer } = await flow('google', 'login', user.email);
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toMatch(/already uses this email/);
  });

  it('a cancelled sign-in says so', async () => {
    const started = await start('facebook', 'login');
    const state = new URL(started.url).searchParams.get('state') ?? '';
    const answer = await finish('facebook', `error=access_denied&state=${state}`, started.cookie);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('Sign-in was cancelled');
  });
});
