import type { CardbookDB } from './CardbookDB';
import { LOCAL_TABLES, mutate } from './mutations';

/**
 * Cloud cards and groups deleted on this device whose undo window has not ended
 * (src/components/cloud/deletes.ts), kept in the meta table so the delete survives the
 * page closing within the window: the next start makes it.
 */
export type CloudDeleteIntent = { kind: 'card' | 'group'; id: string; title: string; at: number };

const KEY = 'cloudDeletes';

export async function readCloudDeletes(db: CardbookDB): Promise<CloudDeleteIntent[]> {
  const row = await db.meta.get(KEY);
  return row?.key === KEY ? row.value : [];
}

export async function writeCloudDeletes(db: CardbookDB, intents: CloudDeleteIntent[]): Promise<void> {
  if (intents.length === 0) await db.meta.delete(KEY);
  else await db.meta.put({ key: KEY, value: intents });
}

/** Keeps the intent of a delete just made (replacing one of the same id). */
export async function keepCloudDelete(db: CardbookDB, intent: CloudDeleteIntent): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const intents = await readCloudDeletes(db);
    await writeCloudDeletes(db, [...intents.filter((p) => p.id !== intent.id), intent]);
  });
}

/** Forgets the intent of a delete undone. */
export async function forgetCloudDelete(db: CardbookDB, id: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const intents = await readCloudDeletes(db);
    await writeCloudDeletes(
      db,
      intents.filter((p) => p.id !== id),
    );
  });
}

/**
 * Makes the delete (through the outbox) and forgets its intent in one transaction, so two tabs
 * (or a commit racing the next start) make it once. Nothing happens when the intent is gone.
 */
export async function commitCloudDelete(db: CardbookDB, id: string): Promise<void> {
  await db.transaction('rw', [...LOCAL_TABLES(db), db.meta], async () => {
    const intents = await readCloudDeletes(db);
    const item = intents.find((p) => p.id === id);
    if (!item) return;
    if (item.kind === 'card') await mutate(db, 'delCloudCard', { id });
    else await mutate(db, 'delCloudGroup', { id });
    await writeCloudDeletes(
      db,
      intents.filter((p) => p.id !== id),
    );
  });
}
