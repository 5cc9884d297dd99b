import { useNavigate } from '@tanstack/react-router';
import { type TouchEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFY_TYPE_FRIEND, NOTIFY_UNREAD, type Notification, NotifySub } from '../../api';
import { ensureSyncClient } from '../../browser/sync-client';
import { notificationCalls } from '../../clients/notifications';
import type { NotificationRow } from '../../db';
import { friendOfCard } from '../../db/friend-lookup';
import { useDeletedAccountNames } from '../../db/hooks/friends';
import { useNotifications } from '../../db/hooks/notifications';
import { enqueue } from '../../db/outbox';
import { formatTime } from '../../lib/format-time';
import { FriendCardOverlay } from '../friends/FriendCardOverlay';
import { SharedCardOverlay } from '../friends/SharedCardOverlay';
import { CardIcon } from '../icons';
import { toast } from '../toast';
import '../friends/friends.css';

/**
 * Opening a notification online: the server marks it read and answers it as it stands now, its
 * card looked up by who it is from (someone who added mine before making theirs has one now).
 * Offline, or refused: null, and what this device holds is used.
 */
async function openedNow(n: NotificationRow): Promise<Notification['content'] | null> {
  if (!navigator.onLine) return null;
  try {
    return (await notificationCalls.open(n.id)).content;
  } catch {
    return null;
  }
}

/** How many items show at first and per "Load more" (SPEC §4 paging, done on local rows). */
const PAGE = 20;

/** Nothing of a deleted account's opens: its row is text only. */
const opensCard = (n: NotificationRow) =>
  n.msg_type === NOTIFY_TYPE_FRIEND &&
  !n.content.account_deleted &&
  (n.msg_type_sub === NotifySub.cardAdded || n.msg_type_sub === NotifySub.cardUpdated);

/**
 * The drawer's list: my notifications from IndexedDB, newest first. Opening the drawer marks
 * them read (one 'readNotifications' change, offline too). Type 1 with sub-type 3 or 4 shows the
 * card icon and an unread dot and opens that friend's card; others show message and time.
 */
export function NotificationList() {
  const { t } = useTranslation();
  const items = useNotifications();
  const [limit, setLimit] = useState(PAGE);
  const { open, onClose, openCard } = useOpenCard();
  const { refreshing, refresh, pullHandlers } = usePullToRefresh(() => setLimit(PAGE));
  const unreadAtOpen = useReadOnOpen(items);
  const messageOf = useMessageOf(items);

  if (items === undefined) {
    return (
      <p className="empty-note" role="status">
        {t('app.notifications.loading')}
      </p>
    );
  }

  return (
    <>
      <div className="notify-tools">
        <span role="status">{refreshing ? t('app.notifications.refreshing') : ''}</span>
        <button type="button" className="btn btn-inline" onClick={refresh} disabled={refreshing}>
          {t('app.notifications.refresh')}
        </button>
      </div>
      {items.length === 0 ? <p className="empty-note">{t('app.notifications.empty')}</p> : null}
      <ul className="notify-list" data-testid="notify-list" {...pullHandlers}>
        {items.slice(0, limit).map((n) => (
          <NotificationItem
            key={n.id}
            n={n}
            message={messageOf(n)}
            unread={unreadAtOpen.current?.has(n.id) ?? n.status_user === NOTIFY_UNREAD}
            onOpen={() => void openCard(n)}
          />
        ))}
        {items.length > limit ? (
          <li>
            <button type="button" className="btn btn-ghost btn-block" onClick={() => setLimit(limit + PAGE)}>
              {t('app.notifications.more')}
            </button>
          </li>
        ) : null}
      </ul>
      {open && 'acceptId' in open ? <FriendCardOverlay acceptId={open.acceptId} onClose={onClose} /> : null}
      {open && 'shareStr' in open ? <SharedCardOverlay shareStr={open.shareStr} onClose={onClose} /> : null}
    </>
  );
}

/**
 * The card a notification opens: my entry for it, or (a card I do not keep) its share key; an
 * order's notification opens the order instead.
 */
function useOpenCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ acceptId: number } | { shareStr: string } | null>(null);
  const onClose = useCallback(() => setOpen(null), []);

  const openCard = async (n: NotificationRow) => {
    if (n.content.order_id) {
      await navigate({ to: '/exclusiveCard', search: { order: n.content.order_id } });
      return;
    }
    const content = (await openedNow(n)) ?? n.content;
    const cardId = content.f_card_id;
    const friend = cardId > 0 ? await friendOfCard(cardId) : undefined;
    if (friend) setOpen({ acceptId: friend.accept_id });
    else if (content.f_share_str) setOpen({ shareStr: content.f_share_str });
    else toast(t('app.notifications.notHeld'), 'info');
  };

  return { open, onClose, openCard };
}

/** SPEC §4: pull-to-refresh (or the button) goes back to page 1 and asks the server now. */
function usePullToRefresh(toFirstPage: () => void) {
  const [refreshing, setRefreshing] = useState(false);
  const pullFrom = useRef<number | null>(null);

  const refresh = () => {
    toFirstPage();
    setRefreshing(true);
    ensureSyncClient().poke();
    setTimeout(() => setRefreshing(false), 800);
  };

  const pullHandlers = {
    onTouchStart: (e: TouchEvent<HTMLUListElement>) => {
      pullFrom.current = e.currentTarget.scrollTop === 0 ? (e.touches[0]?.clientY ?? null) : null;
    },
    onTouchEnd: (e: TouchEvent<HTMLUListElement>) => {
      const from = pullFrom.current;
      pullFrom.current = null;
      if (from !== null && (e.changedTouches[0]?.clientY ?? from) - from > 70) refresh();
    },
  };

  return { refreshing, refresh, pullHandlers };
}

/**
 * Marks what is unread as read once the list is first loaded; what was unread then keeps its dot
 * while the drawer stays open.
 */
function useReadOnOpen(items: NotificationRow[] | undefined) {
  const unreadAtOpen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!items || unreadAtOpen.current) return;
    const unread = items.filter((n) => n.status_user === NOTIFY_UNREAD);
    unreadAtOpen.current = new Set(unread.map((n) => n.id));
    if (unread.length > 0) void enqueue('readNotifications', {});
  }, [items]);
  return unreadAtOpen;
}

/** A notification's words, with the name this device knew for someone who has since deleted their account. */
function useMessageOf(items: NotificationRow[] | undefined) {
  const { t } = useTranslation();
  const goneIds = (items ?? []).filter((n) => n.content.account_deleted).map((n) => n.content.f_card_id);
  const goneNames = useDeletedAccountNames(goneIds);
  return (n: NotificationRow): string => {
    const name = n.content.account_deleted ? goneNames?.get(n.content.f_card_id) : undefined;
    return n.msg_type_sub === NotifySub.accountDeleted && name
      ? t('app.notifications.accountDeleted', { name })
      : n.msg;
  };
}

/** One notification: its words and time; a card's, with the card icon and unread dot, opens it. */
function NotificationItem(props: { n: NotificationRow; message: string; unread: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const { n, unread } = props;
  const text = (
    <span className="notify-text">
      <span className="notify-msg">{props.message}</span>
      <time className="notify-time" dateTime={new Date(n.time).toISOString()}>
        {formatTime(n.time)}
      </time>
    </span>
  );
  return (
    <li>
      {opensCard(n) ? (
        <button type="button" className="notify-item" onClick={props.onOpen}>
          {text}
          <span className="notify-icon" title={t('app.notifications.openCard')}>
            {n.icon ? <img src={n.icon} alt="" /> : <CardIcon />}
            {unread ? <span className="notify-dot" /> : null}
            <span className="visually-hidden">
              {t('app.notifications.openCard')}
              {unread ? ` · ${t('app.notifications.unreadDot')}` : ''}
            </span>
          </span>
        </button>
      ) : (
        <div className="notify-item">{text}</div>
      )}
    </li>
  );
}
