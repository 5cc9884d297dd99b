import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_GROUP_ID } from '../api';
import { friendDeletes } from '../components/friends/deletes';
import { FriendCardOverlay } from '../components/friends/FriendCardOverlay';
import { FriendItem } from '../components/friends/FriendItem';
import { CardIcon } from '../components/icons';
import { usePendingDeletes } from '../components/undo/pending-delete';
import { UndoBar } from '../components/undo/UndoBar';
import { WindowedList } from '../components/WindowedList';
import type { FriendRow } from '../db';
import { useFriends, useQueuedFriendAdds } from '../db/hooks/friends';
import { useGroups } from '../db/hooks/groups';
import { useSession, useSyncState } from '../db/hooks/session';
import { enqueue } from '../db/outbox';
import '../components/friends/friends.css';

export const ROW_HEIGHT = 72;

/** The group shown, kept while the app runs so coming back shows the same tab (SPEC §2 "kept alive"). */
let lastGroupId = MAIN_GROUP_ID;
let lastScrollTop = 0;

/**
 * /friendsList: my friends by group, read from IndexedDB (live, offline). Group tabs with their
 * counts and update badges, the main group "All" last; a windowed list; the friend card overlay.
 */
export function FriendsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const groups = useGroups();
  // ?group=ID opens that group (where an exchange lands); otherwise the one shown last.
  const search: { group?: unknown } = useSearch({ strict: false });
  const [groupId, setGroupIdState] = useState(() => {
    const wanted = Number(search.group);
    if (Number.isSafeInteger(wanted) && wanted > 0) {
      lastGroupId = wanted;
      lastScrollTop = 0;
    }
    return lastGroupId;
  });
  const selected = groups?.find((g) => g.group_id === groupId) ?? groups?.find((g) => g.group_id === MAIN_GROUP_ID);
  const shownId = selected?.group_id ?? MAIN_GROUP_ID;
  // The selected group's chip is always in view in the scrolling row (kept between visits too).
  const selectedTab = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it follows the selection, which the ref cannot tell
  useEffect(() => {
    selectedTab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [shownId, groups?.length]);
  // Coming back to a scrolled place needs the whole list; a fresh visit paints the first screen first.
  const [firstScreen] = useState(lastScrollTop === 0);
  const friends = useFriends(shownId, firstScreen);
  const pending = usePendingDeletes(friendDeletes);
  const sync = useSyncState();
  const queuedAdds = useQueuedFriendAdds();
  const [open, setOpen] = useState<number | null>(null);
  const onClose = useCallback(() => setOpen(null), []);

  const setGroupId = (id: number) => {
    lastGroupId = id;
    lastScrollTop = 0;
    setGroupIdState(id);
    const group = groups?.find((g) => g.group_id === id);
    // Looking at a group clears its update badge.
    if (group && group.update_num > 0 && id > 0) void enqueue('cancelGroupUpdate', { id });
  };

  useEffect(() => {
    if (session === null) void navigate({ to: '/login' });
  }, [session, navigate]);

  const shown = useMemo(() => {
    if (!friends) return undefined;
    if (pending.length === 0) return friends;
    const hidden = new Set(pending.map((p) => p.id));
    return friends.filter((f) => !hidden.has(f.accept_id));
  }, [friends, pending]);

  const openFriend = useCallback((f: FriendRow) => setOpen(f.accept_id), []);
  const renderRow = useCallback((f: FriendRow) => <FriendItem friend={f} onOpen={openFriend} />, [openFriend]);

  const firstPull = groups?.length === 0 && sync.lastSyncAt === 0 && sync.online && navigator.onLine;
  const loading = session === undefined || groups === undefined || shown === undefined || firstPull;
  const groupLabel = (id: number, name: string) => (id === MAIN_GROUP_ID ? t('friends.groups.all') : name);

  return (
    <main className="page friends-page">
      <div className="friends-head">
        <h1>{t('friends.list.title')}</h1>
        <div className="friends-links">
          <Link to="/search">{t('friends.list.search')}</Link>
          <Link to="/friendsCategory">{t('friends.list.groupsLink')}</Link>
          <Link to="/exchange" aria-label={t('app.home.exchange')}>
            {t('friends.list.exchangeLink')}
          </Link>
        </div>
      </div>
      {groups && groups.length > 0 ? (
        <div className="group-tabs" role="tablist" aria-label={t('friends.list.tabs')}>
          {groups.map((g) => (
            <button
              key={g.group_id}
              type="button"
              role="tab"
              className="group-tab"
              aria-selected={g.group_id === shownId}
              ref={g.group_id === shownId ? selectedTab : undefined}
              onClick={() => setGroupId(g.group_id)}
            >
              {groupLabel(g.group_id, g.group_name)}
              <span className="tab-count">{g.count}</span>
              {g.update_num > 0 ? (
                <span className="tab-badge" title={t('friends.list.updates', { count: g.update_num })}>
                  <span aria-hidden="true">{g.update_num > 99 ? '99+' : g.update_num}</span>
                  <span className="visually-hidden">{t('friends.list.updates', { count: g.update_num })}</span>
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
      {queuedAdds > 0 ? (
        <p className="queued-adds" role="status" data-testid="queued-adds">
          {t('friends.list.queuedAdds', { count: queuedAdds })}
        </p>
      ) : null}
      {loading ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('friends.list.loading')}
          </span>
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="friends-skeleton-row" aria-hidden="true" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        shownId === MAIN_GROUP_ID ? (
          <div className="status-page">
            <div className="card-empty-icon" aria-hidden="true">
              <CardIcon />
            </div>
            <h2>{t('friends.list.emptyTitle')}</h2>
            <p>{t('friends.list.emptyBody')}</p>
          </div>
        ) : (
          <p className="empty-note">{t('friends.list.emptyGroup')}</p>
        )
      ) : (
        <WindowedList
          items={shown}
          rowHeight={ROW_HEIGHT}
          itemKey={(f) => f.accept_id}
          renderRow={renderRow}
          label={groupLabel(shownId, selected?.group_name ?? '')}
          testId="friend-list"
          initialScrollTop={lastScrollTop}
          onScrollTopChange={(top) => {
            lastScrollTop = top;
          }}
        />
      )}
      {open !== null ? <FriendCardOverlay acceptId={open} fromGroupId={shownId} onClose={onClose} /> : null}
      <UndoBar deletes={friendDeletes} />
    </main>
  );
}
