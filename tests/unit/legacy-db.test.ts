import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { CardbookDB, type OutboxRow } from '../../src/db/CardbookDB';
import { dbNameFor, LEGACY_DB_NAME } from '../../src/db/db-name';
import { moveLegacyDatabase } from '../../src/db/legacy-db';

/** The one database of earlier versions moves into its user's own, losing nothing. */
afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

const change = (id: string, createdAt: number): OutboxRow => ({
  id,
  name: 'setProfile',
  args: { fullName: id },
  createdAt,
});

async function legacyWith(fill: (db: CardbookDB) => Promise<unknown>): Promise<void> {
  const legacy = new CardbookDB(LEGACY_DB_NAME);
  await fill(legacy);
  legacy.close();
}

async function read<T>(name: string, use: (db: CardbookDB) => Promise<T>): Promise<T> {
  const db = new CardbookDB(name);
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

describe('moving the database of earlier versions', () => {
  it("moves every table of the signed-in user's database into theirs, the outbox in order", async () => {
    await legacyWith(async (db) => {
      await db.meta.put({ key: 'session', value: { token: 't', userId: 7 } });
      await db.meta.put({ key: 'cursor', value: 42 });
      await db.outbox.bulkAdd([change('a', 1), change('b', 2)]);
      await db.groups.put({ group_id: 5, group_name: 'Clients', update_num: 0, sort: 0 });
    });
    await moveLegacyDatabase(7);
    expect(await Dexie.exists(LEGACY_DB_NAME)).toBe(false);
    const moved = await read(dbNameFor(7), async (db) => ({
      outbox: (await db.outbox.orderBy('seq').toArray()).map((row) => row.id),
      cursor: (await db.meta.get('cursor'))?.value,
      groups: await db.groups.count(),
    }));
    expect(moved).toEqual({ outbox: ['a', 'b'], cursor: 42, groups: 1 });
  });

  it("leaves another account's waiting changes for that account, and creates nothing", async () => {
    await legacyWith(async (db) => {
      await db.meta.put({ key: 'pendingOwner', value: 8 });
      await db.outbox.add(change('theirs', 1));
    });
    await moveLegacyDatabase(7);
    expect(await Dexie.exists(dbNameFor(7))).toBe(false);
    expect(await read(LEGACY_DB_NAME, (db) => db.outbox.count())).toBe(1);
    // When that account signs in, its change moves to its own database.
    await moveLegacyDatabase(8);
    expect(await read(dbNameFor(8), async (db) => (await db.outbox.toArray()).map((row) => row.id))).toEqual([
      'theirs',
    ]);
    expect(await read(dbNameFor(8), (db) => db.meta.get('pendingOwner'))).toBeUndefined();
  });

  it("adds only the waiting changes, after the ones queued, when the user's database exists", async () => {
    await read(dbNameFor(7), async (db) => {
      await db.outbox.add(change('new', 10));
      await db.meta.put({ key: 'cursor', value: 99 });
    });
    await legacyWith(async (db) => {
      await db.meta.put({ key: 'pendingOwner', value: 7 });
      await db.meta.put({ key: 'cursor', value: 1 });
      await db.outbox.bulkAdd([change('old-1', 1), change('old-2', 2)]);
    });
    await moveLegacyDatabase(7);
    const after = await read(dbNameFor(7), async (db) => ({
      outbox: (await db.outbox.orderBy('seq').toArray()).map((row) => row.id),
      cursor: (await db.meta.get('cursor'))?.value,
    }));
    expect(after).toEqual({ outbox: ['new', 'old-1', 'old-2'], cursor: 99 });
    expect(await Dexie.exists(LEGACY_DB_NAME)).toBe(false);
  });

  it("deletes one holding nobody's data", async () => {
    await legacyWith((db) => db.meta.put({ key: 'cursor', value: 3 }));
    await moveLegacyDatabase(7);
    expect(await Dexie.exists(LEGACY_DB_NAME)).toBe(false);
    expect(await Dexie.exists(dbNameFor(7))).toBe(false);
  });

  it('gives what was made signed out to the account signing in next, once, even when a move runs again', async () => {
    const signedOut = async (db: CardbookDB) => {
      await db.outbox.add({ id: 'scan-card', name: 'addCloudCard', args: { id: 'c1' }, createdAt: 1 });
      await db.uploads.put({ id: 'u1', blob: new Blob(['jpeg']), target: 'cloudPhoto', url: null, createdAt: 1 });
      await db.cloudCards.put({
        id: 'c1',
        photo: 'local:u1',
        photo_bg: '',
        extension: [{ key: 'name', value: 'Bob Lee' }],
        group_id: '',
        created_at: 1,
        updated_at: 1,
      });
      await db.scans.put({
        id: 's2',
        front: new Blob(['jpeg']),
        back: null,
        status: 'ready',
        fields: null,
        lines: [],
        createdAt: 2,
      });
    };
    await read(dbNameFor(7), (db) => db.outbox.add(change('mine', 5)));
    await legacyWith(signedOut);
    await moveLegacyDatabase(7);
    expect(await Dexie.exists(LEGACY_DB_NAME)).toBe(false);
    const moved = () =>
      read(dbNameFor(7), async (db) => ({
        outbox: (await db.outbox.orderBy('seq').toArray()).map((row) => row.id),
        uploads: await db.uploads.count(),
        cards: (await db.cloudCards.toArray()).map((c) => c.id),
        scans: (await db.scans.toArray()).map((s) => s.id),
      }));
    expect(await moved()).toEqual({ outbox: ['mine', 'scan-card'], uploads: 1, cards: ['c1'], scans: ['s2'] });

    // Sent meanwhile; then a move cut short before the signed-out database was deleted runs again.
    await read(dbNameFor(7), (db) => db.outbox.where('id').equals('scan-card').delete());
    await legacyWith(signedOut);
    await moveLegacyDatabase(7);
    expect((await moved()).outbox).toEqual(['mine']);
  });
});
