/**
 * The event-mode scanner's background work (issue 12), all on IndexedDB so that closing the app
 * or a dead phone loses nothing:
 *
 * - Shots go into `scans` at once as `queued`. One runner per browser (a Web Lock; the tab on the
 *   scanner holds it) recognizes them one at a time, oldest first: `recognizing`, then `ready`
 *   with fields, lines and the prepared image, or `failed` (the user types the fields). A scan
 *   found `recognizing` when the lock is taken was left by a closed tab: it goes back to `queued`.
 * - Saving a scan turns it into a cloud card whose id is the scan's id, in one transaction with
 *   the scan's removal; a save of an id that is already a card only drops the scan, so a retry
 *   never makes two cards (and the server treats a replayed id as the same card).
 * - Duplicates: a scan whose email or phone matches a card (or an older scan) is offered as a
 *   merge into it: the union of the rows, its photos kept unless it has none.
 *
 * The recognizer is injected (the screen passes ocrClient().recognize), so this is unit-tested
 * with a fake one.
 */
import type { CardFields, CloudRow } from '../api';
import { type CardbookDB, type CloudCardRow, mutate, type ScanRow, stageUpload } from '../db';
import { fieldsOfRows, rowsOfFields } from '../lib/card-fields';

export type ScanRecognition = { fields: CardFields; lines: string[]; image?: Blob | null };
export type Recognizer = (image: Blob) => Promise<ScanRecognition>;

const LOCK_NAME = 'cardbook-scan-queue';

/** Puts back in the queue the scans a closed tab was recognizing (call while holding the lock). */
export async function requeueInterrupted(db: CardbookDB): Promise<number> {
  return db.scans.where('status').equals('recognizing').modify({ status: 'queued' });
}

/** The oldest queued scan, claimed (`recognizing`), or null when none waits. */
async function claimNext(db: CardbookDB): Promise<ScanRow | null> {
  return db.transaction('rw', db.scans, async () => {
    const queued = await db.scans.where('status').equals('queued').toArray();
    queued.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    const next = queued[0];
    if (!next) return null;
    await db.scans.update(next.id, { status: 'recognizing' });
    return { ...next, status: 'recognizing' };
  });
}

/** Recognizes the oldest queued scan; false when there was none. */
export async function recognizeNext(db: CardbookDB, recognize: Recognizer): Promise<boolean> {
  const scan = await claimNext(db);
  if (!scan) return false;
  try {
    const result = await recognize(scan.front);
    // The prepared card (found, straightened) replaces the shot; the shot stays if there is none.
    const front = result.image && result.image.size > 0 ? result.image : scan.front;
    await db.scans.update(scan.id, { status: 'ready', fields: result.fields, lines: result.lines, front });
  } catch (error) {
    console.error('scan recognition', error);
    await db.scans.update(scan.id, { status: 'failed' });
  }
  return true;
}

export type ScanQueue = {
  /** A shot was added (or recognition may now run): look at the queue again. */
  poke(): void;
  /** Stops after the recognition under way; releases the lock. */
  stop(): void;
  /** Resolves once the runner has stopped. */
  done: Promise<void>;
};

/**
 * Runs the queue until stopped. With the Web Locks API only one tab of the browser runs it; the
 * others wait for the lock (and take over when that tab leaves the scanner or closes).
 */
export function startScanQueue(db: CardbookDB, recognize: Recognizer): ScanQueue {
  let stopped = false;
  let dirty = true;
  let wake: (() => void) | null = null;
  const abort = new AbortController();
  const poke = () => {
    dirty = true;
    wake?.();
  };
  const run = async () => {
    await requeueInterrupted(db);
    while (!stopped) {
      dirty = false;
      if (await recognizeNext(db, recognize)) continue;
      if (dirty || stopped) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const done = (
    locks ? locks.request(LOCK_NAME, { signal: abort.signal }, () => (stopped ? undefined : run())) : run()
  ).then(
    () => undefined,
    (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('scan queue', error);
    },
  );
  return {
    poke,
    stop() {
      stopped = true;
      abort.abort();
      wake?.();
    },
    done,
  };
}

/** A new scan, queued for recognition at once. */
export async function addScan(
  db: CardbookDB,
  front: Blob,
  back: Blob | null = null,
  now = Date.now(),
  id = crypto.randomUUID().replaceAll('-', ''),
): Promise<string> {
  await db.scans.add({ id, front, back, status: 'queued', fields: null, lines: [], createdAt: now });
  return id;
}

/** The rows a scan would be saved with. */
export const rowsOfScan = (scan: Pick<ScanRow, 'fields'>): CloudRow[] => (scan.fields ? rowsOfFields(scan.fields) : []);

/** Rows without blank values (the server drops them too). */
const filledRows = (rows: readonly CloudRow[]): CloudRow[] => rows.filter((r) => r.value.trim() !== '');

/**
 * Saves a scan as a new cloud card (id = scan id) with its photos, and drops the scan, in one
 * transaction. Answers false when the scan is gone. A second save of the same scan adds nothing.
 */
export async function saveScan(db: CardbookDB, scanId: string, rows?: readonly CloudRow[]): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    const scan = await db.scans.get(scanId);
    if (!scan) return false;
    if (!(await db.cloudCards.get(scanId))) {
      const photo = await stageUpload(db, scan.front, 'cloudPhoto');
      const photoBg = scan.back ? await stageUpload(db, scan.back, 'cloudPhoto') : '';
      await mutate(db, 'addCloudCard', {
        id: scan.id,
        photo,
        photo_bg: photoBg,
        extension: filledRows(rows ?? rowsOfScan(scan)),
        group_id: '',
      });
    }
    await db.scans.delete(scan.id);
    return true;
  });
}

