import type { CardbookDB } from './CardbookDB';

/**
 * What the service worker's background sync sent while no page of the app was open (issue 24):
 * counted per account database, told once the next time the app opens on it, then forgotten.
 */
export async function noteSentInBackground(db: CardbookDB, count: number): Promise<void> {
  if (count <= 0) return;
  await db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('sentInBackground');
    const before = row?.key === 'sentInBackground' ? row.value : 0;
    await db.meta.put({ key: 'sentInBackground', value: before + count });
  });
}

/** The count noted since the app was last open (0 for none), cleared as it is read. */
export function takeSentInBackground(db: CardbookDB): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('sentInBackground');
    if (row?.key !== 'sentInBackground') return 0;
    await db.meta.delete('sentInBackground');
    return row.value;
  });
}
