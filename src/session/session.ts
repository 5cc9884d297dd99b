import type { LoginPayload } from '../api/auth';
import { getProfileEndpoint, type Profile, profileResponseSchema } from '../api/user';
import type { CardbookDB, Session } from '../db';
import { CARD_IMAGE_CACHE } from '../lib/card-images';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie';
import { cookieUserId, getToken, leavingForAnotherAccount, refreshSignedIn } from './signed-in';

/**
 * The session (SPEC §4): a cookie of 180 days holding the token and the user id together
 * (./session-cookie.ts) marks the signed-in state. The same session is kept in IndexedDB so the
 * sync worker, which cannot read cookies, can use it. Signing out (or a 401) clears the token and
 * every local row of that user.
 *
 * Dexie is imported on demand: a visitor with no cookie and no local data never loads it.
 * `LOCAL_DATA` in local storage says whether IndexedDB holds a user's rows that a signed-out
 * start must clear.
 */
const LOCAL_DATA = 'cardbook:local-user';

/**
 * Asks the browser to keep this site's storage under pressure (and, in browsers that evict the
 * data of sites not visited for days, to keep it): the outbox may hold changes made offline.
 */
function keepStorage(): void {
  void navigator.storage?.persist?.().catch(() => undefined);
}

export { getToken };

const localDb = async (): Promise<CardbookDB> => (await import('../db')).db;

function profileFromLogin(payload: LoginPayload): Profile {
  return {
    user_id: payload.id,
    fullName: payload.fullName,
    name: payload.fullName,
    english_name: '',
    avatar: payload.avatar,
    area: payload.area,
    mobile: payload.mobile,
    email: payload.email,
    sex: payload.sex,
    sex_type: 0,
    age: payload.age,
    profile: payload.profile,
    birth: payload.birth,
    tipEditPassword: !payload.password,
  };
}

/**
 * Clears what the signed-in user's screens show, and the session (SPEC §4: logout or a 401
 * clears the token, the friends list and the card flags). `keepPendingOf` (the user signing
 * out) keeps what they changed and the server has not yet taken: the outbox, the files it names,
 * the scans not yet saved and the groups made here, sent when the same account signs in again
 * on this device (and dropped if another one does). Signing in as another user clears it all.
 */
async function clearUserData(db: CardbookDB, keepPendingOf: number | null): Promise<void> {
  const shown = [
    db.profile,
    db.notifications,
    db.card,
    db.company,
    db.groups,
    db.friends,
    db.cloudCards,
    db.cloudGroups,
    db.physicalOrders,
  ];
  const pending = [db.outbox, db.uploads, db.scans];
  await db.transaction('rw', [...shown, ...pending, db.cardCache, db.meta], async () => {
    const keep = keepPendingOf !== null && ((await db.outbox.count()) > 0 || (await db.scans.count()) > 0);
    await Promise.all([...shown, db.cardCache, ...(keep ? [] : pending)].map((table) => table.clear()));
    await db.meta.bulkDelete([
      'session',
      'cursor',
      'syncState',
      'pushUnread',
      'pushSound',
      'liveState',
      'exchangeGroup',
      'exchangeRoom',
      ...(keep ? [] : (['createdGroups', 'pendingOwner'] as const)),
    ]);
    if (keep && keepPendingOf !== null) await db.meta.put({ key: 'pendingOwner', value: keepPendingOf });
  });
  if (typeof caches !== 'undefined') await caches.delete(CARD_IMAGE_CACHE).catch(() => false);
  localStorage.removeItem(LOCAL_DATA);
}

/** Signing in: changes another account left pending on this device are dropped, mine are kept to send. */
async function settlePending(db: CardbookDB, userId: number): Promise<void> {
  const owner = await db.meta.get('pendingOwner');
  if (owner?.key !== 'pendingOwner') return;
  if (owner.value !== userId) await clearUserData(db, null);
  await db.meta.delete('pendingOwner');
}

async function saveSession(db: CardbookDB, session: Session, profile: Profile, replace: boolean): Promise<void> {
  localStorage.setItem(LOCAL_DATA, '1');
  keepStorage();
  await db.transaction('rw', db.meta, db.profile, async () => {
    await db.meta.put({ key: 'session', value: session });
    const existing = await db.profile.get('me');
    if (replace || !existing || existing.user_id !== session.userId) await db.profile.put({ ...profile, key: 'me' });
  });
}

/**
 * Signs in: the session goes into that account's own database (src/db/db-name.ts). Answers
 * whether this page must load again to show it: its database is another account's (a switch
 * to an associated account, or someone else signing in after a sign-out).
 */
