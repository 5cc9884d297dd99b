import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CloudCard, PullResult } from '../../src/api';
import { CardbookDB } from '../../src/db/CardbookDB';
import {
  cloudCardSubtitle,
  cloudCardTitle,
  newCloudId,
  pendingCloudCardIds,
  searchCloudCards,
  sectionsOf,
} from '../../src/db/cloud';
import { mutate } from '../../src/db/mutations';
import { applyPull, settleOutbox } from '../../src/db/sync-store';

let n = 0;
const dbs: CardbookDB[] = [];
function freshDb(): CardbookDB {
  n += 1;
  const db = new CardbookDB(`cloud-local-test-${n}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

const rows = (o: Record<string, string>) => Object.entries(o).map(([key, value]) => ({ key, value }));
const serverCard = (id: string, over: Partial<CloudCard> = {}): CloudCard => ({
  id,
  photo: '',
  photo_bg: '',
  extension: rows({ name: 'Server Name' }),
  group_id: '',
  created_at: 1000,
  updated_at: 1000,
  ...over,
});
const page = (cursor: number, r: PullResult['rows']): PullResult => ({ cursor, more: false, rows: r }) as PullResult;
const cardRow = (card: CloudCard, version = 1) =>
  ({ table: 'cloudCard', key: card.id, version, deleted: false, value: card }) as PullResult['rows'][number];

describe('cloud local effects', () => {
  it('newCloudId is 32 hex characters', () => {
    expect(newCloudId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('addCloudCard lists the card at once (blank rows dropped) and queues it', async () => {
    const db = freshDb();
    const id = newCloudId();
    await mutate(db, 'addCloudCard', {
      id,
      photo: 'local:abc',
      photo_bg: '',
      extension: [
        ...rows({ name: '陳大文', company: 'ACME, Ltd.' }),
        { key: ' tel ', value: '9123 4567' },
        { key: 'email', value: '  ' },
      ],
      group_id: '',
    });
    const card = await db.cloudCards.get(id);
    expect(card?.extension).toEqual([
      ...rows({ name: '陳大文', company: 'ACME, Ltd.' }),
      { key: 'tel', value: '9123 4567' },
    ]);
    expect(card?.photo).toBe('local:abc');
    expect(card?.group_id).toBe('');
    expect(cloudCardTitle(card as CloudCard)).toBe('陳大文');
    expect(cloudCardSubtitle(card as CloudCard)).toBe('ACME, Ltd.');
    const outbox = await db.outbox.toArray();
    expect(outbox.map((e) => e.name)).toEqual(['addCloudCard']);
    expect(pendingCloudCardIds(outbox)).toEqual(new Set([id]));
  });

  it('editCloudCard changes only the given fields', async () => {
    const db = freshDb();
    await db.cloudCards.put(serverCard('card00001', { photo: 'https://x/p.jpg', group_id: 'grp00001' }));
    await mutate(db, 'editCloudCard', { id: 'card00001', extension: rows({ name: 'New', tel: '12345' }) });
    const card = await db.cloudCards.get('card00001');
    expect(card).toMatchObject({
      photo: 'https://x/p.jpg',
      group_id: 'grp00001',
      extension: rows({ name: 'New', tel: '12345' }),
    });
    await mutate(db, 'editCloudCard', { id: 'card00001', photo_bg: 'https://x/b.jpg' });
    expect(await db.cloudCards.get('card00001')).toMatchObject({
      photo_bg: 'https://x/b.jpg',
      extension: rows({ name: 'New', tel: '12345' }),
    });
  });

  it('delCloudCard removes it; moveCloudCard moves it, with "0" meaning not grouped', async () => {
    const db = freshDb();
    await db.cloudCards.bulkPut([serverCard('card00001'), serverCard('card00002')]);
    await mutate(db, 'moveCloudCard', { cardId: 'card00001', groupId: 'grp00001' });
    expect((await db.cloudCards.get('card00001'))?.group_id).toBe('grp00001');
    await mutate(db, 'moveCloudCard', { cardId: 'card00001', groupId: '0' });
    expect((await db.cloudCards.get('card00001'))?.group_id).toBe('');
    await mutate(db, 'delCloudCard', { id: 'card00002' });
    expect(await db.cloudCards.get('card00002')).toBeUndefined();
  });

  it('groups: added last, renamed, sorted, and a deleted group ungroups its cards', async () => {
    const db = freshDb();
    await mutate(db, 'addCloudGroup', { id: 'grpAAAAA', name: 'Fair' });
    await mutate(db, 'addCloudGroup', { id: 'grpBBBBB', name: 'Clients' });
    await mutate(db, 'addCloudGroup', { id: 'grpCCCCC', name: 'Suppliers' });
    const order = async () => (await db.cloudGroups.orderBy('sort').toArray()).map((g) => g.name);
    expect(await order()).toEqual(['Fair', 'Clients', 'Suppliers']);
    await mutate(db, 'editCloudGroup', { id: 'grpAAAAA', name: 'Trade fair' });
    await mutate(db, 'sortCloudGroups', { ids: ['grpCCCCC', 'grpAAAAA', 'grpBBBBB'] });
    expect(await order()).toEqual(['Suppliers', 'Trade fair', 'Clients']);

    await db.cloudCards.bulkPut([
      serverCard('card00001', { group_id: 'grpAAAAA' }),
      serverCard('card00002', { group_id: 'grpAAAAA' }),
      serverCard('card00003', { group_id: 'grpBBBBB' }),
    ]);
    await mutate(db, 'delCloudGroup', { id: 'grpAAAAA' });
    expect(await order()).toEqual(['Suppliers', 'Clients']);
    const cards = await db.cloudCards.toArray();
    expect(Object.fromEntries(cards.map((c) => [c.id, c.group_id]))).toEqual({
      card00001: '',
      card00002: '',
      card00003: 'grpBBBBB',
    });
    const sections = sectionsOf(await db.cloudGroups.orderBy('sort').toArray(), cards);
    expect(sections.map((s) => [s.group?.name ?? null, s.cards.length])).toEqual([
      ['Suppliers', 0],
      ['Clients', 1],
      [null, 2],
    ]);
  });

  it('a pull brings server rows and pending edits are re-applied on top', async () => {
    const db = freshDb();
    await db.cloudCards.put(serverCard('card00001'));
    await mutate(db, 'editCloudCard', { id: 'card00001', extension: rows({ name: 'Mine' }) });
    await mutate(db, 'addCloudGroup', { id: 'grpLOCAL1', name: 'Offline group' });
    await mutate(db, 'moveCloudCard', { cardId: 'card00001', groupId: 'grpLOCAL1' });

    // The server's older row of the card, a new card and a group made elsewhere arrive.
    await applyPull(
      db,
      page(10, [
        cardRow(serverCard('card00001', { extension: rows({ name: 'Server Name', company: 'Corp' }) })),
        cardRow(serverCard('card00002', { extension: rows({ name: 'Other' }) })),
        {
          table: 'cloudGroup',
          key: 'grpSERVER',
          version: 2,
          deleted: false,
          value: { id: 'grpSERVER', name: 'Server', sort: 1 },
        },
      ] as PullResult['rows']),
    );
    const mine = await db.cloudCards.get('card00001');
    // Rows merge one by one: my name over the server's, and the company row added elsewhere.
    expect(mine?.extension).toEqual(rows({ name: 'Mine', company: 'Corp' }));
    expect(mine?.group_id).toBe('grpLOCAL1');
    expect((await db.cloudCards.get('card00002'))?.extension).toEqual(rows({ name: 'Other' }));
    expect((await db.cloudGroups.toArray()).map((g) => g.id).sort()).toEqual(['grpLOCAL1', 'grpSERVER']);
    expect(((await db.meta.get('cursor')) as { value: number }).value).toBe(10);

    // A tombstone deletes.
    await applyPull(
      db,
      page(11, [
        { table: 'cloudCard', key: 'card00002', version: 3, deleted: true, value: null },
      ] as PullResult['rows']),
    );
    expect(await db.cloudCards.get('card00002')).toBeUndefined();
  });

  it('a pending delete stays deleted after a pull brings the card again', async () => {
    const db = freshDb();
    await db.cloudCards.put(serverCard('card00001'));
    await mutate(db, 'delCloudCard', { id: 'card00001' });
    await applyPull(db, page(5, [cardRow(serverCard('card00001'))]));
    expect(await db.cloudCards.get('card00001')).toBeUndefined();
  });

  it('search looks in every row value, case-insensitive, phones with or without spaces', async () => {
    const db = freshDb();
    await db.cloudCards.bulkPut([
      serverCard('card00001', {
        extension: rows({ name: 'Alice Wong', company: 'Acme Trading', tel: '+852 9123-4567' }),
      }),
      serverCard('card00002', {
        extension: rows({ name: '陳大文', company: '大文貿易有限公司', email: 'tai@man.hk' }),
      }),
    ]);
    const ids = async (q: string) => (await searchCloudCards(db, q)).map((c) => c.id);
    expect(await ids('acme')).toEqual(['card00001']);
    expect(await ids('ACME wong')).toEqual(['card00001']);
    expect(await ids('91234567')).toEqual(['card00001']);
    expect(await ids('9123 4567')).toEqual(['card00001']);
    expect(await ids('貿易')).toEqual(['card00002']);
    expect(await ids('MAN.HK')).toEqual(['card00002']);
    expect(await ids('nobody')).toEqual([]);
    expect(await ids('  ')).toEqual([]);
  });
});

describe('a refused cloud add', () => {
  it('is taken off this device; a refused edit is left to the next pull', async () => {
    const db = freshDb();
    await db.cloudCards.put(serverCard('card00009'));
    await mutate(db, 'addCloudGroup', { id: 'grpREFUSED', name: 'Refused' });
    await mutate(db, 'addCloudCard', {
      id: 'cardREFUSED',
      photo: '',
      photo_bg: '',
      extension: rows({ name: 'X' }),
      group_id: 'grpREFUSED',
    });
    await mutate(db, 'moveCloudCard', { cardId: 'card00009', groupId: 'grpREFUSED' });
    await mutate(db, 'editCloudCard', { id: 'card00009', extension: rows({ name: 'Edited' }) });
    const outbox = await db.outbox.orderBy('seq').toArray();
    const [group, card, , edit] = outbox;
    if (!group || !card || !edit) throw new Error('four changes expected');
    await settleOutbox(
      db,
      [group.id, card.id, edit.id],
      [
        { id: group.id, name: group.name, msg: 'no' },
        { id: card.id, name: card.name, msg: 'no' },
        { id: edit.id, name: edit.name, msg: 'no' },
      ],
    );
    expect(await db.cloudGroups.get('grpREFUSED')).toBeUndefined();
    expect(await db.cloudCards.get('cardREFUSED')).toBeUndefined();
    expect(await db.cloudCards.get('card00009')).toMatchObject({ group_id: '', extension: rows({ name: 'Edited' }) });
    expect(((await db.meta.get('cursor')) as { value: number }).value).toBe(0);
  });
});
