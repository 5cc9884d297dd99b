import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginMethods } from '../../src/api';
import { call, createTestApp, newEmail, registerUser, type TestApp } from './helper';

/** Login methods (src/api/login-methods.ts): list, bind an email or a mobile number by code, unbind. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EN = 'en-us';
const list = (token: string) =>
  call<LoginMethods>(t.app, 'GET', '/api/user/third/account_list', undefined, { token, lang: EN });
const sendBindCode = (token: string | undefined, account: Record<string, string>) =>
  call(t.app, 'POST', '/api/sendVerifyCode', { ...account, scene: 'bind' }, { token, lang: EN });
const bind = (token: string, body: Record<string, string>) =>
  call<LoginMethods>(t.app, 'POST', '/api/user/third/bind', body, { token, lang: EN });
const unbind = (token: string, id: number) =>
  call<LoginMethods>(t.app, 'GET', `/api/user/third/unbind/${id}`, undefined, { token, lang: EN });

let mobiles = 0;
/** A valid Hong Kong mobile number, new in this run (912x xxxx are all valid). */
function newMobile(): string {
  mobiles += 1;
  return `912${String((Date.now() + mobiles * 7919) % 1e5).padStart(5, '0')}`;
}

async function registerMobile(mobile = newMobile()) {
  await call(t.app, 'POST', '/api/sendVerifyCode', { area: 'hk', mobile, scene: 'register' });
  const code = t.sender.lastCode(`hk:${mobile}`);
  const res = await call<{ token: string; id: number }>(t.app, 'POST', '/api/register', {
    area: 'hk',
    mobile,
    password: 'secret-pass',
    code,
  });
  expect(res.status).toBe(200);
  return { ...res.body.data, mobile, password: 'secret-pass' };
}

async function bindEmail(token: string, email: string) {
  expect((await sendBindCode(token, { email })).status).toBe(200);
  return bind(token, { email, code: t.sender.lastCode(email) ?? '' });
}

describe('login methods', () => {
  it('adds an email to a mobile account by code, which then signs in; unbinds, never the last', async () => {
    const user = await registerMobile();
    const before = await list(user.token);
    expect(before.status).toBe(200);
    expect(before.body.data.methods).toEqual([
      expect.objectContaining({ kind: 'mobile', label: `+852 ${user.mobile.slice(0, 4)} ${user.mobile.slice(4)}` }),
    ]);
    expect(before.body.data).toMatchObject({ providers: [], password: true });

    const email = newEmail();
    const bound = await bindEmail(user.token, email);
    expect(bound.status).toBe(200);
    expect(bound.body.msg).toBe('Bound to your account');
    expect(bound.body.data.methods.map((m) => [m.kind, m.label])).toEqual([
      ['mobile', expect.stringContaining('+852')],
      ['email', email],
    ]);

    // The new email signs in to the same account, with the password and with a login code.
    const byPassword = await call<{ id: number }>(t.app, 'POST', '/api/login', { email, password: user.password });
    expect(byPassword.body.data.id).toBe(user.id);
    await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'login' });
    const byCode = await call<{ id: number; email: string }>(t.app, 'POST', '/api/login', {
      email,
      code: t.sender.lastCode(email),
    });
    expect(byCode.body.data).toMatchObject({ id: user.id, email });

    // Unbinding the mobile leaves the email; the email, now the last, stays.
    const mobileId = bound.body.data.methods.find((m) => m.kind === 'mobile')?.id ?? 0;
    const emailId = bound.body.data.methods.find((m) => m.kind === 'email')?.id ?? 0;
    const removed = await unbind(user.token, mobileId);
    expect(removed.status).toBe(200);
    expect(removed.body.data.methods.map((m) => m.kind)).toEqual(['email']);
    const last = await unbind(user.token, emailId);
    expect(last.status).toBe(400);
    expect(last.body.msg).toBe('This is your only way to sign in; add another before removing it');
    // The removed number no longer signs in.
    const gone = await call(t.app, 'POST', '/api/login', { area: 'hk', mobile: user.mobile, password: user.password });
    expect(gone.status).toBe(400);
  });

  it("refuses an address another account uses, one already mine, and another's method id", async () => {
    const ann = await registerUser(t);
    const ben = await registerUser(t);
    const taken = await sendBindCode(ben.token, { email: ann.email });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('This email or mobile number is already used by another account');
    expect(t.sender.lastMessage(ann.email)?.kind).toBe('code'); // her register code; nothing new sent
    const mine = await sendBindCode(ann.token, { email: ann.email });
    expect(mine.status).toBe(409);
    expect(mine.body.msg).toBe('This email or mobile number is already bound to your account');

    // Ann's method cannot be removed with Ben's token, nor can it be seen.
    const annMethods = (await list(ann.token)).body.data.methods;
    const annEmailId = annMethods[0]?.id ?? 0;
    expect((await bindEmail(ann.token, newEmail())).status).toBe(200);
    const foreign = await unbind(ben.token, annEmailId);
    expect(foreign.status).toBe(404);
    expect((await list(ann.token)).body.data.methods).toHaveLength(2);
    expect((await list(ben.token)).body.data.methods.map((m) => m.label)).toEqual([ben.email]);
  });

  it('refuses a code for the wrong address, a bind code without a session, and a race for one address', async () => {
    const ann = await registerUser(t);
    const ben = await registerUser(t);
    expect((await sendBindCode(undefined, { email: newEmail() })).status).toBe(401);

    const wanted = newEmail();
    expect((await sendBindCode(ann.token, { email: wanted })).status).toBe(200);
    const annCode = t.sender.lastCode(wanted) ?? '';
    const other = newEmail();
    const wrong = await bind(ann.token, { email: other, code: annCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The verification code is wrong or has expired');

    // Both ask for a code for the same free address; the first to bind it wins, the other is told.
    expect((await sendBindCode(ben.token, { email: wanted })).status).toBe(200);
    const benCode = t.sender.lastCode(wanted) ?? '';
    expect((await bind(ben.token, { email: wanted, code: benCode })).status).toBe(200);
    const late = await bind(ann.token, { email: wanted, code: annCode });
    expect(late.status).toBe(400); // Ben's request made her code stale
    expect((await sendBindCode(ann.token, { email: wanted })).status).toBe(409);
  });

  it('binds a mobile number to an email account, which then signs in by code', async () => {
    const ann = await registerUser(t);
    const mobile = newMobile();
    expect((await sendBindCode(ann.token, { area: 'hk', mobile })).status).toBe(200);
    const res = await bind(ann.token, { area: 'hk', mobile, code: t.sender.lastCode(`hk:${mobile}`) ?? '' });
    expect(res.status).toBe(200);
    await call(t.app, 'POST', '/api/sendVerifyCode', { area: 'hk', mobile, scene: 'login' });
    const signedIn = await call<{ id: number; mobile: string }>(t.app, 'POST', '/api/login', {
      area: 'hk',
      mobile,
      code: t.sender.lastCode(`hk:${mobile}`),
    });
    expect(signedIn.body.data).toMatchObject({ id: ann.id, mobile });
  });

  it('needs a signed-in user for every call', async () => {
    expect((await call(t.app, 'GET', '/api/user/third/account_list')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/third/unbind/1')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/user/third/bind', { email: newEmail(), code: '123456' })).status).toBe(401);
  });
});
