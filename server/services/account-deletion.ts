import { type DeleteAccountBody, NOTIFY_TYPE_FRIEND, NotifySub } from '../../src/api';
import { blobKeyOf } from '../blobs/store';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { authenticate, sessionsEnded } from './accounts';
import type { Caller, Services } from './context';
import { pushCardChanged } from './friends';
import { revokeOtherTokens } from './tokens';

/** Every file the account uploaded or is shown with, by its URL. */
async function blobUrls(q: Queryable, userId: number): Promise<string[]> {
  const rows = await q.query<{ url: string }>(
    `select avatar as url from users where id = $1
     union select photo from cards where user_id = $1 union select photo_back from cards where user_id = $1
     union select url from uploads where user_id = $1
     union select photo from cloud_cards where user_id = $1 union select photo_bg from cloud_cards where user_id = $1
     union select image from feedback where user_id = $1
     union select proof_url from physical_card_orders where user_id = $1`,
    [userId],
  );
  return rows.map((row) => row.url).filter((url): url is string => Boolean(url));
}

/** My cards' ids. */
async function cardIdsOf(q: Queryable, userId: number): Promise<number[]> {
  return (await q.query<{ id: number }>('select id from cards where user_id = $1', [userId])).map((r) => Number(r.id));
}

/** My card leaves every share link: the revoked keys, for the shared-card cache. */
async function revokeShareKeys(q: Queryable, cards: number[]): Promise<string[]> {
  return (
    await q.query<{ share_key: string }>(
      'update card_share_keys set revoked_at = coalesce(revoked_at, now()) where card_id = any($1::bigint[]) returning share_key',
      [cards],
    )
  ).map((r) => r.share_key);
}

/** People who kept my card: it is gone (status 20), and so are my name and picture in what they were told. */
async function markCardGoneForHolders(q: Queryable, userId: number, cards: number[]): Promise<number[]> {
  const holders = (
    await q.query<{ user_id: number }>(
      `update friends set status = 20 where card_id = any($1::bigint[]) and user_id <> $2 and deleted_at is null
         returning user_id`,
      [cards, userId],
    )
  ).map((r) => Number(r.user_id));
  // What they were told stays, without her name or picture, marked as about a deleted account
  // (so nothing offers to open her card); and each is told the account was deleted. Their
  // devices keep showing the name they knew (src/db/deleted-accounts.ts).
  await q.query(
    `update notifications set icon = '', msg = '', content = content || '{"name": "", "account_deleted": true}'::jsonb
       where user_id <> $1 and ((content->>'f_card_id') ~ '^[0-9]+$' and (content->>'f_card_id')::bigint = any($2::bigint[])
         or (content->>'from') = $1::text)`,
    [userId, cards],
  );
  await q.query(
    `insert into notifications (user_id, msg_type, msg_type_sub, icon, content)
       select distinct f.user_id, $3::int, $4::int, '',
         jsonb_build_object('f_card_id', f.card_id, 'name', '', 'account_deleted', true)
       from friends f where f.card_id = any($1::bigint[]) and f.user_id <> $2 and f.deleted_at is null`,
    [cards, userId, NOTIFY_TYPE_FRIEND, NotifySub.accountDeleted],
  );
  return holders;
}

