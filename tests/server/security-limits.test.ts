import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { call, createTestApp, newEmail, registerUser, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A burst of requests sent at once, the way a script would, answered with their statuses. */
async function burst(count: number, body: (i: number) => Record<string, unknown>, url: string) {
  return Promise.all(
    Array.from(
      { length: count },
      async (_, i) => (await t.app.inject({ method: 'POST', url, payload: body(i) })).statusCode,
    ),
  );
}

describe('limits count an attempt before checking it', () => {
  it('checks at most ten of 100 wrong passwords sent at once, and then refuses the right one', async () => {
    const user = await registerUser(t);
    const statuses = await burst(
      100,
      (i) => ({ email: user.email, password: i === 99 ? user.password : `wrong-${i}` }),
      '/api/login',
    );
    const checked = statuses.filter((s) => s !== 429);
    expect(checked.length).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginFailures.points);
    expect(checked.every((s) => s === 400)).toBe(true);
    expect(statuses[99]).toBe(429); // the right password, once blocked, is not accepted
    expect(statuses).not.toContain(200);
  });

  it('checks at most ten current passwords sent at once to change the password', async () => {
    const user = await registerUser(t);
    // Another address: the first test blocked 127.0.0.1's logins.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/modifyPwd',
          remoteAddress: '10.0.0.2',
          headers: { token: user.token },
          payload: { old_password: i === 39 ? user.password : `wrong-${i}`, password: 'new-password-1' },
        });
        return res.statusCode;
      }),
    );
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginFailures.points);
    expect(statuses[39]).toBe(429);
  });

  it('burns a verification code after five wrong guesses, even sent at once', async () => {
    const email = newEmail();
    await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'register' });
    const code = t.sender.lastCode(email) as string;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: `10.1.0.${i + 1}`,
          payload: { email, password: 'a-good-password', code: i === 11 ? code : wrong(i) },
        });
        return res.statusCode;
      }),
    );
    // Five wrong guesses burnt the code before the right one, last of the burst, was compared.
    expect(statuses.every((s) => s === 400)).toBe(true);
    const late = await call(t.app, 'POST', '/api/register', { email, password: 'a-good-password', code });
    expect(late.status).toBe(400);
  });

  it('limits registrations, codes and resets per address when sent at once', async () => {
    const registers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: '10.2.0.1',
          payload: { email: newEmail(), password: 'a-good-password', code: '123456' },
        });
        return res.statusCode;
      }),
    );
    expect(registers.filter((s) => s !== 429).length).toBe(DEFAULT_RATE_LIMITS.register.points);

    const resets = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/resetPwd',
          remoteAddress: '10.2.0.2',
          payload: { email: newEmail(), password: 'a-good-password', code: '123456' },
        });
        return res.statusCode;
      }),
    );
    expect(resets.filter((s) => s !== 429).length).toBe(DEFAULT_RATE_LIMITS.resetPerAddress.points);

    const email = newEmail();
    const codes = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/sendVerifyCode',
          remoteAddress: `10.3.0.${i + 1}`,
          payload: { email, scene: 'register' },
        });
        return res.statusCode;
      }),
    );
    expect(codes.filter((s) => s === 200).length).toBe(DEFAULT_RATE_LIMITS.verifyCodePerAccount.points);
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  it('counts failed logins by the address the proxy saw, whatever the client writes before it', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const login = (i: number, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          // The client's own X-Forwarded-For, a new address each time, then the one the proxy saw.
          headers: { 'x-forwarded-for': `198.51.100.${i}, ${client}` },
          payload: { email: newEmail(), password: 'wrong-password' },
        });
      const statuses = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => (await login(i, '203.0.113.7')).statusCode),
      );
      expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginFailures.points);
      expect(statuses).toContain(429);
      // Another client behind the same proxy is not blocked by that one.
      expect((await login(99, '203.0.113.8')).statusCode).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});
