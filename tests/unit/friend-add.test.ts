import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Friend, FriendCardInfo } from '../../src/api';
import { CardbookDB } from '../../src/db/CardbookDB';
import { mutate } from '../../src/db/mutations';
import { applyPull, settleOutbox } from '../../src/db/sync-store';

let n = 0;
const dbs: CardbookDB[] = [];
function freshDb(): CardbookDB {
  n += 1;
  const db = new CardbookDB(`friend-add-test-${n}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

const card = (id: number, name: string): FriendCardInfo => ({
  card_id: id,
  name,
  avatar: '',
  profile: '',
  photo: '',
  company: 'Acme · CTO',
});
const entry = (acceptId: number, info: FriendCardInfo): Friend => ({
  accept_id: acceptId,
  friend_card_info: info,
  remark: '',
  group_id: '1',
  group_main: 1,
  status: 0,
});
const friendRow = (f: Friend, version: number) => ({
  table: 'friend' as const,
  key: String(f.accept_id),
  version,
  deleted: false,
  value: f,
});

describe('adding a friend while signed in', () => {
  it('lists the card at once, keeps it through pulls until the server answers, then shows the server entry only', async () => {
    const db = freshDb();
    await mutate(db, 'addFriend', { content: ['share-ben'], cards: [card(7, 'Ben')] });
    expect((await db.friends.toArray()).map((f) => [f.accept_id, f.friend_card_info.name])).toEqual([[-7, 'Ben']]);

    // A pull that does not answer the add yet (another friend's change) keeps the pending entry.
    await applyPull(db, { rows: [friendRow(entry(40, card(9, 'Cat')), 5)], cursor: 5, more: false });
    expect((await db.friends.orderBy('accept_id').toArray()).map((f) => f.accept_id)).toEqual([-7, 40]);

    // The server took it: its entry replaces the temporary one.
    const [queued] = await db.outbox.toArray();
    await settleOutbox(db, [queued?.id ?? ''], []);
    await applyPull(db, { rows: [friendRow(entry(41, card(7, 'Ben')), 6)], cursor: 6, more: false });
    expect((await db.friends.orderBy('accept_id').toArray()).map((f) => f.accept_id)).toEqual([40, 41]);
  });

  it('adds nothing for a card already kept, or for my own card', async () => {
    const db = freshDb();
    await applyPull(db, { rows: [friendRow(entry(40, card(9, 'Cat')), 5)], cursor: 5, more: false });
    await db.card.put({
      key: 'me',
      card_id: 3,
      is_open: 0,
      name: 'Me',
      english_name: '',
      photo: '',
      photo_back: '',
      profile: '',
      group_update_num: 0,
      share_str: 'mine',
      share: { fb: '', qr: '', link: '', contact: '', line: '', linkedin: '', telegram: '', twitter: '', whatsapp: '' },
      extension: { company: [], address: [], tel: [], email: [], website: [], other: [], industry: [], social: [] },
    });
    await mutate(db, 'addFriend', { content: ['share-cat', 'mine'], cards: [card(9, 'Cat'), card(3, 'Me')] });
    expect((await db.friends.toArray()).map((f) => f.accept_id)).toEqual([40]);
    expect(await db.outbox.count()).toBe(1);
  });
});