/** Saves every ready scan (oldest first); answers how many cards were made. */
export async function saveAllReady(db: CardbookDB): Promise<number> {
  const ready = await db.scans.where('status').equals('ready').sortBy('createdAt');
  let saved = 0;
  for (const scan of ready) if (await saveScan(db, scan.id)) saved += 1;
  return saved;
}

/** Stores corrected rows on a scan (kept through a closed app until it is saved). */
export async function editScanRows(db: CardbookDB, scanId: string, rows: readonly CloudRow[]): Promise<void> {
  await db.scans.update(scanId, { fields: fieldsOfRows(filledRows(rows)) });
}

// Duplicates -------------------------------------------------------------------------------

const emailKey = (value: string): string => value.trim().toLowerCase();
/** A phone by its last 8 digits: the same number with or without a country code or spaces. */
const phoneKey = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-8) : '';
};

function contactKeys(rows: readonly CloudRow[]): Set<string> {
  const keys = new Set<string>();
  for (const { key, value } of rows) {
    if (key === 'email' && emailKey(value) !== '') keys.add(`e:${emailKey(value)}`);
    if (key === 'tel' && phoneKey(value) !== '') keys.add(`t:${phoneKey(value)}`);
  }
  return keys;
}

export type Duplicate = { kind: 'card'; card: CloudCardRow } | { kind: 'scan'; scan: ScanRow };

/**
 * The card (first) or older scan sharing an email or phone with a scan, or null. Cards are
 * preferred: merging into a card is what the user wants from "Looks like …".
 */
export function findDuplicate(
  scan: Pick<ScanRow, 'id' | 'fields' | 'createdAt'>,
  cards: readonly CloudCardRow[],
  scans: readonly ScanRow[],
): Duplicate | null {
  const mine = contactKeys(rowsOfScan(scan));
  if (mine.size === 0) return null;
  const shares = (rows: readonly CloudRow[]) => [...contactKeys(rows)].some((k) => mine.has(k));
  const card = cards.find((c) => c.id !== scan.id && shares(c.extension));
  if (card) return { kind: 'card', card };
  // Of two scans of one card, the newer one is the duplicate (so they never point at each other).
  const older = scans.find(
    (s) =>
      s.id !== scan.id &&
      (s.createdAt < scan.createdAt || (s.createdAt === scan.createdAt && s.id < scan.id)) &&
      shares(rowsOfScan(s)),
  );
  return older ? { kind: 'scan', scan: older } : null;
}

const rowKey = (row: CloudRow): string => `${row.key}\u0000${row.value.trim().toLowerCase()}`;

/** The rows of `base` followed by those of `extra` it lacks (same key and value, case aside). */
export function unionRows(base: readonly CloudRow[], extra: readonly CloudRow[]): CloudRow[] {
  const seen = new Set(base.map(rowKey));
  const out = filledRows(base);
  for (const row of filledRows(extra)) {
    // A second name or English name becomes "other" rather than replacing the card's.
    const taken = (row.key === 'name' || row.key === 'english_name') && out.some((r) => r.key === row.key);
    const next = taken ? { key: 'other', value: row.value } : row;
    if (seen.has(rowKey(next)) || seen.has(rowKey(row))) continue;
    seen.add(rowKey(next));
    out.push(next);
  }
  return out;
}

/** Merges a scan into the card it duplicates (rows united, photos filled if it has none). */
export async function mergeScanIntoCard(
  db: CardbookDB,
  scanId: string,
  cardId: string,
  rows?: readonly CloudRow[],
): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    const scan = await db.scans.get(scanId);
    const card = await db.cloudCards.get(cardId);
    if (!scan || !card) return false;
    const photo = card.photo === '' ? await stageUpload(db, scan.front, 'cloudPhoto') : undefined;
    const photoBg = card.photo_bg === '' && scan.back ? await stageUpload(db, scan.back, 'cloudPhoto') : undefined;
    await mutate(db, 'editCloudCard', {
      id: card.id,
      extension: unionRows(card.extension, rows ?? rowsOfScan(scan)),
      ...(photo === undefined ? {} : { photo }),
      ...(photoBg === undefined ? {} : { photo_bg: photoBg }),
    });
    await db.scans.delete(scan.id);
    return true;
  });
}

/** Merges a scan into an older scan of the same card (rows united, the older's photos kept). */
export async function mergeScanIntoScan(db: CardbookDB, scanId: string, intoId: string): Promise<boolean> {
  return db.transaction('rw', db.scans, async () => {
    const scan = await db.scans.get(scanId);
    const into = await db.scans.get(intoId);
    if (!scan || !into) return false;
    await db.scans.update(into.id, {
      fields: fieldsOfRows(unionRows(rowsOfScan(into), rowsOfScan(scan))),
      back: into.back ?? scan.back,
    });
    await db.scans.delete(scan.id);
    return true;
  });
}
