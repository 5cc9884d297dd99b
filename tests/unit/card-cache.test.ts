import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Friend } from '../../src/api';
import { CardbookDB } from '../../src/db/CardbookDB';
import { pruneCardCache } from '../../src/db/card-cache';
import { cardImageUrls } from '../../src/lib/card-images';

/**
 * The bounded cache of opened friends' cards (src/db/card-cache.ts): past its budget it drops the
 * least recently opened cards first, friends with a remark last, never the card being opened,
 * and an image only when no kept card shows it any more. (Cache Storage is absent under Node:
 * the rows are what is checked here; the images are checked in tests/e2e/friend-card.test.ts.)
 */
let n = 0;
const dbs: CardbookDB[] = [];
function freshDb(): CardbookDB {
  n += 1;
  const db = new CardbookDB(`card-cache-test-${n}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const MB = 1024 * 1024;

async function keep(db: CardbookDB, cardId: number, bytes: number, openedAt: number): Promise<void> {
  await db.cardCache.put({
    card_id: cardId,
    share_str: `s${cardId}`,
    company: [],
    urls: [`/blobs/cards/${cardId}.webp`],
    bytes,
    openedAt,
  });
}

async function friend(db: CardbookDB, acceptId: number, cardId: number, remark: string): Promise<void> {
  const row: Friend = {
    accept_id: acceptId,
    friend_card_info: { card_id: cardId, name: `N${cardId}`, avatar: '', profile: '', photo: '', company: '' },
    remark,
    group_id: '1',
    group_main: 1,
    status: 0,
  };
  await db.friends.put({ ...row, groupIds: [1] });
}

describe('pruneCardCache', () => {
  it('keeps everything under the budget', async () => {
    const db = freshDb();
    await keep(db, 1, 10 * MB, 1);
    await keep(db, 2, 10 * MB, 2);
    expect(await pruneCardCache(db, 20 * MB)).toEqual([]);
    expect(await db.cardCache.count()).toBe(2);
  });

  it('drops the least recently opened first, until the rest fit', async () => {
    const db = freshDb();
    await keep(db, 1, 10 * MB, 300);
    await keep(db, 2, 10 * MB, 100);
    await keep(db, 3, 10 * MB, 200);
    expect(await pruneCardCache(db, 20 * MB)).toEqual([2]);
    expect((await db.cardCache.toArray()).map((r) => r.card_id).sort()).toEqual([1, 3]);
  });

  it('drops cards of friends without a remark before those with one, however old', async () => {
    const db = freshDb();
    await friend(db, 11, 1, 'Key client');
    await friend(db, 12, 2, '');
    await keep(db, 1, 10 * MB, 1);
    await keep(db, 2, 10 * MB, 999);
    await keep(db, 3, 10 * MB, 500);
    expect((await pruneCardCache(db, 15 * MB)).sort()).toEqual([2, 3]);
    expect((await db.cardCache.toArray()).map((r) => r.card_id)).toEqual([1]);
  });

  it('never drops the card being opened, even alone over the budget', async () => {
    const db = freshDb();
    await keep(db, 1, 30 * MB, 1);
    await keep(db, 2, 5 * MB, 2);
    expect(await pruneCardCache(db, 20 * MB, 1)).toEqual([2]);
    expect((await db.cardCache.toArray()).map((r) => r.card_id)).toEqual([1]);
  });
});

describe('cardImageUrls', () => {
  it('lists our own images of the card and its promotion once each, nothing from elsewhere', () => {
    expect(
      cardImageUrls({ photo: '/blobs/a.webp', photo_back: '', avatar: 'https://evil.example/x.png' }, [
        { type: 'img', content: { url: '/blobs/b.webp' } },
        { type: 'swipe', content: { urls: ['/blobs/b.webp', '/blobs/c.webp'] } },
        { type: 'text', content: 'hello' },
      ]),
    ).toEqual(['/blobs/a.webp', '/blobs/b.webp', '/blobs/c.webp']);
  });
});
