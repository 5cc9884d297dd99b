import type { AccountRef, LoginPayload, LoginType, Profile } from '../../src/api';
import type { Queryable } from '../db/db';

/** The identity row key of an account: emails lower-cased, mobiles as area:national number. */
export function identityKey(ref: AccountRef): { kind: 'email' | 'mobile'; identifier: string } {
  return ref.kind === 'email'
    ? { kind: 'email', identifier: ref.email }
    : { kind: 'mobile', identifier: `${ref.area}:${ref.mobile}` };
}

export type UserRow = {
  id: number;
  full_name: string;
  english_name: string;
  avatar: string;
  area: string | null;
  mobile: string | null;
  email: string | null;
  sex: 0 | 1 | 2;
  sex_type: number;
  age: number | null;
  profile: string;
  birth: string | null;
  password_hash: string | null;
  signup_type: number;
};

const USER_COLUMNS = `u.id, u.full_name, u.english_name, u.avatar, u.area, u.mobile, u.email, u.sex, u.sex_type,
  u.age, u.profile, to_char(u.birth, 'YYYY-MM-DD') as birth, u.password_hash, u.signup_type`;

export async function findUserByAccount(q: Queryable, ref: AccountRef): Promise<UserRow | null> {
  const { kind, identifier } = identityKey(ref);
  const [row] = await q.query<UserRow>(
    `select ${USER_COLUMNS} from login_identities i join users u on u.id = i.user_id
     where i.kind = $1 and i.identifier = $2 and i.deleted_at is null and u.deleted_at is null`,
    [kind, identifier],
  );
  return row ?? null;
}

export async function findUserById(q: Queryable, userId: number): Promise<UserRow | null> {
  const [row] = await q.query<UserRow>(`select ${USER_COLUMNS} from users u where u.id = $1 and u.deleted_at is null`, [
    userId,
  ]);
  return row ?? null;
}

export type VersionedUserRow = UserRow & { version: number; deleted: boolean };

/** The user's row if it changed after `version`, a deleted one (tombstone) included: for sync pull. */
export async function findUserChangedAfter(
  q: Queryable,
  userId: number,
  version: number,
): Promise<VersionedUserRow | null> {
  const [row] = await q.query<VersionedUserRow>(
    `select ${USER_COLUMNS}, u.version, u.deleted_at is not null as deleted from users u
     where u.id = $1 and u.version > $2`,
    [userId, version],
  );
  return row ?? null;
}

export function loginPayload(user: UserRow, token: string, loginType: LoginType): LoginPayload {
  return {
    id: user.id,
    fullName: user.full_name,
    avatar: user.avatar,
    token,
    area: user.area,
    mobile: user.mobile,
    email: user.email,
    sex: user.sex,
    age: user.age,
    profile: user.profile,
    birth: user.birth,
    password: user.password_hash !== null,
    login_type: loginType,
  };
}

export function profileOf(user: UserRow): Profile {
  return {
    user_id: user.id,
    fullName: user.full_name,
    name: user.full_name,
    english_name: user.english_name,
    avatar: user.avatar,
    area: user.area,
    mobile: user.mobile,
    email: user.email,
    sex: user.sex,
    sex_type: user.sex_type,
    age: user.age,
    profile: user.profile,
    birth: user.birth,
    tipEditPassword: user.password_hash === null,
  };
}
