import type { Queryable } from '../db/db';

/**
 * Ends every association link of the account, both rows of each (a link is written and removed
 * as a pair): after a password change, a reset or "sign out everywhere else" nobody can switch
 * into the account with a link made from a session that may have been stolen. Answers how many
 * links ended.
 */
export async function endAssociationLinks(q: Queryable, userId: number): Promise<number> {
  const ended = await q.query<{ id: number }>(
    `update account_associations set deleted_at = now()
     where deleted_at is null and (user_id = $1 or associated_user_id = $1) returning id`,
    [userId],
  );
  return ended.length / 2;
}
