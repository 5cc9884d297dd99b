import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, newEmail, registerUser, type TestApp } from './helper';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => logLines.push(line) } });
});
afterAll(async () => {
  await t.close();
});

describe('brute force', () => {
  it('refuses logins from an address after ten wrong passwords in a row, even the right one', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 10; i += 1) {
      const res = await call(t.app, 'POST', '/api/login', { email: user.email, password: `wrong-${i}` });
      expect(res.status).toBe(400);
    }
    const refused = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: user.password },
      { lang: 'en-us' },
    );
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many attempts, please try again in \d+ minutes$/);
    const other = await call(t.app, 'POST', '/api/login', { email: newEmail(), password: 'whatever' });
    expect(other.status).toBe(429); // the address is blocked for every account
  });

  it('limits verification codes per account', async () => {
    const email = newEmail();
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push((await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'register' })).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('secrets', () => {
  it('never writes a password or a token to the log', async () => {
    const password = 'very-secret-password-42';
    const user = await registerUser(t, newEmail(), password);
    await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: user.token });
    await call(
      t.app,
      'POST',
      '/api/user/modifyPwd',
      { old_password: password, password: 'another-secret-99' },
      {
        token: user.token,
      },
    );
    const log = logLines.join('\n');
    expect(log).toContain('/api/user/getProfile'); // the log is on and sees these requests
    expect(log).not.toContain(password);
    expect(log).not.toContain('another-secret-99');
    expect(log).not.toContain(user.token);
  });
});
