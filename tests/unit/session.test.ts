import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginPayload } from '../../src/api';
import { CardbookDB } from '../../src/db/CardbookDB';
import { readSession } from '../../src/db/sync-store';
import { signIn } from '../../src/session/session';
import { cookieUserId, getToken } from '../../src/session/signed-in';
import { ownedBy } from '../../workers/sync/engine';

/**
 * The session in the browser: a page may load at any moment of a sign-in or a switch of
 * account, and what it reads then must be one account's whole session (token and user id of
 * the same account), never one account's id beside another's token.
 */

/** document.cookie as a browser keeps it, calling `onWrite` after each write. */
function cookieJar(onWrite: () => void) {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const expires = attrs.find((a) => a.trim().toLowerCase().startsWith('expires='));
      const gone = expires && new Date(expires.split('=')[1] ?? '').getTime() < Date.now();
      if (gone) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
      onWrite();
    },
  };
}

const payload = (id: number, token: string): LoginPayload => ({
  id,
  fullName: `User ${id}`,
  avatar: '',
  token,
  area: null,
  mobile: null,
  email: `u${id}@example.com`,
  sex: 0,
  age: null,
  profile: '',
  birth: null,
  password: true,
  login_type: 1,
});

let seen: { token: string | null; userId: number }[] = [];
let db: CardbookDB;

beforeEach(() => {
  seen = [];
  const storage = new Map<string, string>();
  vi.stubGlobal(
    'document',
    cookieJar(() => seen.push({ token: getToken(), userId: cookieUserId() })),
  );
  vi.stubGlobal('location', { protocol: 'http:' });
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  db = new CardbookDB(`session-test-${Math.random()}`);
});

afterEach(async () => {
  db.close();
  await db.delete();
  vi.unstubAllGlobals();
});

describe('signing in', () => {
  it('a page loading at any moment of a switch of account reads one account’s whole session', async () => {
    await signIn(payload(7, 'token-of-seven'), db);
    seen = [];
    await signIn(payload(9, 'token-of-nine'), db);
    expect(seen.length).toBeGreaterThan(0);
    for (const moment of seen) {
      expect([
        { token: 'token-of-seven', userId: 7 },
        { token: 'token-of-nine', userId: 9 },
      ]).toContainEqual(moment);
    }
    expect({ token: getToken(), userId: cookieUserId() }).toEqual({ token: 'token-of-nine', userId: 9 });
    expect(await readSession(db)).toMatchObject({ token: 'token-of-nine', userId: 9 });
  });
});

describe('the sync worker', () => {
  it('takes a session only of the account whose database it syncs', () => {
    expect(ownedBy('cardbook-u7', { token: 't', userId: 7 })).toBe(true);
    expect(ownedBy('cardbook-u7', { token: 't', userId: 9 })).toBe(false);
    // The database of a session whose user is not known yet takes any; the server checks the token.
    expect(ownedBy('cardbook', { token: 't', userId: 9 })).toBe(true);
  });
});
