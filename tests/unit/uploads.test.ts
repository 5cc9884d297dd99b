import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardbookDB } from '../../src/db/CardbookDB';
import { localRefs, pruneUploads, replaceRefs, resolveRefs, stageUpload } from '../../src/db/uploads';

let n = 0;
const dbs: CardbookDB[] = [];
function freshDb(): CardbookDB {
  n += 1;
  const db = new CardbookDB(`uploads-test-${n}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

const photo = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });

describe('files picked offline', () => {
  it('finds and replaces local references anywhere in a change', () => {
    const args = { name: 'x', photo: 'local:a', extension: { list: ['local:b', '/blobs/c'] } };
    expect(localRefs(args)).toEqual(['local:a', 'local:b']);
    expect(replaceRefs(args, new Map([['local:a', '/blobs/a']]))).toEqual({
      name: 'x',
      photo: '/blobs/a',
      extension: { list: ['local:b', '/blobs/c'] },
    });
  });

  it('uploads each file once, with its id, and reuses the URL on a replay', async () => {
    const db = freshDb();
    const ref = await stageUpload(db, photo(), 'cardPhoto');
    const upload = vi.fn(async ({ id }: { id: string }) => `/blobs/${id}.webp`);
    const first = await resolveRefs(db, [ref, ref], upload);
    const again = await resolveRefs(db, [ref], upload);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(first?.get(ref)).toBe(`/blobs/${ref.slice('local:'.length)}.webp`);
    expect(again?.get(ref)).toBe(first?.get(ref));
  });

  it('answers null when the file is gone, and leaves a failed upload to be retried', async () => {
    const db = freshDb();
    expect(await resolveRefs(db, ['local:missing'], vi.fn())).toBeNull();
    const ref = await stageUpload(db, photo(), 'cardPhoto');
    await expect(resolveRefs(db, [ref], () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect((await db.uploads.toArray())[0]?.url).toBeNull();
  });

  it('drops uploaded files no queued change needs, and never-saved picks after a day', async () => {
    const db = freshDb();
    const queued = await stageUpload(db, photo(), 'cardPhoto');
    const done = await stageUpload(db, photo(), 'cardPhoto');
    const picked = await stageUpload(db, photo(), 'cardPhoto');
    await resolveRefs(db, [queued, done], async ({ id }) => `/blobs/${id}`);
    await db.outbox.add({ id: 'm1', name: 'saveCard', args: { photo: queued }, createdAt: Date.now() });
    await pruneUploads(db);
    const left = (await db.uploads.toArray()).map((row) => `local:${row.id}`).sort();
    expect(left).toEqual([queued, picked].sort());
    await pruneUploads(db, Date.now() + 25 * 60 * 60 * 1000);
    expect((await db.uploads.toArray()).map((row) => `local:${row.id}`)).toEqual([queued]);
  });
});
