/**
 * Files picked on this device (card photos) so that a change made offline can carry them.
 *
 * Picking a file stores the blob in `uploads` and answers a reference `local:<id>`, which the
 * change uses wherever a URL goes; screens show the blob through usePhotoSrc. Before the sync
 * worker pushes a change it uploads every file the change refers to, with the id as the
 * server's idempotency key (a replay after a lost answer is stored once), and sends the change
 * with the server's URLs in place of the references. A blob is dropped once no queued change
 * refers to it; a picked file never saved is dropped after a day.
 */
import type { CardbookDB, UploadTarget } from './CardbookDB';

export const LOCAL_REF = 'local:';
const ABANDONED_MS = 24 * 60 * 60 * 1000;

export const isLocalRef = (value: string): boolean => value.startsWith(LOCAL_REF);
const refId = (ref: string): string => ref.slice(LOCAL_REF.length);

/** Keeps a picked file on this device and answers the reference a change may use for it. */
export async function stageUpload(db: CardbookDB, blob: Blob, target: UploadTarget): Promise<string> {
  const id = crypto.randomUUID().replaceAll('-', '');
  await db.uploads.add({ id, blob, target, url: null, createdAt: Date.now() });
  return `${LOCAL_REF}${id}`;
}

/** Every `local:` reference inside a value, deep. */
export function localRefs(value: unknown): string[] {
  if (typeof value === 'string') return isLocalRef(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(localRefs);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(localRefs);
  return [];
}

/** The value with each reference replaced by its URL. */
export function replaceRefs(value: unknown, urls: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return urls.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => replaceRefs(v, urls));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceRefs(v, urls)]));
  }
  return value;
}

export type UploadFn = (upload: { id: string; blob: Blob; target: UploadTarget }) => Promise<string>;

/**
 * The URLs of the references, uploading what is not uploaded yet. Answers null when a file is
 * gone from this device (the change cannot be sent as made).
 */
export async function resolveRefs(
  db: CardbookDB,
  refs: readonly string[],
  upload: UploadFn,
): Promise<Map<string, string> | null> {
  const urls = new Map<string, string>();
  for (const ref of new Set(refs)) {
    const row = await db.uploads.get(refId(ref));
    if (!row) return null;
    let url = row.url;
    if (url === null) {
      url = await upload({ id: row.id, blob: row.blob, target: row.target });
      await db.uploads.update(row.id, { url });
    }
    urls.set(ref, url);
  }
  return urls;
}

/** Drops blobs no queued change refers to: uploaded ones at once, never-saved picks after a day. */
export async function pruneUploads(db: CardbookDB, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.uploads, db.outbox, async () => {
    const pending = await db.outbox.toArray();
    const wanted = new Set(pending.flatMap((entry) => localRefs(entry.args)).map(refId));
    const stale = await db.uploads
      .filter((row) => !wanted.has(row.id) && (row.url !== null || now - row.createdAt > ABANDONED_MS))
      .primaryKeys();
    await db.uploads.bulkDelete(stale);
  });
}
