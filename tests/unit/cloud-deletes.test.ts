import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CardbookDB } from '../../src/db/CardbookDB';
import { newCloudId } from '../../src/db/cloud';
import { commitCloudDelete, forgetCloudDelete, keepCloudDelete, readCloudDeletes } from '../../src/db/cloud-deletes';
import { mutate } from '../../src/db/mutations';

/** The kept intents of cloud deletes within their undo window (src/components/cloud/deletes.ts). */
let n = 0;
const dbs: CardbookDB[] = [];
function freshDb(): CardbookDB {
  n += 1;
  const db = new CardbookDB(`cloud-deletes-test-${n}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

async function withCard(db: CardbookDB): Promise<string> {
  const id = newCloudId();
  await mutate(db, 'addCloudCard', {
    id,
    photo: '',
    photo_bg: '',
    extension: [{ key: 'name', value: 'A' }],
    group_id: '',
  });
  return id;
}

describe('cloud delete intents', () => {
  it('a kept intent is read back, once per id, and forgetting it leaves nothing queued', async () => {
    const db = freshDb();
    const id = await withCard(db);
    await keepCloudDelete(db, { kind: 'card', id, title: 'A', at: 1 });
    await keepCloudDelete(db, { kind: 'card', id, title: 'A', at: 2 });
    expect(await readCloudDeletes(db)).toEqual([{ kind: 'card', id, title: 'A', at: 2 }]);
    await forgetCloudDelete(db, id);
    expect(await readCloudDeletes(db)).toEqual([]);
    expect(await db.cloudCards.get(id)).toBeDefined();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['addCloudCard']);
  });

  it('committing makes the delete through the outbox once and forgets the intent', async () => {
    const db = freshDb();
    const id = await withCard(db);
    await keepCloudDelete(db, { kind: 'card', id, title: 'A', at: 1 });
    await Promise.all([commitCloudDelete(db, id), commitCloudDelete(db, id)]);
    expect(await db.cloudCards.get(id)).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['addCloudCard', 'delCloudCard']);
    expect(await readCloudDeletes(db)).toEqual([]);
  });
});
