import type { CardbookDB } from './CardbookDB';

/**
 * Cloud cards and groups deleted on this device whose undo window has not ended
 * (src/components/cloud/pending-delete.ts), kept in the meta table so the delete survives the
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
