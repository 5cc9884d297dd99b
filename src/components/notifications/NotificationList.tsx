import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * The drawer's list: my notifications from IndexedDB, newest first. Opening the drawer marks
 * them read (one 'readNotifications' change, offline too). Type 1 with sub-type 3 or 4 shows the
 * card icon and an unread dot and opens that friend's card; others show message and time.
 */
export function NotificationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = useNotifications();
  const [limit, setLimit] = useState(PAGE);
  /** The card opened: my entry for it, or (a card I do not keep) its share key. */
  const [open, setOpen] = useState<{ acceptId: number } | { shareStr: string } | null>(null);
  const onClose = useCallback(() => setOpen(null), []);
  // What was unread when the drawer opened keeps its dot while the drawer stays open.
  const unreadAtOpen = useRef<Set<number> | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const pullFrom = useRef<number | null>(null);

  // SPEC §4: pull-to-refresh goes back to page 1 and asks the server now.
  const refresh = () => {
    setLimit(PAGE);
    setRefreshing(true);
    ensureSyncClient().poke();
    setTimeout(() => setRefreshing(false), 800);
  };

  useEffect(() => {
    if (!items || unreadAtOpen.current) return;
    const unread = items.filter((n) => n.status_user === NOTIFY_UNREAD);
    unreadAtOpen.current = new Set(unread.map((n) => n.id));
    if (unread.length > 0) void enqueue('readNotifications', {});
  }, [items]);

  // The names this device knew for people who have since deleted their account.
  const goneIds = (items ?? []).filter((n) => n.content.account_deleted).map((n) => n.content.f_card_id);
  const goneNames = useDeletedAccountNames(goneIds);
  const messageOf = (n: NotificationRow): string => {
    const name = n.content.account_deleted ? goneNames?.get(n.content.f_card_id) : undefined;
    return n.msg_type_sub === NotifySub.accountDeleted && name
      ? t('app.notifications.accountDeleted', { name })
      : n.msg;
  };

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
      <ul
        className="notify-list"
        data-testid="notify-list"
        onTouchStart={(e) => {
          pullFrom.current = e.currentTarget.scrollTop === 0 ? (e.touches[0]?.clientY ?? null) : null;
        }}
        onTouchEnd={(e) => {
          const from = pullFrom.current;
          pullFrom.current = null;
          if (from !== null && (e.changedTouches[0]?.clientY ?? from) - from > 70) refresh();
        }}
      >
        {items.slice(0, limit).map((n) => {
          // Nothing of a deleted account's opens: its row is text only.
          const withCard =
            n.msg_type === NOTIFY_TYPE_FRIEND &&
            !n.content.account_deleted &&
            (n.msg_type_sub === NotifySub.cardAdded || n.msg_type_sub === NotifySub.cardUpdated);
          const unread = unreadAtOpen.current?.has(n.id) ?? n.status_user === NOTIFY_UNREAD;
          const text = (
            <span className="notify-text">
              <span className="notify-msg">{messageOf(n)}</span>
              <time className="notify-time" dateTime={new Date(n.time).toISOString()}>
                {formatTime(n.time)}
              </time>
            </span>
          );
          return (
            <li key={n.id}>
              {withCard ? (
                <button type="button" className="notify-item" onClick={() => void openCard(n)}>
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
        })}
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
