import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/db';

/** A session token: 256 random bits, base64url. Only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Six random digits, uniformly drawn. */
export function newVerifyCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** A short random key for URLs (share keys, blob names), base64url. */
export function randomKey(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * A secret of the server (a signing key, say), made once and kept in the database, so every
 * process of a deployment uses the same one. Two servers starting at once on one database: the
 * first one's value wins, both use it.
 */
export async function serverSecret(db: Db, name: string, make: () => string): Promise<string> {
  const read = () => db.query<{ value: string }>('select value from server_secrets where name = $1', [name]);
  const [kept] = await read();
  if (kept) return kept.value;
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict do nothing', [name, make()]);
  const [row] = await read();
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}
