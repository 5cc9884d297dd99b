import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardFields } from '../../src/api';
import {
  addScan,
  findDuplicate,
  mergeScanIntoCard,
  type Recognizer,
  recognizeNext,
  saveAllReady,
  saveScan,
  startScanQueue,
  unionRows,
} from '../../src/browser/scan-queue';
import { CardbookDB } from '../../src/db/CardbookDB';
import { mutate } from '../../src/db/mutations';
import { EMPTY_FIELDS } from '../../src/lib/card-fields';

let n = 0;
const dbs: CardbookDB[] = [];
function freshDb(): CardbookDB {
  n += 1;
  const db = new CardbookDB(`scan-queue-test-${n}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

const fields = (over: Partial<CardFields>): CardFields => ({ ...EMPTY_FIELDS, ...over });
const shot = (text: string) => new Blob([text], { type: 'image/jpeg' });
const textOf = (blob: Blob) => blob.text();

/** A recognizer that reads the "photo" text as the name, tracking how many run at once. */
function fakeRecognizer(opts: { failOn?: string; delayMs?: number } = {}) {
  const seen: string[] = [];
  let running = 0;
  let maxRunning = 0;
  const recognize: Recognizer = async (image) => {
    running += 1;
    maxRunning = Math.max(maxRunning, running);
    const text = await textOf(image);
    seen.push(text);
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 5));
    running -= 1;
    if (text === opts.failOn) throw new Error('unreadable');
    return {
      fields: fields({ name: text, email: [`${text.toLowerCase()}@example.com`] }),
      lines: [text],
      image: shot(`prepared ${text}`),
    };
  };
  return { recognize, seen, maxRunning: () => maxRunning };
}

async function until(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('scan queue', () => {
  it('recognizes shots in the order taken, one at a time, while more are added', async () => {
    const db = freshDb();
    const fake = fakeRecognizer({ delayMs: 20 });
    await addScan(db, shot('A'), null, 1);
    await addScan(db, shot('B'), null, 2);
    const queue = startScanQueue(db, fake.recognize);
    await addScan(db, shot('C'), null, 3);
    queue.poke();
    await until(async () => (await db.scans.where('status').equals('ready').count()) === 3);
    queue.stop();
    await queue.done;
    expect(fake.seen).toEqual(['A', 'B', 'C']);
    expect(fake.maxRunning()).toBe(1);
    const a = (await db.scans.toArray()).find((s) => s.fields?.name === 'A');
    expect(a?.lines).toEqual(['A']);
    expect(a && (await textOf(a.front))).toBe('prepared A');
  });

  it('keeps the original shot when recognition gives no prepared image', async () => {
    const db = freshDb();
    const id = await addScan(db, shot('orig'));
    await recognizeNext(db, async () => ({ fields: fields({ name: 'X' }), lines: ['X'], image: null }));
    const scan = await db.scans.get(id);
    expect(scan?.status).toBe('ready');
    expect(scan && (await textOf(scan.front))).toBe('orig');
  });

  it('retries a scan a closed app left recognizing', async () => {
    const db = freshDb();
    const id = await addScan(db, shot('Crash'));
    await db.scans.update(id, { status: 'recognizing' }); // the tab closed mid-recognition
    const fake = fakeRecognizer();
    const queue = startScanQueue(db, fake.recognize);
    await until(async () => (await db.scans.get(id))?.status === 'ready');
    queue.stop();
    await queue.done;
    expect(fake.seen).toEqual(['Crash']);
  });

  it('marks a failure failed and goes on with the next shot', async () => {
    const db = freshDb();
    const bad = await addScan(db, shot('Bad'), null, 1);
    const good = await addScan(db, shot('Good'), null, 2);
    const fake = fakeRecognizer({ failOn: 'Bad' });
    const queue = startScanQueue(db, fake.recognize);
    await until(async () => (await db.scans.get(good))?.status === 'ready');
    queue.stop();
    await queue.done;
    expect((await db.scans.get(bad))?.status).toBe('failed');
    expect((await db.scans.get(bad))?.fields).toBeNull();
  });
});

describe('saving scans', () => {
  it('save all makes one addCloudCard per ready scan, and a second save adds nothing', async () => {
    const db = freshDb();
    const fake = fakeRecognizer();
    const ids = [await addScan(db, shot('One'), shot('back'), 1), await addScan(db, shot('Two'), null, 2)];
    await addScan(db, shot('Later'), null, 3); // still queued: not saved
    await recognizeNext(db, fake.recognize);
    await recognizeNext(db, fake.recognize);

    expect(await saveAllReady(db)).toBe(2);
    expect(await saveAllReady(db)).toBe(0);
    const adds = (await db.outbox.toArray()).filter((e) => e.name === 'addCloudCard');
    expect(adds.map((e) => (e.args as { id: string }).id).sort()).toEqual([...ids].sort());
    const cards = await db.cloudCards.bulkGet(ids);
    expect(cards.map((c) => c?.extension.find((r) => r.key === 'name')?.value)).toEqual(['One', 'Two']);
    expect(cards[0]?.photo).toMatch(/^local:/);
    expect(cards[0]?.photo_bg).toMatch(/^local:/);
    expect(cards[1]?.photo_bg).toBe('');
    expect(await db.uploads.count()).toBe(3);
    expect(await db.scans.count()).toBe(1);
  });

  it('a save retried after the card exists (crash between) does not add it twice', async () => {
    const db = freshDb();
    const id = await addScan(db, shot('Once'));
    await recognizeNext(db, fakeRecognizer().recognize);
    await mutate(db, 'addCloudCard', { id, photo: '', photo_bg: '', extension: [], group_id: '' });
    expect(await saveScan(db, id)).toBe(true);
    expect(await db.scans.count()).toBe(0);
    expect(await db.outbox.filter((e) => e.name === 'addCloudCard').count()).toBe(1);
    expect(await saveScan(db, id)).toBe(false);
  });

  it('saves corrected rows', async () => {
    const db = freshDb();
    const id = await addScan(db, shot('Typo'));
    await recognizeNext(db, fakeRecognizer().recognize);
    await saveScan(db, id, [
      { key: 'name', value: 'Fixed' },
      { key: 'tel', value: ' ' },
    ]);
    expect((await db.cloudCards.get(id))?.extension).toEqual([{ key: 'name', value: 'Fixed' }]);
  });
});

describe('duplicates', () => {
  const card = (id: string, rows: Record<string, string>) => ({
    id,
    photo: '',
    photo_bg: '',
    extension: Object.entries(rows).map(([key, value]) => ({ key, value })),
    group_id: '',
    created_at: 1,
    updated_at: 1,
  });
  const scan = (id: string, f: Partial<CardFields>, createdAt = 10) => ({
    id,
    front: shot(id),
    back: null,
    status: 'ready' as const,
    fields: fields(f),
    lines: [],
    createdAt,
  });

  it('matches a card by email (case aside) or by phone (spacing and country code aside)', () => {
    const cards = [
      card('c1', { name: 'Chan Tai Man', email: 'TM.Chan@Example.com' }),
      card('c2', { tel: '+852 9123 4567' }),
    ];
    expect(findDuplicate(scan('s', { email: ['tm.chan@example.com'] }), cards, [])).toMatchObject({
      kind: 'card',
      card: { id: 'c1' },
    });
    expect(findDuplicate(scan('s', { tel: ['9123-4567'] }), cards, [])).toMatchObject({ card: { id: 'c2' } });
    expect(findDuplicate(scan('s', { email: ['other@example.com'], tel: ['1234'] }), cards, [])).toBeNull();
  });

  it('matches an older scan, never the newer one', () => {
    const older = scan('a', { email: ['x@example.com'] }, 1);
    const newer = scan('b', { email: ['x@example.com'] }, 2);
    expect(findDuplicate(newer, [], [older, newer])).toMatchObject({ kind: 'scan', scan: { id: 'a' } });
    expect(findDuplicate(older, [], [older, newer])).toBeNull();
  });

  it('merges into the card: rows united, photo filled only when it had none', async () => {
    const db = freshDb();
    await mutate(db, 'addCloudCard', {
      id: 'card0001',
      photo: '',
      photo_bg: '',
      extension: [
        { key: 'name', value: 'Chan' },
        { key: 'email', value: 'c@example.com' },
      ],
      group_id: '',
    });
    const id = await addScan(db, shot('scan'));
    await db.scans.update(id, {
      status: 'ready',
      fields: fields({ name: 'Chan Tai Man', email: ['C@example.com'], tel: ['91234567'] }),
    });
    expect(await mergeScanIntoCard(db, id, 'card0001')).toBe(true);
    const merged = await db.cloudCards.get('card0001');
    expect(merged?.extension).toEqual([
      { key: 'name', value: 'Chan' },
      { key: 'email', value: 'c@example.com' },
      { key: 'other', value: 'Chan Tai Man' },
      { key: 'tel', value: '91234567' },
    ]);
    expect(merged?.photo).toMatch(/^local:/);
    expect(await db.scans.count()).toBe(0);
    expect(await db.outbox.filter((e) => e.name === 'editCloudCard').count()).toBe(1);
  });

  it('unionRows keeps the base and adds only what it lacks', () => {
    expect(
      unionRows(
        [{ key: 'tel', value: '1' }],
        [
          { key: 'tel', value: '1' },
          { key: 'tel', value: '2' },
          { key: 'email', value: '' },
        ],
      ),
    ).toEqual([
      { key: 'tel', value: '1' },
      { key: 'tel', value: '2' },
    ]);
  });
});
