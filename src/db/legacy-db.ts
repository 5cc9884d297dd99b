import Dexie from 'dexie';
import { CardbookDB } from './CardbookDB';
import { dbNameFor, LEGACY_DB_NAME } from './db-name';

/** What a signed-out account left to send: kept for it, whoever signs in meanwhile. */
const PENDING_TABLES = ['outbox', 'uploads', 'scans'] as const;
/**
 * What was made signed out (scans, cards saved from them, their photos): it belongs to no
 * account yet, so it goes to the next one to sign in, with the rows the screens show.
 */
const SIGNED_OUT_TABLES = [...PENDING_TABLES, 'cloudCards', 'cloudGroups'] as const;
/** How many moved change ids a database remembers, so a move interrupted and run again adds none twice. */
const ADOPTED_MAX = 1000;

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
 * waiting changes is left for that account.
 *
 * `cardbook` is also the database of a signed-out page (db-name.ts): what was made there (scans
 * shot and cards saved while signed out, issue 23) belongs to nobody yet and moves into the
 * account signing in, exactly once: a change already moved is never queued again, even when a
 * move was cut short and runs again. One holding nothing is deleted.
 */
export async function moveLegacyDatabase(userId: number): Promise<void> {
  if (userId <= 0 || !(await Dexie.exists(LEGACY_DB_NAME))) return;
  const legacy = new CardbookDB(LEGACY_DB_NAME);
  try {
    const owner = ownerOf(await legacy.meta.get('session'), await legacy.meta.get('pendingOwner'));
    if (owner !== userId && owner !== 0) return;
    const targetName = dbNameFor(userId);
    const fresh = owner === userId && !(await Dexie.exists(targetName));
    const names: string[] = fresh
      ? legacy.tables.map((table) => table.name)
      : owner === 0
        ? [...SIGNED_OUT_TABLES]
        : [...PENDING_TABLES];
    const rows = new Map<string, Record<string, unknown>[]>();
    for (const name of names) rows.set(name, (await legacy.table(name).toArray()) as Record<string, unknown>[]);
    if (owner === 0 && names.every((name) => (rows.get(name) ?? []).length === 0)) {
      await legacy.delete();
      return;
    }
    const target = new CardbookDB(targetName);
    try {
      await target.transaction('rw', [...new Set([...names, 'meta', 'cloudCards'])], async () => {
        const adopted = await adoptedIds(target);
        for (const name of names) {
          const table = target.table(name);
          const moved = rows.get(name) ?? [];
          if (fresh) await table.bulkPut(moved);
          else if (name === 'outbox') {
            // After the ones already queued there, in their own order (seq is assigned anew);
            // a change this database already took (queued, or sent since) is not queued again.
            const queued = new Set((await target.outbox.toArray()).map((row) => row.id));
            const fresher = moved.filter((row) => !queued.has(String(row.id)) && !adopted.has(String(row.id)));
            await table.bulkAdd(fresher.map(({ seq: _seq, ...row }) => row));
            await rememberAdopted(target, [...adopted, ...fresher.map((row) => String(row.id))]);
          } else if (name === 'scans') {
            // A scan saved meanwhile in this account is a card now, not a scan to review again.
            const saved = new Set((await target.cloudCards.toArray()).map((card) => card.id));
            await table.bulkPut(moved.filter((scan) => !saved.has(String(scan.id))));
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

async function adoptedIds(db: CardbookDB): Promise<Set<string>> {
  const row = await db.meta.get('adoptedChanges');
  return new Set(row?.key === 'adoptedChanges' ? row.value : []);
}

async function rememberAdopted(db: CardbookDB, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.meta.put({ key: 'adoptedChanges', value: ids.slice(-ADOPTED_MAX) });
}
