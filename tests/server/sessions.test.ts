import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskAddress, parseUserAgent, validTimeZone } from '../../server/services/session-device';
import type { SessionInfo } from '../../src/api';
import { call, createTestApp, registerUser, type TestApp } from './helper';

/** My sessions (src/api/sessions.ts): listed with this one marked; sign out everywhere else. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = async (email: string, password: string) =>
  (await call<{ token: string }>(t.app, 'POST', '/api/login', { email, password })).body.data.token;
const sessions = (token: string) =>
  call<{ sessions: SessionInfo[] }>(t.app, 'GET', '/api/user/sessions', undefined, { token });
const profile = (token: string) => call(t.app, 'GET', '/api/user/getProfile', undefined, { token });

const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('what each session was signed in from (to tell devices apart)', () => {
  it('records the browser and platform, the app’s time zone and the masked address at sign-in', async () => {
    const me = await registerUser(t);
    const signIn = (userAgent: string, zone: string | undefined, remoteAddress: string) =>
      call<{ token: string }>(
        t.app,
        'POST',
        '/api/login',
        { email: me.email, password: me.password },
        { remoteAddress, headers: { 'user-agent': userAgent, ...(zone ? { 'time-zone': zone } : {}) } },
      );
    const phone = (await signIn(PIXEL, 'Asia/Hong_Kong', '203.0.113.57')).body.data.token;
    await signIn(IPHONE, 'Europe/London', '2001:db8:85a3::8a2e:370:7334');
    await signIn('curl/8.5.0', 'Mars/Olympus_Mons', '::ffff:198.51.100.4');

    const listed = (await sessions(phone)).body.data.sessions;
    const mine = listed.find((s) => s.current);
    expect(mine).toMatchObject({
      browser: 'Chrome 126',
      platform: 'Android 14',
      time_zone: 'Asia/Hong_Kong',
      address: '203.0.113.*',
    });
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          browser: 'Safari 17',
          platform: 'iPhone, iOS 17.5',
          time_zone: 'Europe/London',
          address: '2001:db8:85a3:*',
        }),
        // A time zone nobody has is not kept; an IPv4 address in IPv6 form is masked as IPv4.
        expect.objectContaining({ browser: null, platform: null, time_zone: null, address: '198.51.100.*' }),
      ]),
    );
    // The session made at registration sent no time zone.
    expect(listed.filter((s) => s.time_zone === null && s.address === '127.0.0.*')).toHaveLength(1);
  });

  it('reads only what it knows', () => {
    expect(parseUserAgent('')).toEqual({ browser: null, platform: null });
    expect(validTimeZone('Asia/Hong_Kong')).toBe('Asia/Hong_Kong');
    expect(validTimeZone("Asia/Hong_Kong'; drop table users")).toBeNull();
    expect(validTimeZone('x'.repeat(100))).toBeNull();
    expect(maskAddress('127.0.0.1')).toBe('127.0.0.*');
    expect(maskAddress('::1')).toBe(':*');
    expect(maskAddress('not an address')).toBeNull();
  });
});

describe('my sessions', () => {
  it('lists my sessions only, and signs out every other one, keeping this one', async () => {
    const me = await registerUser(t);
    const phone = await login(me.email, me.password);
    const laptop = await login(me.email, me.password);
    const someoneElse = await registerUser(t);

    const listed = await sessions(phone);
    expect(listed.status).toBe(200);
    expect(listed.body.data.sessions).toHaveLength(3);
    expect(listed.body.data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(listed.body.data.sessions.every((s) => s.login_type === 2)).toBe(true);

    const out = await call<{ signed_out: number }>(
      t.app,
      'POST',
      '/api/user/sessions/sign_out_others',
      {},
      { token: phone, lang: 'en-us' },
    );
    expect(out.body).toMatchObject({ code: 200, msg: 'Signed out everywhere else', data: { signed_out: 2 } });
    expect((await profile(laptop)).status).toBe(401);
    expect((await profile(me.token)).status).toBe(401);
    expect((await profile(phone)).status).toBe(200);
    expect((await sessions(phone)).body.data.sessions).toEqual([expect.objectContaining({ current: true })]);
    // Nobody else was touched.
    expect((await profile(someoneElse.token)).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/api/user/sessions')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/user/sessions/sign_out_others', {})).status).toBe(401);
  });
});
