import sharp from 'sharp';
import type { Profile, SetProfileBody } from '../../src/api';
import { ApiError } from '../http/errors';
import { randomKey } from '../security/secrets';
import type { Caller, Services } from './context';
import { findUserById, profileOf } from './users';

export async function getProfile(s: Services, caller: Caller): Promise<Profile> {
  const user = await findUserById(s.db, caller.userId);
  if (!user) throw new ApiError(401, 'loginRequired');
  return profileOf(user);
}

const COLUMN: Record<keyof SetProfileBody, string> = {
  fullName: 'full_name',
  english_name: 'english_name',
  sex: 'sex',
  age: 'age',
  profile: 'profile',
  birth: 'birth',
};

/** Changes only the fields sent, in one statement. */
export async function setProfile(s: Services, caller: Caller, body: SetProfileBody): Promise<Profile> {
  const entries = (Object.keys(COLUMN) as (keyof SetProfileBody)[]).filter((k) => body[k] !== undefined);
  if (entries.length > 0) {
    const sets = entries.map((k, i) => `${COLUMN[k]} = $${i + 2}`).join(', ');
    await s.db.query(`update users set ${sets} where id = $1`, [caller.userId, ...entries.map((k) => body[k])]);
  }
  return getProfile(s, caller);
}

export const AVATAR_SIZE = 512;

/**
 * Decodes the upload as an image (anything sharp cannot decode is refused), strips its
 * metadata, turns it upright and re-encodes it as a square WebP before it is stored.
 */
export async function setAvatar(s: Services, caller: Caller, upload: Buffer): Promise<string> {
  let image: Buffer;
  try {
    image = await sharp(upload, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ApiError(400, 'notImage');
  }
  const url = await s.blobs.put(`avatars/${randomKey(16)}.webp`, image);
  await s.db.query('update users set avatar = $2 where id = $1', [caller.userId, url]);
  return url;
}
