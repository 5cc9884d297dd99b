import { accountRef, type BindAccountBody, type LoginMethod, type LoginMethods } from '../../src/api';
import { formatMobile } from '../../src/lib/phone';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { requireCode } from './accounts';
import type { Caller, Services } from './context';
import { findUserById, identityKey } from './users';

/**
 * The ways an account signs in (login_identities): emails, mobile numbers and, bound through
 * OAuth, Google and Facebook accounts. An identity signs in to one account only (its live
 * unique index), and an account always keeps at least one.
 */
type IdentityRow = { id: number; kind: LoginMethod['kind']; identifier: string; label: string; created_at: number };

function methodOf(row: IdentityRow): LoginMethod {
  let label = row.label || row.identifier;
  if (row.kind === 'mobile') {
    const [area = '', national = ''] = row.identifier.split(':');
    label = formatMobile(area, national);
  }
  return { id: Number(row.id), kind: row.kind, label, created_at: Number(row.created_at) };
}

function identities(q: Queryable, userId: number, lock = false): Promise<IdentityRow[]> {
  return q.query<IdentityRow>(
    `select id, kind, identifier, label, (extract(epoch from created_at) * 1000)::bigint as created_at
     from login_identities where user_id = $1 and deleted_at is null order by id${lock ? ' for update' : ''}`,
    [userId],
  );
}

export async function listLoginMethods(s: Services, caller: Caller): Promise<LoginMethods> {
  const user = await findUserById(s.db, caller.userId);
  if (!user) throw new ApiError(401, 'loginRequired');
  const rows = await identities(s.db, caller.userId);
  return { methods: rows.map(methodOf), providers: s.thirdParty.providers(), password: user.password_hash !== null };
}

/** Binds an email or mobile number with the `bind` code sent to it. */
export async function bindAccount(s: Services, caller: Caller, body: BindAccountBody): Promise<LoginMethods> {
  const to = accountRef(body);
  await requireCode(s, to, 'bind', body.code);
  const { kind, identifier } = identityKey(to);
  await s.db.tx(async (q) => {
    const added = await q.query(
      `insert into login_identities (user_id, kind, identifier) values ($1, $2, $3)
       on conflict do nothing returning id`,
      [caller.userId, kind, identifier],
    );
    if (added.length === 0) {
      const [owner] = await q.query<{ user_id: number }>(
        'select user_id from login_identities where kind = $1 and identifier = $2 and deleted_at is null',
        [kind, identifier],
      );
      throw new ApiError(409, Number(owner?.user_id) === caller.userId ? 'alreadyBound' : 'accountTaken');
    }
    // The account's contact address or number, when it had none of that kind.
    if (to.kind === 'email') {
      await q.query('update users set email = $2 where id = $1 and email is null', [caller.userId, to.email]);
    } else {
      await q.query('update users set area = $2, mobile = $3 where id = $1 and mobile is null', [
        caller.userId,
        to.area,
        to.mobile,
      ]);
    }
  });
  return listLoginMethods(s, caller);
}

/** Removes one of my login methods; never the last one. */
export async function unbindLoginMethod(s: Services, caller: Caller, id: number): Promise<LoginMethods> {
  await s.db.tx(async (q) => {
    // Locking every live identity of the account: two removals at once cannot leave it none.
    const rows = await identities(q, caller.userId, true);
    const target = rows.find((row) => Number(row.id) === id);
    if (!target) throw new ApiError(404, 'loginMethodNotFound');
    if (rows.length <= 1) throw new ApiError(400, 'lastLoginMethod');
    await q.query('update login_identities set deleted_at = now() where id = $1', [id]);
    // The contact address or number shown on the account follows what is still bound.
    const rest = rows.filter((row) => row !== target && row.kind === target.kind);
    if (target.kind === 'email') {
      await q.query('update users set email = $3 where id = $1 and email = $2', [
        caller.userId,
        target.identifier,
        rest[0]?.identifier ?? null,
      ]);
    } else if (target.kind === 'mobile') {
      const [area, national] = target.identifier.split(':');
      const [nextArea = null, nextNational = null] = rest[0]?.identifier.split(':') ?? [];
      await q.query('update users set area = $4, mobile = $5 where id = $1 and area = $2 and mobile = $3', [
        caller.userId,
        area,
        national,
        nextArea,
        nextNational,
      ]);
    }
  });
  return listLoginMethods(s, caller);
}