export async function signIn(payload: LoginPayload, db?: CardbookDB): Promise<{ reload: boolean }> {
  const current = db ?? (await localDb());
  const { dbNameFor } = await import('../db/db-name');
  const targetName = dbNameFor(payload.id);
  const here = db !== undefined || current.name === targetName;
  if (!here) leavingForAnotherAccount();
  if (!here) await (await import('../db/legacy-db')).moveLegacyDatabase(payload.id);
  const local = here ? current : new (await import('../db/CardbookDB')).CardbookDB(targetName);
  try {
    const { readSession } = await import('../db/sync-store');
    writeSessionCookie({ token: payload.token, userId: payload.id });
    const previous = await readSession(local);
    if (previous && previous.userId !== payload.id) await clearUserData(local, null);
    await settlePending(local, payload.id);
    const session = { token: payload.token, userId: payload.id, loginType: payload.login_type };
    await saveSession(local, session, profileFromLogin(payload), false);
  } finally {
    if (!here) local.close();
  }
  refreshSignedIn();
  // After a reload, the start-up sends them (boot.tsx), from the right database.
  if (here && !db) await (await import('./friend-adds')).sendQueuedFriendAdds();
  return { reload: !here };
}

export async function signOut(db?: CardbookDB): Promise<void> {
  clearSessionCookie();
  refreshSignedIn();
  if (!db && !localStorage.getItem(LOCAL_DATA)) return;
  const local = db ?? (await localDb());
  const { readSession } = await import('../db/sync-store');
  await clearUserData(local, (await readSession(local))?.userId ?? null);
}

/**
 * At start-up the cookie is the truth: no cookie means signed out (it expired or was cleared);
 * a cookie with another token than IndexedDB's means another sign-in happened.
 */
export async function reconcileSession(db?: CardbookDB): Promise<Session | null> {
  const cookie = readSessionCookie();
  const token = cookie?.token ?? null;
  if (!token && !db && !localStorage.getItem(LOCAL_DATA)) return null;
  const local = db ?? (await localDb());
  const { readSession } = await import('../db/sync-store');
  const session = await readSession(local);
  if (!token) {
    if (session) await clearUserData(local, session.userId);
    return null;
  }
  if (session?.token === token) {
    keepStorage();
    return session;
  }
  // A new token of the same account (or of an account not named, cookies of versions before:
  // the server refuses the sync engine's changes then if the token is another account's).
  if (session && (!cookie?.userId || cookie.userId === session.userId)) {
    await local.meta.put({ key: 'session', value: { ...session, token } });
    return { ...session, token };
  }
  // Never another account's token beside this one's changes: they wait for their own sign-in.
  if (session) await clearUserData(local, session.userId);
  return adoptToken(local, token);
}

/**
 * A token cookie with nothing local (the browser cleared the site's storage, or a first visit
 * signed in elsewhere). With the user id in the cookie the app starts on it at once (the sync
 * worker rebuilds every table by pull) and asks the server in the background whether the token
 * still holds; a cookie of versions before, without the id, asks first. With no signal the user
 * stays signed in on the token.
 */
async function adoptToken(db: CardbookDB, token: string): Promise<Session | null> {
  if (cookieUserId() > 0) {
    const session = await provisionalSession(db, token);
    void confirmToken(db, token).then((confirmed) => (confirmed ? undefined : signOut(db)));
    return session;
  }
  return confirmToken(db, token);
}

/** Asks the server whose the token is: its session, or null (signed out) when it is refused. */
async function confirmToken(db: CardbookDB, token: string): Promise<Session | null> {
  const res = await fetch(getProfileEndpoint.path, { headers: { token } }).catch(() => null);
  if (!res) return provisionalSession(db, token);
  if (res.status === 401) {
    clearSessionCookie();
    refreshSignedIn();
    return null;
  }
  const parsed = profileResponseSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return provisionalSession(db, token);
  const session: Session = { token, userId: parsed.data.data.user_id };
  writeSessionCookie(session);
  await saveSession(db, session, parsed.data.data, true);
  return session;
}

async function provisionalSession(db: CardbookDB, token: string): Promise<Session> {
  const userId = cookieUserId();
  const session: Session = { token, userId };
  localStorage.setItem(LOCAL_DATA, '1');
  await db.meta.put({ key: 'session', value: session });
  keepStorage();
  // Without a known user id, learn it as soon as the network is back.
  if (!userId) window.addEventListener('online', () => void adoptToken(db, token), { once: true });
  return session;
}
