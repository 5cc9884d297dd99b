import type { AccountRef, VerifyScene } from '../../src/api';
import type { Queryable } from '../db/db';
import { accountLabel } from '../mail/sender';
import { newVerifyCode, sha256 } from '../security/secrets';

export const CODE_LIFETIME_MINUTES = 10;
/** Wrong guesses a code survives before it is burnt. */
const MAX_ATTEMPTS = 5;

const codeHash = (target: string, scene: VerifyScene, code: string) => sha256(`${target}|${scene}|${code}`);

/** Creates a fresh code for the account and scene; earlier unused codes stop working. */
export async function createCode(q: Queryable, to: AccountRef, scene: VerifyScene): Promise<string> {
  const target = accountLabel(to);
  const code = newVerifyCode();
  await q.query(
    'update verify_codes set consumed_at = now() where target = $1 and scene = $2 and consumed_at is null',
    [target, scene],
  );
  await q.query(
    `insert into verify_codes (target, scene, code_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(mins => $4))`,
    [target, scene, codeHash(target, scene, code), CODE_LIFETIME_MINUTES],
  );
  return code;
}

/**
 * Uses up the code if it is the live one for this account and scene. Each guess takes one of
 * the live code's attempts before it is compared (one atomic update), so five wrong guesses
 * burn the code even when they arrive at once, and it cannot be brute-forced in its ten minutes.
 */
export async function consumeCode(q: Queryable, to: AccountRef, scene: VerifyScene, code: string): Promise<boolean> {
  const target = accountLabel(to);
  const [live] = await q.query<{ id: number; code_hash: Buffer | Uint8Array }>(
    `update verify_codes set attempts = attempts + 1
     where id = (select id from verify_codes
                 where target = $1 and scene = $2 and consumed_at is null and expires_at > now()
                 order by created_at desc limit 1)
       and attempts < $3 and consumed_at is null
     returning id, code_hash`,
    [target, scene, MAX_ATTEMPTS],
  );
  if (!live || !Buffer.from(live.code_hash).equals(codeHash(target, scene, code))) return false;
  const used = await q.query(
    'update verify_codes set consumed_at = now() where id = $1 and consumed_at is null returning id',
    [live.id],
  );
  return used.length === 1;
}
