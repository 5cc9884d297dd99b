import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverText } from '../../server/i18n';
import { LANG_HEADER, LOCALES } from '../../src/i18n/langs';
import { call, createTestApp, newEmail, registerUser, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every route of the app as "METHOD /path", read from Fastify's own route tree. */
function allRoutes(): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)[└├]── (\S+) \(([A-Z, ]+)\)/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + m[2];
    parents[depth] = path;
    for (const method of (m[3] ?? '').split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The routes a visitor may call; every other /api route is for signed-in users only. */
const OPEN_ROUTES = new Set([
  'POST /api/sendVerifyCode',
  'POST /api/register',
  'POST /api/login',
  'GET /api/auth/providers',
  'POST /api/auth/start',
  'POST /api/auth',
  'POST /api/card/physical_open',
  'GET /api/policy/:type',
  'GET /api/site',
  'POST /api/user/resetPwd',
  'POST /api/breatvUrl',
  'GET /api/get_time',
  'GET /api/share/vcf/:key/1',
  'GET /api/card/cardInfo/:share_key',
  'GET /api/card/copyKey',
  'GET /api/card/companyInfo/:shareStr',
  'GET /api/card/user_card_info/:key',
  'GET /api/card/user_card_info/:key/1',
]);

describe('authentication comes before validation', () => {
  const signedInRoutes = () => allRoutes().filter((r) => r.includes(' /api/') && !OPEN_ROUTES.has(r));

  it('finds the signed-in routes in the route table', () => {
    const routes = signedInRoutes();
    expect(routes).toContain('POST /api/card/create');
    expect(routes).toContain('GET /api/friend/moveToGroup/:acceptId/:fromGroupId/:toGroupId');
    expect(routes.length).toBeGreaterThan(30);
  });

  it('answers 401 to a visitor on every signed-in route, whatever the body or parameters', async () => {
    const refusals: string[] = [];
    type Request = { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; payload?: string };
    const expect401 = async (route: string, request: Request) => {
      const res = await t.app.inject(request);
      const body = res.json() as { code: number; msg: string };
      if (res.statusCode !== 401 || body.code !== 401 || body.msg !== serverText('en', 'loginRequired')) {
        refusals.push(`${route}: ${res.statusCode} ${body.msg}`);
      }
    };
    for (const route of signedInRoutes()) {
      const [method, path = ''] = route.split(' ') as ['GET' | 'POST', string];
      // Path parameters that are not numbers, an unknown query field: all bad input.
      const url = `${path.replace(/:\w+/g, 'not-a-number')}?bogus=1`;
      const headers = { lang: 'en-us', 'content-type': 'application/json' };
      if (method === 'GET') {
        await expect401(route, { method, url, headers: { lang: 'en-us' } });
        continue;
      }
      await expect401(route, { method, url, headers, payload: '' });
      await expect401(route, { method, url, headers, payload: '{}' });
      await expect401(route, { method, url, headers, payload: '{"bogus": [1, 2' });
      // A dead token is no better than none.
      await expect401(route, { method, url, headers: { ...headers, token: 'x'.repeat(43) }, payload: '{}' });
    }
    expect(refusals).toEqual([]);
  });

  it('still validates the body of a signed-in caller', async () => {
    const user = await registerUser(t);
    const res = await call(t.app, 'POST', '/api/card/create', {}, { token: user.token, lang: 'en-us' });
    expect(res.status).toBe(400);
  });
});

describe('sign-up does not tell whether an address has an account', () => {
  it('answers sendVerifyCode and a made-up code the same for a known and a new address', async () => {
    const known = await registerUser(t);
    const fresh = newEmail();
    const answers = async (email: string) => ({
      sent: await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'register' }, { lang: 'en-us' }),
      registered: await call(
        t.app,
        'POST',
        '/api/register',
        { email, password: 'made-up-pass', code: '123456' },
        { lang: 'en-us' },
      ),
    });
    const forKnown = await answers(known.email);
    const forFresh = await answers(fresh);
    expect(forKnown).toEqual(forFresh);
    expect(forKnown.sent).toEqual({
      status: 200,
      body: { code: 200, msg: 'The verification code has been sent', data: null },
    });
    expect(forKnown.registered.status).toBe(400);
    // The known address still signs in with its own password.
    expect((await call(t.app, 'POST', '/api/login', { email: known.email, password: known.password })).status).toBe(
      200,
    );
  });

  it('tells the address itself that it already has an account, and how to sign in or reset', async () => {
    const known = await registerUser(t);
    const codeBefore = t.sender.lastCode(known.email);
    await call(t.app, 'POST', '/api/sendVerifyCode', { email: known.email, scene: 'register' }, { lang: 'en-us' });
    expect(t.sender.lastMessage(known.email)).toEqual({
      kind: 'accountExists',
      to: { kind: 'email', email: known.email },
      locale: 'en',
    });
    expect(t.sender.lastCode(known.email)).toBe(codeBefore); // no new register code was made
    const notice = serverText('en', 'accountExistsNotice');
    expect(notice).toMatch(/already has a Cardbook account/);
    expect(notice).toMatch(/Sign in/);
    expect(notice).toMatch(/Forgot password/);
  });

  it('sends a new address its code', async () => {
    const email = newEmail();
    await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'register' });
    expect(t.sender.lastMessage(email)).toMatchObject({ kind: 'code', scene: 'register' });
    expect(t.sender.lastCode(email)).toMatch(/^\d{6}$/);
  });
});

describe('lang header', () => {
  const msgFor = async (lang: string) =>
    (await call(t.app, 'POST', '/api/login', { email: 'not-an-email', password: 'x' }, { lang })).body.msg;

  it('accepts the short codes and the long forms, in any case', async () => {
    for (const locale of LOCALES) {
      const expected = await msgFor(LANG_HEADER[locale]);
      expect(await msgFor(locale), locale).toBe(expected);
      expect(await msgFor(locale.toUpperCase()), locale).toBe(expected);
      expect(await msgFor(LANG_HEADER[locale].toUpperCase()), locale).toBe(expected);
    }
    expect(await msgFor('en')).toMatch(/email/i);
    expect(await msgFor('en')).not.toBe(await msgFor('hk'));
    expect(await msgFor('jp')).not.toBe(await msgFor('cn'));
  });

  it('answers Traditional Chinese to an unknown or missing language', async () => {
    const hk = await msgFor('zh-tw');
    expect(await msgFor('fr')).toBe(hk);
    expect((await call(t.app, 'POST', '/api/login', { email: 'not-an-email', password: 'x' })).body.msg).toBe(hk);
  });
});
