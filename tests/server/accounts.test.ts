import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, multipart, newEmail, registerUser, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (body: Record<string, unknown>, lang?: string) =>
  call<{ token: string; id: number; password: boolean; login_type: number }>(t.app, 'POST', '/api/login', body, {
    lang,
  });

describe('register and sign in', () => {
  it('registers with email and code, answering the login payload', async () => {
    const email = newEmail();
    const sent = await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'register' }, { lang: 'en-us' });
    expect(sent.body).toMatchObject({ code: 200, msg: 'The verification code has been sent' });
    const code = t.sender.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const res = await call(t.app, 'POST', '/api/register', { email, password: 'hunter22', code, name: '陳大文' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.msg).toBe('註冊成功'); // zh-tw when no lang header
    expect(res.body.data).toMatchObject({ fullName: '陳大文', email, password: true, login_type: 2, avatar: '' });
    expect((res.body.data as { token: string }).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong code and a used code', async () => {
    const email = newEmail();
    await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'register' });
    const code = t.sender.lastCode(email) as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call(
      t.app,
      'POST',
      '/api/register',
      { email, password: 'hunter22', code: wrong },
      { lang: 'en-us' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('The verification code is wrong or has expired');
    expect((await call(t.app, 'POST', '/api/register', { email, password: 'hunter22', code })).status).toBe(200);
    const again = await call(t.app, 'POST', '/api/register', { email, password: 'hunter22', code });
    expect(again.status).toBe(400); // a used code is a wrong code, whether or not the account exists
  });

  it('registers a Hong Kong mobile number', async () => {
    // 912x xxxx is always a valid Hong Kong mobile (not every 9xxx xxxx is).
    const mobile = `912${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    await call(t.app, 'POST', '/api/sendVerifyCode', { area: 'hk', mobile, scene: 'register' });
    const code = t.sender.lastCode(`hk:${mobile}`);
    const res = await call(t.app, 'POST', '/api/register', { area: 'hk', mobile, password: 'hunter22', code });
    expect(res.body.data).toMatchObject({ area: 'hk', mobile });
    const again = await login({ area: 'hk', mobile, password: 'hunter22' });
    expect(again.status).toBe(200);
  });

  it('logs in with the password', async () => {
    const user = await registerUser(t);
    const res = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, password: true, login_type: 2 });
    expect(res.body.data.token).not.toBe(user.token);
  });

  it('refuses a wrong password without telling whether the account exists', async () => {
    const user = await registerUser(t);
    const wrong = await login({ email: user.email, password: 'not-the-password' }, 'en-us');
    const unknown = await login({ email: newEmail(), password: 'not-the-password' }, 'en-us');
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Wrong account or password');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('logs in with a code', async () => {
    const user = await registerUser(t);
    const sent = await call(t.app, 'POST', '/api/sendVerifyCode', { email: user.email, scene: 'login' });
    expect(sent.status).toBe(200);
    const code = t.sender.lastCode(user.email);
    const res = await login({ email: user.email, code });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, login_type: 1 });
    // A code works once.
    expect((await login({ email: user.email, code })).status).toBe(400);
  });
});

describe('passwords', () => {
  it('changes the password: the old one stops working, other sessions end, this one stays', async () => {
    const user = await registerUser(t);
    const other = await login({ email: user.email, password: user.password });
    const wrongOld = await call(
      t.app,
      'POST',
      '/api/user/modifyPwd',
      { old_password: 'nope-nope', password: 'brand-new' },
      { token: user.token, lang: 'en-us' },
    );
    expect(wrongOld.body.msg).toBe('The current password is wrong');
    const res = await call(
      t.app,
      'POST',
      '/api/user/modifyPwd',
      { old_password: user.password, password: 'brand-new' },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect((await login({ email: user.email, password: user.password })).status).toBe(400);
    expect((await login({ email: user.email, password: 'brand-new' })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: other.body.data.token })).status).toBe(
      401,
    );
  });

  it('resets a forgotten password with a code and ends every session', async () => {
    const user = await registerUser(t);
    await call(t.app, 'POST', '/api/sendVerifyCode', { email: user.email, scene: 'reset' });
    const code = t.sender.lastCode(user.email);
    const res = await call(t.app, 'POST', '/api/user/resetPwd', { email: user.email, code, password: 'reset-pass' });
    expect(res.status).toBe(200);
    expect((await login({ email: user.email, password: 'reset-pass' })).status).toBe(200);
    expect((await login({ email: user.email, password: user.password })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token })).status).toBe(401);
  });

  it('sends no reset code for an account that does not exist, with the same answer', async () => {
    const email = newEmail();
    const res = await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'reset' });
    expect(res.status).toBe(200);
    expect(t.sender.lastCode(email)).toBeUndefined();
  });

  it('stores only argon2id hashes', async () => {
    const user = await registerUser(t, newEmail(), 'plain-text-secret');
    const [row] = await t.app.services.db.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [user.id],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain('plain-text-secret');
  });
});

describe('profile', () => {
  it('reads and edits the profile; only the fields sent change', async () => {
    const user = await registerUser(t);
    const edit = await call(
      t.app,
      'POST',
      '/api/user/setProfile',
      { fullName: 'Chan Tai Man', sex: 1, age: 30, birth: '1994-05-06', profile: 'Hello' },
      { token: user.token },
    );
    expect(edit.status).toBe(200);
    await call(t.app, 'POST', '/api/user/setProfile', { english_name: 'Peter' }, { token: user.token });
    const res = await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token });
    expect(res.body.data).toMatchObject({
      user_id: user.id,
      fullName: 'Chan Tai Man',
      english_name: 'Peter',
      sex: 1,
      age: 30,
      birth: '1994-05-06',
      profile: 'Hello',
      tipEditPassword: false,
    });
  });

  it('refuses text PostgreSQL cannot store (NUL) as bad input, not a server error', async () => {
    const user = await registerUser(t);
    const res = await call(
      t.app,
      'POST',
      '/api/user/setProfile',
      { profile: 'a\u0000b' },
      { token: user.token, lang: 'en-us' },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('profile');
  });

  it('answers 401 without a token, with the SPEC message', async () => {
    const res = await call(t.app, 'GET', '/api/user/getProfile', undefined, { lang: 'en-us' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: 'Please login again', data: null });
  });

  it('uploads an avatar: re-encoded, resized, served', async () => {
    const user = await registerUser(t);
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = await multipart('file', { name: 'me.png', type: 'image/png', data: png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadAvatar',
      headers: { ...form.headers, token: user.token },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const avatar = res.json().data.avatar as string;
    expect(avatar).toMatch(/^\/blobs\/avatars\/[A-Za-z0-9_-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const profile = await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token });
    expect(profile.body.data).toMatchObject({ avatar });
  });

  it('refuses a file that is not an image, and one over the limit, storing nothing', async () => {
    const user = await registerUser(t);
    const before = readdirSync(t.blobDir, { recursive: true });
    const text = await multipart('file', { name: 'x.png', type: 'image/png', data: Buffer.from('not an image') });
    const notImage = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadAvatar',
      headers: { ...text.headers, token: user.token, lang: 'en-us' },
      payload: text.payload,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().msg).toBe('Please choose an image file');

    const big = await multipart('file', { name: 'big.png', type: 'image/png', data: Buffer.alloc(9 * 1024 * 1024) });
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadAvatar',
      headers: { ...big.headers, token: user.token, lang: 'en-us' },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toBe('The file is too large; it cannot exceed 8MB');
    expect(readdirSync(t.blobDir, { recursive: true })).toEqual(before);
  });
});

describe('logout', () => {
  it('revokes the token: it then answers 401', async () => {
    const user = await registerUser(t);
    expect((await call(t.app, 'POST', '/api/logout', undefined, { token: user.token })).status).toBe(200);
    const res = await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token });
    expect(res.status).toBe(401);
    expect((await call(t.app, 'POST', '/api/logout', undefined, { token: user.token })).status).toBe(401);
  });
});

describe('meta', () => {
  it('answers the server time', async () => {
    const res = await call<{ time: number }>(t.app, 'GET', '/api/get_time');
    expect(res.body.code).toBe(200);
    expect(Math.abs(res.body.data.time - Date.now())).toBeLessThan(60_000);
  });

  it('answers the version file, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json?t=123' });
    expect(res.json()).toEqual({ version: '2.82.04' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('restarts', () => {
  it('keeps accounts when the server stops and starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cardbook-restart-'));
    const schema = `restart_${Date.now()}`;
    const first = await createTestApp({ dataDir: join(dataDir, 'pg'), schema, keepData: true });
    const user = await registerUser(first);
    await first.close();
    const second = await createTestApp({ dataDir: join(dataDir, 'pg'), schema });
    try {
      const res = await call(second.app, 'POST', '/api/login', { email: user.email, password: user.password });
      expect(res.status).toBe(200);
      const profile = await call(second.app, 'GET', '/api/user/getProfile', undefined, { token: user.token });
      expect(profile.status).toBe(200);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
