import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CardbookDB, type OutboxRow } from '../../src/db/CardbookDB';
import { mutate } from '../../src/db/mutations';
import { renameCreatedGroups, settleOutbox } from '../../src/db/sync-store';
import { untilCreatedGroupIsNamed } from '../../workers/sync/pusher';

let n = 0;
const dbs: CardbookDB[] = [];
function freshDb(): CardbookDB {
  n += 1;
  const db = new CardbookDB(`offline-groups-test-${n}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

const queued = (db: CardbookDB) => db.outbox.orderBy('seq').toArray();
const brief = (rows: OutboxRow[]) => rows.map((r) => [r.name, r.args]);

describe('a group made offline', () => {
  it('can take friends at once, and the changes naming it wait for its server id', async () => {
    const db = freshDb();
    await db.friends.put({
      accept_id: 40,
      friend_card_info: { card_id: 9, name: 'Cat', avatar: '', profile: '', photo: '', company: '' },
      remark: '',
      group_id: '1',
      group_main: 1,
      status: 0,
      groupIds: [1],
    });
    await mutate(db, 'remark', { accept_id: 40, remark: 'met at the fair' });
    await mutate(db, 'addGroup', { group_name: 'Trade fair', temp_id: -77 });
    await mutate(db, 'copyToGroup', { acceptId: 40, groupId: -77 });
    await mutate(db, 'sortGroups', { ids: [-77, 5] });
    expect((await db.groups.get(-77))?.group_name).toBe('Trade fair');
    expect((await db.friends.get(40))?.groupIds).toEqual([1, -77]);

    // The first batch stops before the first change naming the new group.
    const batch = untilCreatedGroupIsNamed(await queued(db));
    expect(batch.map((r) => r.name)).toEqual(['remark', 'addGroup']);

    // The server answered: the group is 12; what is still queued now names 12.
    await settleOutbox(
      db,
      batch.map((r) => r.id),
      [],
      new Map([[-77, 12]]),
    );
    const rest = await queued(db);
    expect(brief(rest)).toEqual([
      ['copyToGroup', { acceptId: 40, groupId: 12 }],
      ['sortGroups', { ids: [12, 5] }],
    ]);
    expect(untilCreatedGroupIsNamed(rest)).toHaveLength(2);

    // Until the pull brings group 12, the screen still shows -77; a change made with it now is
    // queued with 12.
    await mutate(db, 'editGroup', { group_id: -77, group_name: 'Trade fair 2026' });
    await renameCreatedGroups(db);
    expect(brief(await queued(db)).at(-1)).toEqual(['editGroup', { group_id: 12, group_name: 'Trade fair 2026' }]);
  });
});
