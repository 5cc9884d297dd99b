import {
  ASSOCIATES_MAX,
  type AssociateBody,
  type Associates,
  accountRef,
  type LoginBody,
  type LoginPayload,
  ownCodeAccount,
} from '../../src/api';
import { formatMobile } from '../../src/lib/phone';
import { ApiError } from '../http/errors';
import { verifyPassword } from '../security/passwords';
import { authenticate } from './accounts';
import type { Caller, Services } from './context';
import type { SessionDevice } from './session-device';
import { issueToken } from './tokens';
import { findUserById, loginPayload } from './users';
import { consumeCode } from './verify-codes';

/**
 * Associated accounts (src/api/associates.ts). A link is two rows of account_associations, one
 * each way, written and removed together, so either account can switch to the other.
 */
export async function listAssociates(s: Services, caller: Caller): Promise<Associates> {
  const rows = await s.db.query<{
    user_id: number;
    full_name: string;
    avatar: string;
    email: string | null;
    area: string | null;
    mobile: string | null;
    linked_at: number;
  }>(
    `select u.id as user_id, u.full_name, u.avatar, u.email, u.area, u.mobile,
            (extract(epoch from a.created_at) * 1000)::bigint as linked_at
     from account_associations a join users u on u.id = a.associated_user_id and u.deleted_at is null
     where a.user_id = $1 and a.deleted_at is null order by a.id`,
    [caller.userId],
  );
  return {
    accounts: rows.map((row) => ({
      user_id: Number(row.user_id),
      fullName: row.full_name,
      avatar: row.avatar,
      label: row.email ?? (row.mobile ? formatMobile(row.area, row.mobile) : ''),
      linked_at: Number(row.linked_at),
    })),
  };
}

/**
 * The signed-in account proves it is its owner asking, not someone holding its session: its
 * password (counted as a sign-in attempt, like a password change's current password), or, when
 * it has none, a fresh login code sent to its own address.
 */
async function proveSelf(s: Services, caller: Caller, body: AssociateBody, ip: string): Promise<void> {
  const me = await findUserById(s.db, caller.userId);
  if (!me) throw new ApiError(401, 'loginRequired');
  if (me.password_hash !== null) {
    await s.limits.loginAttempt(ip, `user:${me.id}`);
    if (!(await verifyPassword(me.password_hash, body.current_password ?? ''))) {
      throw new ApiError(400, 'associateOwnPasswordWrong');
    }
    await s.limits.loginSucceeded(ip, `user:${me.id}`);
    return;
  }
  const own = ownCodeAccount(me);
  if (!own) throw new ApiError(400, 'associateNeedsPassword');
  if (body.current_code === undefined || !(await consumeCode(s.db, accountRef(own), 'login', body.current_code))) {
    throw new ApiError(400, 'associateOwnCodeWrong');
  }
}

/**
 * Links the account the credentials sign in to (checked and rate-limited as a sign-in is), once
 * the signed-in account has proved itself too.
 */
export async function associate(s: Services, caller: Caller, body: AssociateBody, ip: string): Promise<Associates> {
  await proveSelf(s, caller, body, ip);
  const { current_password: _password, current_code: _code, ...credentials } = body;
  const other = await authenticate(s, credentials satisfies LoginBody, ip);
  if (other.id === caller.userId) throw new ApiError(400, 'associateSelf');
  await s.db.tx(async (q) => {
    // Both accounts' rows, locked in id order, so two links made at once cannot pass the cap.
    await q.query('select id from users where id in ($1, $2) order by id for update', [caller.userId, other.id]);
    const [linked] = await q.query<{ n: number }>(
      `select count(*)::int as n from account_associations
       where user_id = $1 and associated_user_id = $2 and deleted_at is null`,
      [caller.userId, other.id],
    );
    if ((linked?.n ?? 0) > 0) throw new ApiError(409, 'alreadyAssociated');
    const counts = await q.query<{ user_id: number; n: number }>(
      `select user_id, count(*)::int as n from account_associations
       where user_id in ($1, $2) and deleted_at is null group by user_id`,
      [caller.userId, other.id],
    );
    if (counts.some((row) => row.n >= ASSOCIATES_MAX)) {
      throw new ApiError(400, 'associatesTooMany', { max: ASSOCIATES_MAX });
    }
    await q.query(`insert into account_associations (user_id, associated_user_id) values ($1, $2), ($2, $1)`, [
      caller.userId,
      other.id,
    ]);
  });
  return listAssociates(s, caller);
}

/** A session for a linked account, without its password: only across a live link. */
export async function associateLogin(
  s: Services,
  caller: Caller,
  userId: number,
  device: SessionDevice | null = null,
): Promise<LoginPayload> {
  const [link] = await s.db.query<{ id: number }>(
    `select id from account_associations where user_id = $1 and associated_user_id = $2 and deleted_at is null`,
    [caller.userId, userId],
  );
  if (!link) throw new ApiError(403, 'notAssociated');
  const user = await findUserById(s.db, userId);
  if (!user) throw new ApiError(403, 'notAssociated');
  const token = await issueToken(s.db, user.id, 2, device);
  return loginPayload(user, token, 2);
}

/** Unlinks, both ways. */
export async function dissociate(s: Services, caller: Caller, userId: number): Promise<Associates> {
  const removed = await s.db.query(
    `update account_associations set deleted_at = now()
     where deleted_at is null and ((user_id = $1 and associated_user_id = $2) or (user_id = $2 and associated_user_id = $1))
     returning id`,
    [caller.userId, userId],
  );
  if (removed.length === 0) throw new ApiError(404, 'notAssociated');
  return listAssociates(s, caller);
}
