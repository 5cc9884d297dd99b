import type { BrowserContext } from 'playwright-core';
import type { LoginPayload } from '../../../src/api';
import { SESSION_COOKIE, sessionCookieValue } from '../../../src/session/session-cookie';
import { newEmail } from '../../server/helper';
import type { E2eServer } from './server';

/** Fast set-up for tests that need an account: the HTTP API, not the screens. */
export type Envelope<T> = { code: number; msg: string; data: T };

export async function postJson<T>(server: E2eServer, path: string, body: unknown, token?: string) {
  const res = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** The account's credentials and the login payload /api/register answered. */
export type ApiUser = { id: number; token: string; email: string; password: string; payload: LoginPayload };

/** Registers an email account with the code the server "sent", and answers its login payload. */
export async function registerViaApi(
  server: E2eServer,
  email = newEmail(),
  password = 'secret-pass',
): Promise<ApiUser> {
  const sent = await postJson(server, '/api/sendVerifyCode', { email, scene: 'register' });
  if (sent.status !== 200) throw new Error(`sendVerifyCode: ${JSON.stringify(sent.body)}`);
  const code = server.sender.lastCode(email);
  const res = await postJson<LoginPayload>(server, '/api/register', { email, password, code });
  if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
  const payload = res.body.data;
  return { id: payload.id, token: payload.token, email, password, payload };
}

const SESSION_DAYS = 180;

/**
 * Puts a session into a browser profile the way the app keeps it: one cookie holding the user id
 * (which names the account's local database) and the token (src/session/session-cookie.ts).
 */
export async function addSessionCookie(
  context: BrowserContext,
  server: Pick<E2eServer, 'url'>,
  token: string,
): Promise<void> {
  const res = await fetch(new URL('/api/user/getProfile', server.url), { headers: { token } });
  const profile = (await res.json()) as Envelope<{ user_id: number } | null>;
  const expires = Math.floor(Date.now() / 1000) + SESSION_DAYS * 24 * 60 * 60;
  const value = encodeURIComponent(sessionCookieValue({ token, userId: profile.data?.user_id ?? 0 }));
  await context.addCookies([{ name: SESSION_COOKIE, value, url: server.url, expires, sameSite: 'Lax' }]);
}
