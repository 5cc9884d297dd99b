/**
 * The cloud screens' local state beside the outbox (their changes go through `enqueue`,
 * outbox.ts): a delete waits out its undo window as an intent kept in IndexedDB
 * (cloud-deletes.ts), and a photo picked offline is read back for an export. Screens call these
 * and never Dexie itself.
 */
import {
  type CloudDeleteIntent,
  commitCloudDelete,
  forgetCloudDelete,
  keepCloudDelete,
  readCloudDeletes,
} from './cloud-deletes';
import { db } from './db';
import { isLocalRef, LOCAL_REF } from './uploads';

/** A group in a change of a card's group: '0' is "not grouped". */
export const NOT_GROUPED = '0';

/** Deletes within their undo window, kept so a page closed within it still makes them. */
export const cloudDeletes = {
  keep: (intent: CloudDeleteIntent): Promise<void> => keepCloudDelete(db, intent),
  forget: (id: string): Promise<void> => forgetCloudDelete(db, id),
  commit: (id: string): Promise<void> => commitCloudDelete(db, id),
  read: (): Promise<CloudDeleteIntent[]> => readCloudDeletes(db),
};

/** A photo picked here and not uploaded yet (a local reference), from IndexedDB; undefined for any other. */
export async function localPhotoBlob(photo: string): Promise<Blob | undefined> {
  if (!isLocalRef(photo)) return undefined;
  return (await db.uploads.get(photo.slice(LOCAL_REF.length)))?.blob;
}
