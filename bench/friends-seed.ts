import type { Queryable } from '../server/db/db';
import { seedPublicCards } from './card-seed';

/**
 * Gives user `userId` `count` friends in SQL (a handful of statements, not a request per friend):
 * `count` real users with real cards (card-seed.ts: names, company, industry, share key), an
 * entry in `friends` for each card, the main group row the first add would have made, and two
 * groups of the user's own holding a share of the entries, with a remark on some entries — so
 * the pull answers `friend` rows whose friend_card_info and group_id come from real joins.
 * Entries are inserted in card order, so their versions (and the pull's order) follow it.
 */
const MAIN_SORT = 2_147_483_647;

export async function seedFriends(q: Queryable, userId: number, count: number): Promise<void> {
  await seedPublicCards(q, count);
  await q.query(
    `insert into friend_groups (user_id, name, is_main, sort) values ($1, '', true, $2)
     on conflict (user_id) where is_main do nothing`,
    [userId, MAIN_SORT],
  );
  await q.query(
    `insert into friends (user_id, friend_user_id, card_id, remark)
     select $1, c.user_id, c.id, case when c.id % 7 = 0 then 'met at ' || c.id else '' end
     from cards c join users u on u.id = c.user_id and u.profile = 'bench-seed'
     where c.deleted_at is null and c.user_id <> $1
     order by c.id`,
    [userId],
  );
  const groups = await q.query<{ id: number }>(
    `insert into friend_groups (user_id, name, sort) values ($1, 'Clients', 1), ($1, 'Suppliers', 2) returning id`,
    [userId],
  );
  for (const [i, group] of groups.entries()) {
    // Every 10th entry is a client, every 25th a supplier (some are both).
    await q.query(
      `insert into friend_group_members (user_id, friend_id, group_id)
       select $1, f.id, $2 from friends f where f.user_id = $1 and f.deleted_at is null and f.id % $3 = 0`,
      [userId, group.id, i === 0 ? 10 : 25],
    );
  }
  await q.query('analyze users, cards, card_extensions, card_share_keys, friends, friend_groups, friend_group_members');
}
