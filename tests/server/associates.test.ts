import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { ASSOCIATES_MAX, type Associates, type LoginPayload } from '../../src/api';
import { call, createTestApp, registerUser, type TestApp } from './helper';

/** Associated accounts (src/api/associates.ts): link by signing in once, list, switch, unlink. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: { points: 100, seconds: 3600 } } });
});
afterAll(async () => {
  await t.close();
});

const EN = 'en-us';
type User = Awaited<ReturnType<typeof registerUser>>;
type Credentials = { email: string; password?: string; code?: string };
/** Links as the account's owner would: the signed-in account's own password goes with the other's credentials. */
const link = (from: User, to: Credentials) =>
  call<Associates>(
    t.app,
    'POST',
    '/api/user/associate',
    { ...to, current_password: from.password },
    { token: from.token, lang: EN },
  );
/** Links with whatever the caller knows of the signed-in account (a thief: its session only). */
const linkAs = (token: string, body: Record<string, unknown>, remoteAddress?: string) =>
  call<Associates>(t.app, 'POST', '/api/user/associate', body, { token, lang: EN, remoteAddress });
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

  it('refuses a stolen session: linking proves the signed-in account’s own password too', async () => {
    const victim = await registerUser(t);
    const thief = await registerUser(t, undefined, 'the-thief-own-pass');
    const theirs = { email: thief.email, password: thief.password };
    // The thief holds the victim's session and knows only their own credentials: 12 attempts.
    const from = '198.51.100.7';
    const attempts = [
      await linkAs(victim.token, theirs, from),
      await linkAs(victim.token, { ...theirs, current_code: '123456' }, from),
      await linkAs(victim.token, { ...theirs, current_password: thief.password }, from),
    ];
    for (let i = 0; i < 9; i += 1) {
      attempts.push(await linkAs(victim.token, { ...theirs, current_password: `guess-${i}-password` }, from));
    }
    expect(attempts).toHaveLength(12);
    const held = attempts.filter((a) => a.status === 400 || a.status === 429);
    expect(held).toHaveLength(12);
    expect(attempts[0]?.body.msg).toContain('current_password');
    expect(attempts[1]?.body.msg).toBe('The password of the account you are signed in to is wrong');
    expect(attempts[2]?.body.msg).toBe('The password of the account you are signed in to is wrong');
    // The wrong passwords count as sign-in attempts of the victim's account: the burst is cut off.
    expect(attempts.at(-1)?.status).toBe(429);
    expect((await list(victim)).body.data.accounts).toEqual([]);
    expect((await list(thief)).body.data.accounts).toEqual([]);
    expect((await switchTo(thief, victim.id)).status).toBe(403);
  });

  it('an account with no password proves itself with a fresh code sent to its own address', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    await t.app.services.db.query('update users set password_hash = null where id = $1', [owner.id]);
    const theirs = { email: other.email, password: other.password };
    const wrong = await linkAs(owner.token, { ...theirs, current_code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The code sent to the account you are signed in to is wrong or has expired');
    const noCode = await linkAs(owner.token, { ...theirs, current_password: 'anything-at-all' });
    expect(noCode.body.msg).toBe('The code sent to the account you are signed in to is wrong or has expired');
    expect((await list(owner)).body.data.accounts).toEqual([]);

    await call(t.app, 'POST', '/api/sendVerifyCode', { email: owner.email, scene: 'login' });
    const code = t.sender.lastCode(owner.email) ?? '';
    const linked = await linkAs(owner.token, { ...theirs, current_code: code });
    expect(linked.status).toBe(200);
    expect(linked.body.data.accounts.map((a) => a.user_id)).toEqual([other.id]);
    // The code is used up.
    await call(t.app, 'GET', `/api/user/dis_associate/${other.id}`, undefined, { token: owner.token });
    expect((await linkAs(owner.token, { ...theirs, current_code: code })).status).toBe(400);
  });

  describe('a password change, a reset, or signing out everywhere else ends every link into the account', () => {
    /** A link from the thief's account into the victim's, and a session the thief already took across it. */
    async function linked() {
      const victim = await registerUser(t);
      const thief = await registerUser(t);
      expect((await link(thief, { email: victim.email, password: victim.password })).status).toBe(200);
      const taken = await switchTo(thief, victim.id);
      expect(taken.body.data.id).toBe(victim.id);
      return { victim, thief, taken: taken.body.data.token };
    }
    async function expectEnded(victim: User, thief: User, taken: string) {
      const refused = await switchTo(thief, victim.id);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('This account is not linked to yours');
      expect((await profileOf(taken)).status).toBe(401);
      expect((await list(thief)).body.data.accounts).toEqual([]);
      expect((await list(victim)).body.data.accounts).toEqual([]);
    }

    it('after a password change', async () => {
      const { victim, thief, taken } = await linked();
      const changed = await call(
        t.app,
        'POST',
        '/api/user/modifyPwd',
        { old_password: victim.password, password: 'brand-new-pass' },
        { token: victim.token },
      );
      expect(changed.status).toBe(200);
      await expectEnded({ ...victim, password: 'brand-new-pass' }, thief, taken);
    });

    it('after a password reset', async () => {
      const { victim, thief, taken } = await linked();
      await call(t.app, 'POST', '/api/sendVerifyCode', { email: victim.email, scene: 'reset' });
      const reset = await call(t.app, 'POST', '/api/user/resetPwd', {
        email: victim.email,
        code: t.sender.lastCode(victim.email) ?? '',
        password: 'reset-new-pass',
      });
      expect(reset.status).toBe(200);
      const fresh = await call<LoginPayload>(t.app, 'POST', '/api/login', {
        email: victim.email,
        password: 'reset-new-pass',
      });
      await expectEnded({ ...victim, token: fresh.body.data.token }, thief, taken);
    });

    it('after signing out everywhere else', async () => {
      const { victim, thief, taken } = await linked();
      const out = await call(t.app, 'POST', '/api/user/sessions/sign_out_others', {}, { token: victim.token });
      expect(out.status).toBe(200);
      await expectEnded(victim, thief, taken);
    });
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/api/user/my_associate')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/associate_login/1')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/dis_associate/1')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/user/associate', { email: 'a@b.co', password: 'x' })).status).toBe(401);
  });
});
