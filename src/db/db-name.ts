/**
 * Each account keeps its own IndexedDB database (`cardbook-u{userId}`), with its own outbox,
 * so switching to an associated account never mixes two accounts' rows, and changes one
 * account queued offline are sent with its token only. `cardbook` is the database of a session
 * whose user is not known yet, and the single database of versions before this one
 * (./legacy-db.ts moves it into its user's).
 */
export const LEGACY_DB_NAME = 'cardbook';

export function dbNameFor(userId: number): string {
  return userId > 0 ? `cardbook-u${userId}` : LEGACY_DB_NAME;
}

/** The account whose database this is, or null for a database of no known account. */
export function ownerOfDbName(name: string): number | null {
  const match = /^cardbook-u(\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
}