/** Mine: tombstones where other devices sync the table, nothing where they do not. Each takes the user id as $1. */
const SCRUB_MINE = [
  `update users set full_name = '', english_name = '', avatar = '', area = null, mobile = null, email = null,
     sex = 0, sex_type = 0, age = null, profile = '', birth = null, password_hash = null, clocks = '{}',
     deleted_at = now() where id = $1`,
  `update cards set name = '', english_name = '', photo = '', photo_back = '', profile = '', search_text = '',
     is_open = false, clocks = '{}', deleted_at = coalesce(deleted_at, now()) where user_id = $1`,
  `delete from card_extensions where card_id in (select id from cards where user_id = $1)`,
  `update cloud_cards set extension = '[]', photo = '', photo_bg = '', search_text = '', clocks = '{}',
     deleted_at = coalesce(deleted_at, now()) where user_id = $1`,
  `update cloud_groups set name = '', clocks = '{}', deleted_at = coalesce(deleted_at, now()) where user_id = $1`,
  `update friend_groups set name = '', clocks = '{}', deleted_at = coalesce(deleted_at, now()) where user_id = $1`,
  `update friends set remark = '', clocks = '{}', deleted_at = coalesce(deleted_at, now()) where user_id = $1`,
  `update friend_group_members set deleted_at = coalesce(deleted_at, now()) where user_id = $1`,
  `update company_content set clocks = '{}', deleted_at = coalesce(deleted_at, now()) where user_id = $1`,
  `delete from company_items where user_id = $1`,
  `update exchange_rooms set name = '', joiner_password_hash = null, deleted_at = coalesce(deleted_at, now())
     where host_user_id = $1`,
  `update exchange_members set settle_pending = false where user_id = $1`,
  `update physical_card_orders set delivery = '{}', name_on_card = '', proof_url = null, tracking_no = null,
     payment_to = '{}', deleted_at = coalesce(deleted_at, now()) where user_id = $1`,
  `update physical_card_order_events set note = '' where order_id in (select id from physical_card_orders where user_id = $1)`,
  // A code's target is written as the identity's key is (email, or area:number).
  `delete from verify_codes where target in (select identifier from login_identities where user_id = $1)`,
  `delete from login_identities where user_id = $1`,
  `delete from oauth_logins where user_id = $1`,
  `delete from oauth_store where grant_id in (select id from oauth_store where model = 'Grant' and account_id = $1::text)`,
  `delete from oauth_store where account_id = $1::text`,
  `delete from account_associations where user_id = $1 or associated_user_id = $1`,
  `delete from notifications where user_id = $1`,
  `delete from sync_mutations where user_id = $1`,
  `delete from feedback where user_id = $1`,
  `delete from uploads where user_id = $1`,
];

/** What the transaction leaves to do once it commits. */
type Erased = { urls: string[]; shareKeys: string[]; holders: number[]; tokens: number[] };

/** The one transaction: the account locked, my card withdrawn from others, my rows scrubbed, my other sessions revoked. */
async function eraseAccountRows(q: Queryable, userId: number): Promise<Erased> {
  await q.query('select id from users where id = $1 for update', [userId]);
  const urls = await blobUrls(q, userId);
  const cards = await cardIdsOf(q, userId);
  const shareKeys = await revokeShareKeys(q, cards);
  const holders = await markCardGoneForHolders(q, userId, cards);
  for (const sql of SCRUB_MINE) await q.query(sql, [userId]);
  const tokens = await revokeOtherTokens(q, userId, null);
  return { urls, shareKeys, holders, tokens };
}

/** My uploaded files leave the blob store (a file already gone is no failure). */
async function removeBlobs(s: Services, urls: string[]): Promise<void> {
  for (const url of urls) {
    const key = blobKeyOf(url);
    if (key) await s.blobs.remove(key).catch(() => undefined);
  }
}

/**
 * Deletes my account after I sign in again (the same checks as sign-in, and the credentials must
 * be this account's). In one transaction: my card leaves every share link and search, people who
 * kept it see status 20 (and lose my name and photo from their notifications), and every row of
 * mine loses its personal data; rows that other devices sync (card, friends, groups, cloud cards,
 * profile) stay only as tombstones, so those devices learn of the deletion. Then my uploaded
 * files leave the blob store and my sessions end.
 */
export async function deleteAccount(s: Services, caller: Caller, body: DeleteAccountBody, ip: string): Promise<void> {
  const me = await authenticate(s, body, ip);
  if (me.id !== caller.userId) throw new ApiError(400, 'wrongPassword');
  const userId = caller.userId;

  const { urls, shareKeys, holders, tokens } = await s.db.tx((q) => eraseAccountRows(q, userId));

  await s.sharedCards.changed(s.db, shareKeys);
  await removeBlobs(s, urls);
  await sessionsEnded(s, userId, tokens);
  await pushCardChanged(s, [...new Set(holders)]).catch(() => undefined);
}
