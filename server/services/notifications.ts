import {
  NOTIFY_PAGE_SIZE_DEFAULT,
  NOTIFY_READ,
  NOTIFY_UNREAD,
  type Notification,
  type NotifyList,
  type NotifyListQuery,
  NotifySub,
  PHYSICAL_STATUSES,
  type PhysicalStatus,
  type ReadNotificationsBody,
  type SyncRow,
} from '../../src/api';
import type { Locale } from '../../src/i18n/langs';
import { personName } from '../../src/lib/display-name';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { serverText } from '../i18n';
import type { Caller, Services } from './context';
import { namesOf } from './friends';
import { orderStatusText } from './physical-cards';
import { pokeOwnDevices } from './pushes';

const isStatus = (value: unknown): value is PhysicalStatus => PHYSICAL_STATUSES.includes(value as PhysicalStatus);

/**
 * Notifications (SPEC §2 drawer, §3 "Notification", §4 notification paging). A row keeps the
 * facts (type, sub-type, the card concerned and the name it had); its text is written in the
 * reader's language when read, so it follows a change of language. Scoped to the caller.
 */

type NotificationRow = {
  id: number;
  version: number;
  deleted: boolean;
  msg_type: number;
  msg_type_sub: number;
  msg: string;
  icon: string;
  content: {
    f_card_id?: number;
    name?: string;
    count?: number;
    order_id?: number;
    order_no?: string;
    status?: string;
    from?: number;
    account_deleted?: boolean;
  };
  f_share_str: string | null;
  /** Who the notification is from (content.from), as they are now: their names and live card. */
  sender: {
    full_name: string;
    english_name: string;
    card_name: string | null;
    card_english_name: string | null;
    card_id: number | null;
    share_str: string | null;
  } | null;
  status_user: number;
  time: number;
};

const COLUMNS = `id, version, deleted_at is not null as deleted, msg_type, msg_type_sub, msg, icon, content,
  status_user, (extract(epoch from created_at) * 1000)::bigint as time,
  (select k.share_key from card_share_keys k
    where k.card_id = (content->>'f_card_id')::bigint and k.revoked_at is null) as f_share_str,
  (select jsonb_build_object('full_name', u.full_name, 'english_name', u.english_name, 'card_name', c.name,
      'card_english_name', c.english_name, 'card_id', c.id, 'share_str', k.share_key)
    from users u
    left join cards c on c.user_id = u.id and c.deleted_at is null
    left join card_share_keys k on k.card_id = c.id and k.revoked_at is null
    where u.id = case when content->>'from' ~ '^[0-9]{1,18}$' then (content->>'from')::bigint end
      and u.deleted_at is null
    limit 1) as sender`;

/**
 * The name a notification gives: the one it was made with, else (someone who had given none then,
 * and has since) what they are called now by the one display-name rule.
 */
function nameOf(row: NotificationRow): string {
  return row.content.name || (row.sender ? personName(namesOf(row.sender)) : '');
}

function messageOf(row: NotificationRow, locale: Locale): string {
  const name = nameOf(row) || serverText(locale, 'someone');
  if (row.msg_type_sub === NotifySub.accountDeleted) return serverText(locale, 'notifyAccountDeleted');
  if (row.msg_type_sub === NotifySub.cardAdded) return serverText(locale, 'notifyCardAdded', { name });
  if (row.msg_type_sub === NotifySub.cardUpdated) return serverText(locale, 'notifyCardUpdated', { name });
  if (row.msg_type_sub === NotifySub.orderStatus && row.content.order_no && isStatus(row.content.status)) {
    return orderStatusText(locale, row.content.order_no, row.content.status);
  }
  if (row.msg_type_sub === NotifySub.exchanged) {
    return serverText(locale, 'notifyExchanged', { name, count: row.content.count ?? 0 });
  }
  return row.msg;
}

