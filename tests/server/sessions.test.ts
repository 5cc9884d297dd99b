import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
