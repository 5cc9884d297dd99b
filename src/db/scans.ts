/**
 * The scan screens' work on this device's database (/cloud/create, /card/identify): the review
 * queue's shots (table scans, through src/browser/scan-queue.ts), the user's area to recognize in,
 * and a recognized photo staged for upload. Screens call these and never Dexie itself.
 */
import type { CloudRow } from '../api';
import {
  addScan,
  editScanRows,
  mergeScanIntoCard,
  mergeScanIntoScan,
  type Recognizer,
  type ScanQueue,
  saveAllReady,
  saveScan,
  startScanQueue,
} from '../browser/scan-queue';
import { type Area, areaOf } from '../lib/areas';
import type { ScanRow } from './CardbookDB';
import { db } from './db';
import { LEGACY_DB_NAME } from './db-name';
import { stageUpload } from './uploads';

export const scanStore = {
  /** Keeps a new shot, queued for recognition; answers its id. */
  add: (front: Blob): Promise<string> => addScan(db, front),
  /** Sets the back of a shot; false when the shot is gone (saved or discarded meanwhile). */
  addBack: async (id: string, back: Blob): Promise<boolean> => (await db.scans.update(id, { back })) === 1,
  count: (): Promise<number> => db.scans.count(),
  discard: (id: string): Promise<void> => db.scans.delete(id),
  /** Puts back a discarded shot (the undo of `discard`). */
  restore: async (scan: ScanRow): Promise<void> => {
    await db.scans.put(scan);
  },
  /** Queues a failed shot for recognition again. */
  retry: async (id: string): Promise<void> => {
    await db.scans.update(id, { status: 'queued' });
  },
  editRows: (id: string, rows: readonly CloudRow[]): Promise<void> => editScanRows(db, id, rows),
  save: (id: string): Promise<boolean> => saveScan(db, id),
  saveAllReady: (): Promise<number> => saveAllReady(db),
  mergeIntoCard: (id: string, cardId: string): Promise<boolean> => mergeScanIntoCard(db, id, cardId),
  mergeIntoScan: (id: string, intoId: string): Promise<boolean> => mergeScanIntoScan(db, id, intoId),
  /** Runs the background recognition of queued shots (one runner per browser) until stopped. */
  startQueue: (recognize: Recognizer): ScanQueue => startScanQueue(db, recognize),
};

/** The area the user's cards are read in (mainland numbers and Simplified Chinese for 'ch'). */
export async function myScanArea(): Promise<Area> {
  return areaOf((await db.profile.get('me'))?.area);
}

/** Whether the open database is the signed-out one (src/db/legacy-db.ts), which keeps shots made signed out. */
export const signedOutDbOpen = (): boolean => db.name === LEGACY_DB_NAME;

/** A recognized card photo staged for upload with the card it is for: its local reference. */
export const stageCardPhoto = (image: Blob): Promise<string> => stageUpload(db, image, 'cardPhoto');