function notificationOf(row: NotificationRow, locale: Locale): Notification {
  // A card made after the notification (someone added mine before making theirs): theirs now.
  const late = !row.content.f_card_id && row.sender?.card_id ? row.sender : null;
  return {
    id: row.id,
    msg_type: row.msg_type,
    msg_type_sub: row.msg_type_sub,
    msg: messageOf(row, locale),
    time: Number(row.time),
    icon: row.icon,
    status_user: row.status_user,
    content: {
      f_card_id: Number(late?.card_id ?? row.content.f_card_id ?? 0),
      f_share_str: (late ? late.share_str : row.f_share_str) ?? '',
      ...(row.content.order_id ? { order_id: Number(row.content.order_id) } : {}),
      ...(row.content.account_deleted ? { account_deleted: 1 as const } : {}),
    },
  };
}

/** GET /api/notify/list/{page}: a page of my notifications, newest first, and how many are unread. */
export async function listNotifications(
  s: Services,
  caller: Caller,
  page: number,
  query: NotifyListQuery,
): Promise<NotifyList> {
  const pageSize = query.page_size ?? NOTIFY_PAGE_SIZE_DEFAULT;
  const rows = await s.db.query<NotificationRow>(
    `select ${COLUMNS} from notifications where user_id = $1 and deleted_at is null
     order by id desc limit $2 offset $3`,
    [caller.userId, pageSize, (page - 1) * pageSize],
  );
  const [unread] = await s.db.query<{ n: number }>(
    'select count(*)::int as n from notifications where user_id = $1 and status_user = $2 and deleted_at is null',
    [caller.userId, NOTIFY_UNREAD],
  );
  return {
    list: rows.map((row) => notificationOf(row, caller.locale)),
    page_size: pageSize,
    unread: unread?.n ?? 0,
  };
}

/** POST /api/notify/read_all: every notification of mine is read (SPEC §4: opening the drawer). */
export async function readNotifications(
  s: Services,
  caller: Caller,
  _body: ReadNotificationsBody,
): Promise<{ unread: number }> {
  const read = await s.db.query(
    `update notifications set status_user = $2 where user_id = $1 and status_user = $3 and deleted_at is null
     returning id`,
    [caller.userId, NOTIFY_READ, NOTIFY_UNREAD],
  );
  if (read.length > 0) await pokeOwnDevices(s, caller);
  return { unread: 0 };
}

/**
 * POST /api/notify/open/{id}: opening one notification. It is read from now on, and answers as
 * it stands now: the card it names is looked up by who it is from at this moment, so the card of
 * someone who added mine before making theirs opens.
 */
export async function openNotification(s: Services, caller: Caller, id: number): Promise<Notification> {
  const read = await s.db.query<{ id: number }>(
    `update notifications set status_user = $3 where id = $1 and user_id = $2 and deleted_at is null
       and status_user <> $3 returning id`,
    [id, caller.userId, NOTIFY_READ],
  );
  const [row] = await s.db.query<NotificationRow>(
    `select ${COLUMNS} from notifications where id = $1 and user_id = $2 and deleted_at is null`,
    [id, caller.userId],
  );
  if (!row) throw new ApiError(404, 'notificationNotFound');
  if (read.length > 0) await pokeOwnDevices(s, caller);
  return notificationOf(row, caller.locale);
}

/** Sync pull: my notifications changed after the cursor, deletes as tombstones. */
export async function notificationRows(
  q: Queryable,
  caller: Caller,
  cursor: number,
  limit: number,
): Promise<SyncRow[]> {
  const rows = await q.query<NotificationRow>(
    `select ${COLUMNS} from notifications where user_id = $1 and version > $2 order by version limit $3`,
    [caller.userId, cursor, limit],
  );
  return rows.map((row) => ({
    table: 'notification',
    key: String(row.id),
    version: row.version,
    deleted: row.deleted,
    value: row.deleted ? null : notificationOf(row, caller.locale),
  }));
}
