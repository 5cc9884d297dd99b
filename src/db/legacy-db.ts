import Dexie from 'dexie';
import { CardbookDB } from './CardbookDB';
import { dbNameFor, LEGACY_DB_NAME } from './db-name';

/** What a signed-out account left to send: kept for it, whoever signs in meanwhile. */
const PENDING_TABLES = ['outbox', 'uploads', 'scans'] as const;

type Owned = { key: string; value?: unknown };

function ownerOf(session: Owned | undefined, pendingOwner: Owned | undefined): number {
  const fromSession = (session?.value as { userId?: unknown } | undefined)?.userId;
  if (typeof fromSession === 'number' && fromSession > 0) return fromSession;
  return typeof pendingOwner?.value === 'number' ? pendingOwner.value : 0;
}

/**
 * Moves the one database of earlier versions (`cardbook`) into its user's own database the
 * first time that user's session starts here, losing nothing: every table when the user's
 * database is new; when it already exists, only the changes still waiting to be sent (outbox,
 * staged files, unsaved scans), after the ones it holds. A database holding another account's
 * waiting changes is left for that account; one holding nobody's is deleted.
 */
export async function moveLegacyDatabase(userId: number): Promise<void> {
  if (userId <= 0 || !(await Dexie.exists(LEGACY_DB_NAME))) return;
  const legacy = new CardbookDB(LEGACY_DB_NAME);
  try {
    const owner = ownerOf(await legacy.meta.get('session'), await legacy.meta.get('pendingOwner'));
    if (owner !== userId) {
      if (owner === 0 && (await legacy.outbox.count()) === 0 && (await legacy.scans.count()) === 0) {
        await legacy.delete();
      }
      return;
    }
    const targetName = dbNameFor(userId);
    const fresh = !(await Dexie.exists(targetName));
    const names = fresh ? legacy.tables.map((table) => table.name) : [...PENDING_TABLES];
    const rows = new Map<string, Record<string, unknown>[]>();
    for (const name of names) rows.set(name, (await legacy.table(name).toArray()) as Record<string, unknown>[]);
    const target = new CardbookDB(targetName);
    try {
      await target.transaction('rw', names, async () => {
        for (const name of names) {
          const table = target.table(name);
          const moved = rows.get(name) ?? [];
          if (fresh) await table.bulkPut(moved);
          else if (name === 'outbox') {
            // After the ones already queued there, in their own order (seq is assigned anew).
            await table.bulkAdd(moved.map(({ seq: _seq, ...row }) => row));
          } else await table.bulkPut(moved);
        }
        if (fresh) await target.meta.delete('pendingOwner');
      });
    } finally {
      target.close();
    }
    await legacy.delete();
  } finally {
    legacy.close();
  }
}
