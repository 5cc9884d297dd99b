import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2; the library's enum is a const enum) with the OWASP-recommended
// cost: 19 MiB, 2 passes, 1 lane.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the account does not exist, so a wrong account costs as much time as a
// wrong password and the answer time does not tell which accounts exist.
const decoy = hash('decoy-password', OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
