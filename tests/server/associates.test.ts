import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATES_MAX, type Associates, type LoginPayload } from '../../src/api';
import { call, createTestApp, registerUser, type TestApp } from './helper';

/** Associated accounts (src/api/associates.ts): link by signing in once, list, switch, unlink. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EN = 'en-us';
type User = Awaited<ReturnType<typeof registerUser>>;
const link = (from: User, to: { email: string; password?: string; code?: string }) =>
  call<Associates>(t.app, 'POST', '/api/user/associate', to, { token: from.token, lang: EN });
const list = (user: User) =>
  call<Associates>(t.app, 'GET', '/api/user/my_associate', undefined, { token: user.token, lang: EN });
const switchTo = (from: User, id: number) =>
  call<LoginPayload>(t.app, 'GET', `/api/user/associate_login/${id}`, undefined, { token: from.token, lang: EN });
const unlink = (from: User, id: number) =>
  call<Associates>(t.app, 'GET', `/api/user/dis_associate/${id}`, undefined, { token: from.token, lang: EN });
const profileOf = (token: string) =>
  call<{ user_id: number }>(t.app, 'GET', '/api/user/getProfile', undefined, { token });

describe('associated accounts', () => {
  it('links an account by its password, both ways, switches to it and back, and unlinks', async () => {
    const personal = await registerUser(t);
    const company = await registerUser(t);
    const linked = await link(personal, { email: company.email, password: company.password });
    expect(linked.status).toBe(200);
    expect(linked.body.msg).toBe('Account linked');
    expect(linked.body.data.accounts).toEqual([expect.objectContaining({ user_id: company.id, label: company.email })]);
    expect((await list(company)).body.data.accounts.map((a) => a.user_id)).toEqual([personal.id]);

    // Switching issues a session for the other account, without its password.
    const switched = await switchTo(personal, company.id);
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ id: company.id, email: company.email });
    expect((await profileOf(switched.body.data.token)).body.data.user_id).toBe(company.id);
    // And back, from the company account's new session.
    const back = await call<LoginPayload>(t.app, 'GET', `/api/user/associate_login/${personal.id}`, undefined, {
      token: switched.body.data.token,
    });
    expect(back.body.data.id).toBe(personal.id);

    // Unlinked from either side, neither can switch any more.
    const unlinked = await unlink(company, personal.id);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.accounts).toEqual([]);
    expect((await list(personal)).body.data.accounts).toEqual([]);
    const refused = await switchTo(personal, company.id);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('This account is not linked to yours');
  });

  it('refuses a wrong password, my own account, a second link, and switching to an account not linked', async () => {
    const ann = await registerUser(t);
    const ben = await registerUser(t);
    const eve = await registerUser(t);
    const wrong = await link(ann, { email: ben.email, password: 'not-his-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Wrong account or password');
    expect((await list(ann)).body.data.accounts).toEqual([]);
    const self = await link(ann, { email: ann.email, password: ann.password });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('This is the account you are signed in to');
    expect((await link(ann, { email: ben.email, password: ben.password })).status).toBe(200);
    const again = await link(ben, { email: ann.email, password: ann.password });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This account is already linked');

    // Eve is linked to nobody: nobody can switch to her, and she cannot switch to Ann.
    expect((await switchTo(ann, eve.id)).status).toBe(403);
    expect((await switchTo(eve, ann.id)).status).toBe(403);
    expect((await unlink(eve, ann.id)).status).toBe(404);
    // Ann and Ben are still linked after Eve's attempts.
    expect((await list(ben)).body.data.accounts.map((a) => a.user_id)).toEqual([ann.id]);
  });

  it('links by a login code too, and caps the number of links', async () => {
    const hub = await registerUser(t);
    for (let i = 0; i < ASSOCIATES_MAX; i += 1) {
      const other = await registerUser(t);
      await call(t.app, 'POST', '/api/sendVerifyCode', { email: other.email, scene: 'login' });
      const res = await link(hub, { email: other.email, code: t.sender.lastCode(other.email) ?? '' });
      expect(res.status).toBe(200);
    }
    const extra = await registerUser(t);
    const over = await link(hub, { email: extra.email, password: extra.password });
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe(`You can link at most ${ASSOCIATES_MAX} accounts`);
    expect((await list(hub)).body.data.accounts).toHaveLength(ASSOCIATES_MAX);
    expect((await list(extra)).body.data.accounts).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/api/user/my_associate')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/associate_login/1')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/dis_associate/1')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/user/associate', { email: 'a@b.co', password: 'x' })).status).toBe(401);
  });
});
