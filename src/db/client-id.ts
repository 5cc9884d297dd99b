import type { CardbookDB } from './CardbookDB';

/** This browser's client id (push idempotency, clock stamps' node), made once. */
export async function clientId(db: CardbookDB): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('clientId');
    if (row?.key === 'clientId') return row.value;
    const id = crypto.randomUUID().replaceAll('-', '');
    await db.meta.put({ key: 'clientId', value: id });
    return id;
  });
}
