import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { type CardCopy, copyBody, copyFragment, signedBytes } from '../../src/lib/card-copy';
import type { Db } from '../db/db';
import { serverSecret } from '../security/secrets';

/**
 * The server's Ed25519 key for the card copies QR codes carry (src/lib/card-copy.ts): made once
 * and kept in the database (every process signs with the same key); the app keeps the public
 * half and verifies a copy it scans with no signal.
 */
export type CardCopies = {
  /** The public key, raw (32 bytes) in base64url, as GET /api/card/copyKey answers it. */
  readonly publicKey: string;
  /** The share link's fragment carrying `copy`, signed for `shareKey`. */
  fragment(shareKey: string, copy: CardCopy): string;
};

export async function cardCopies(db: Db): Promise<CardCopies> {
  const pem = await serverSecret(db, 'card.copy.ed25519', () =>
    generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  );
  const privateKey: KeyObject = createPrivateKey(pem);
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('card.copy.ed25519 is not an Ed25519 key');
  return {
    publicKey: jwk.x,
    fragment(shareKey, copy) {
      const body = copyBody(copy);
      return copyFragment(body, sign(null, signedBytes(shareKey, body), privateKey));
    },
  };
}
