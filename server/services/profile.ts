import sharp from 'sharp';
import type { Profile, SetProfileBody } from '../../src/api';
import { isNewer } from '../../src/lib/hlc';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { stampOf, superseded } from './clock';
import type { Caller, Services } from './context';
import { pokeOwnDevices } from './pushes';
import { notOwnedUpload, storeUpload } from './uploads';
import { findUserById, profileOf } from './users';

export async function getProfile(s: Services, caller: Caller): Promise<Profile> {
  const user = await findUserById(s.db, caller.userId);
  if (!user) throw new ApiError(401, 'loginRequired');
  return profileOf(user);
}

/**
 * GET getProfile's answer, serialised: the copy this process keeps a moment (SessionCache), else
 * my row's. Only for that read: a service that just wrote my row reads it with getProfile.
 */
export async function keptProfileJson(s: Services, caller: Caller): Promise<string> {
  const kept = s.sessions.profileJson(caller.userId);
  if (kept) return kept;
  const mark = s.sessions.mark();
  const json = JSON.stringify(await getProfile(s, caller));
  s.sessions.keepProfile(caller.userId, json, mark);
  return json;
}

const COLUMN: Record<keyof SetProfileBody, string> = {
  fullName: 'full_name',
  english_name: 'english_name',
  sex: 'sex',
  age: 'age',
  profile: 'profile',
  birth: 'birth',
  avatar: 'avatar',
};

/**
 * Changes only the fields sent, each only if this edit was made after the field's last write
 * (newest edit wins, see ./clock.ts), in one transaction; my other devices are poked to pull.
 */
export async function setProfile(s: Services, caller: Caller, body: SetProfileBody): Promise<Profile> {
  const stamp = stampOf(caller);
  const changedKeys = await s.db.tx(async (q) => {
    const [row] = await q.query<{ clocks: Record<string, string> }>(
      'select clocks from users where id = $1 for update',
      [caller.userId],
    );
    if (!row) throw new ApiError(401, 'loginRequired');
    const sent = (Object.keys(COLUMN) as (keyof SetProfileBody)[]).filter((k) => body[k] !== undefined);
    const fields = sent.filter((k) => isNewer(stamp, row.clocks[k]));
    superseded(
      caller,
      sent.filter((k) => !fields.includes(k)),
    );
    if (sent.length === 0) return [];
    if (fields.includes('avatar') && body.avatar) {
      if (await notOwnedUpload(q, caller.userId, [{ field: 'avatar', url: body.avatar }], ['avatar'])) {
        throw new ApiError(400, 'uploadNotYours', { field: 'avatar' });
      }
    }
    // Even when a later edit kept every field, the row is written so its version moves and the
    // device that sent this change pulls the winning values.
    const clocks = { ...row.clocks, ...Object.fromEntries(fields.map((k) => [k, stamp])) };
    const sets = fields.map((k, i) => `${COLUMN[k]} = $${i + 3}`);
    await q.query(`update users set ${['clocks = $2::jsonb', ...sets].join(', ')} where id = $1`, [
      caller.userId,
      JSON.stringify(clocks),
      ...fields.map((k) => body[k]),
    ]);
    return fields.includes('avatar') ? avatarChanged(q, caller) : [];
  });
  if (changedKeys.length > 0) await s.sharedCards.changed(s.db, changedKeys);
  await pokeOwnDevices(s, caller);
  return getProfile(s, caller);
}

export const AVATAR_SIZE = 512;

/**
 * POST uploadAvatar: stores the image as my avatar's file (decoded, anything sharp cannot decode
 * refused, upright, metadata stripped, a square WebP). With the device's upload id it is only
 * stored (a replay answers the file stored the first time) and the setProfile change naming it
 * makes it my avatar; without, it is my avatar at once.
 */
export async function uploadAvatar(
  s: Services,
  caller: Caller,
  upload: Buffer,
  uploadId: string | null,
): Promise<string> {
  const { url } = await storeUpload(s, caller, { purpose: 'avatar', uploadId }, async () => {
    try {
      const data = await sharp(upload, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
      return { data, ext: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE };
    } catch {
      throw new ApiError(400, 'notImage');
    }
  });
  if (uploadId === null) await setProfile(s, caller, { avatar: url });
  return url;
}

/**
 * A new avatar is shown with my card to everyone keeping it: their entries move, so sync re-sends
 * them, and visitors of my shared card see it at once, not after the in-memory copy expires.
 */
async function avatarChanged(q: Queryable, caller: Caller): Promise<string[]> {
  await q.query(
    `update friends set updated_at = now()
     where deleted_at is null and card_id in (select id from cards where user_id = $1 and deleted_at is null)`,
    [caller.userId],
  );
  const keys = await q.query<{ share_key: string }>(
    `select k.share_key from card_share_keys k join cards c on c.id = k.card_id
     where c.user_id = $1 and k.revoked_at is null`,
    [caller.userId],
  );
  return keys.map((k) => k.share_key);
}
