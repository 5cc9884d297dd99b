import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/db';
import { SESSIONS_CHANNEL, SessionCache } from '../../server/services/session-cache';
import type { TokenSession } from '../../server/services/tokens';

/** A database whose notices the test sends: only `listen` is used. */
function noticeBoard() {
  let notice: (payload: string) => void = () => {};
  let listening: (on: boolean) => void = () => {};
  const channels: string[] = [];
  const db = {
    listen: async (channel: string, onNotice: (payload: string) => void, onListening: (on: boolean) => void) => {
      channels.push(channel);
      notice = onNotice;
      listening = onListening;
      return async () => {};
    },
  } as unknown as Db;
  return { db, channels, notify: (payload: string) => notice(payload), connection: (on: boolean) => listening(on) };
}

const session = (userId: number, tokenId = userId * 10): TokenSession => ({
  tokenId,
  userId,
  loginType: 2,
  exchangePending: false,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sessions kept a moment by one server process', () => {
  it('keeps nothing until it listens, then keeps a session until its user is named in a notice', async () => {
    const board = noticeBoard();
    const cache = new SessionCache(60_000);
    cache.set('a', session(1), cache.mark());
    expect(cache.get('a')).toBeUndefined();
    await cache.listen(board.db);
    expect(board.channels).toEqual([SESSIONS_CHANNEL]);
    cache.set('a', session(1), cache.mark());
    cache.set('b', session(2), cache.mark());
    expect(cache.get('a')).toEqual(session(1));
    board.notify('1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(session(2));
  });

  it('does not keep a session read before a notice that came while it was read', async () => {
    const board = noticeBoard();
    const cache = new SessionCache(60_000);
    await cache.listen(board.db);
    const mark = cache.mark();
    // The token is revoked while its row is on its way from the database.
    board.notify('1');
    cache.set('a', session(1), mark);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets everything and keeps nothing while its listening connection is down', async () => {
    const board = noticeBoard();
    const cache = new SessionCache(60_000);
    await cache.listen(board.db);
    cache.set('a', session(1), cache.mark());
    cache.keepProfile(1, '{"user_id":1}', cache.mark());
    board.connection(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.profileJson(1)).toBeUndefined();
    cache.set('a', session(1), cache.mark());
    expect(cache.get('a')).toBeUndefined();
    board.connection(true);
    cache.set('a', session(1), cache.mark());
    expect(cache.get('a')).toEqual(session(1));
  });

  it('lets a kept session and profile expire, and keeps none with no time to keep them', async () => {
    const board = noticeBoard();
    vi.useFakeTimers({ toFake: ['Date'] });
    const expiring = new SessionCache(1_000);
    await expiring.listen(board.db);
    expiring.set('a', session(1), expiring.mark());
    expiring.keepProfile(1, '{"user_id":1}', expiring.mark());
    vi.setSystemTime(Date.now() + 999);
    expect(expiring.get('a')).toEqual(session(1));
    vi.setSystemTime(Date.now() + 2);
    expect(expiring.get('a')).toBeUndefined();
    expect(expiring.profileJson(1)).toBeUndefined();
    const off = new SessionCache(0);
    await off.listen(board.db);
    off.set('a', session(1), off.mark());
    expect(off.get('a')).toBeUndefined();
  });
});
