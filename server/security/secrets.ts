import { createHash, randomBytes, randomInt } from 'node:crypto';

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
