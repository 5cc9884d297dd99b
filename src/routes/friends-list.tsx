import { Link, useSearch } from '@tanstack/react-router';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_GROUP_ID } from '../api';
import { friendDeletes } from '../components/friends/deletes';
import { FriendCardOverlay } from '../components/friends/FriendCardOverlay';
import { FriendItem } from '../components/friends/FriendItem';
import { awaitingFirstPull, ListEmpty, ListHead, ListLoading } from '../components/ListPage';
import { usePendingDeletes } from '../components/undo/pending-delete';
import { UndoBar } from '../components/undo/UndoBar';
import { WindowedList } from '../components/WindowedList';
import type { FriendRow } from '../db';
import { useFriends, useQueuedFriendAdds } from '../db/hooks/friends';
import { type GroupWithCount, useGroups } from '../db/hooks/groups';
import { useSyncState } from '../db/hooks/session';
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
  const groups = useGroups();
  const { shownId, selected, selectedTab, setGroupId } = useShownGroup(groups);
  // Coming back to a scrolled place needs the whole list; a fresh visit paints the first screen first.
  const [firstScreen] = useState(lastScrollTop === 0);
  const shown = useShownFriends(shownId, firstScreen);
  const sync = useSyncState();
  const queuedAdds = useQueuedFriendAdds();
  const [open, setOpen] = useState<number | null>(null);
  const onClose = useCallback(() => setOpen(null), []);
  const openFriend = useCallback((f: FriendRow) => setOpen(f.accept_id), []);

  const firstPull = awaitingFirstPull(groups?.length === 0, sync);
  const loading = groups === undefined || shown === undefined || firstPull;

  return (
    <main className="page friends-page">
      <ListHead title={t('friends.list.title')}>
        <div className="friends-links">
          <Link to="/search">{t('friends.list.search')}</Link>
          <Link to="/friendsCategory">{t('friends.list.groupsLink')}</Link>
          <Link to="/exchange" aria-label={t('app.home.exchange')}>
            {t('friends.list.exchangeLink')}
          </Link>
        </div>
      </ListHead>
      {groups && groups.length > 0 ? (
        <GroupTabs groups={groups} shownId={shownId} selectedTab={selectedTab} onSelect={setGroupId} />
      ) : null}
      {queuedAdds > 0 ? (
        <p className="queued-adds" role="status" data-testid="queued-adds">
          {t('friends.list.queuedAdds', { count: queuedAdds })}
        </p>
      ) : null}
      {loading ? (
        <ListLoading label={t('friends.list.loading')} />
      ) : (
        <FriendsOfGroup
          friends={shown}
          shownId={shownId}
          label={groupLabel(t('friends.groups.all'), shownId, selected?.group_name ?? '')}
          onOpen={openFriend}
        />
      )}
      {open !== null ? <FriendCardOverlay acceptId={open} fromGroupId={shownId} onClose={onClose} /> : null}
      <UndoBar deletes={friendDeletes} />
    </main>
  );
}

/** A group's name on screen: the main group's is `all` ("All"). */
function groupLabel(all: string, id: number, name: string): string {
  return id === MAIN_GROUP_ID ? all : name;
}

/**
 * The group shown: ?group=ID (where an exchange lands), otherwise the one shown last, otherwise
 * the main group; choosing one clears its update badge. Its tab is kept in view.
 */
function useShownGroup(groups: GroupWithCount[] | undefined) {
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

  const setGroupId = (id: number) => {
    lastGroupId = id;
    lastScrollTop = 0;
    setGroupIdState(id);
    const group = groups?.find((g) => g.group_id === id);
    // Looking at a group clears its update badge.
    if (group && group.update_num > 0 && id > 0) void enqueue('cancelGroupUpdate', { id });
  };
  return { shownId, selected, selectedTab, setGroupId };
}

/** The friends of the group shown, less those whose delete waits on its undo. */
function useShownFriends(shownId: number, firstScreen: boolean): FriendRow[] | undefined {
  const friends = useFriends(shownId, firstScreen);
  const pending = usePendingDeletes(friendDeletes);
  return useMemo(() => {
    if (!friends) return undefined;
    if (pending.length === 0) return friends;
    const hidden = new Set(pending.map((p) => p.id));
    return friends.filter((f) => !hidden.has(f.accept_id));
  }, [friends, pending]);
}

/** The row of group tabs, each with its count and update badge. */
function GroupTabs(props: {
  groups: GroupWithCount[];
  shownId: number;
  selectedTab: RefObject<HTMLButtonElement | null>;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="group-tabs" role="tablist" aria-label={t('friends.list.tabs')}>
      {props.groups.map((g) => (
        <button
          key={g.group_id}
          type="button"
          role="tab"
          className="group-tab"
          aria-selected={g.group_id === props.shownId}
          ref={g.group_id === props.shownId ? props.selectedTab : undefined}
          onClick={() => props.onSelect(g.group_id)}
        >
          {groupLabel(t('friends.groups.all'), g.group_id, g.group_name)}
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
  );
}

/** The friends of the group shown in a windowed list, or what an empty group says. */
function FriendsOfGroup(props: {
  friends: FriendRow[];
  shownId: number;
  label: string;
  onOpen: (f: FriendRow) => void;
}) {
  const { t } = useTranslation();
  const { onOpen } = props;
  const renderRow = useCallback((f: FriendRow) => <FriendItem friend={f} onOpen={onOpen} />, [onOpen]);
  if (props.friends.length > 0) {
    return (
      <WindowedList
        items={props.friends}
        rowHeight={ROW_HEIGHT}
        itemKey={(f) => f.accept_id}
        renderRow={renderRow}
        label={props.label}
        testId="friend-list"
        initialScrollTop={lastScrollTop}
        onScrollTopChange={(top) => {
          lastScrollTop = top;
        }}
      />
    );
  }
  return props.shownId === MAIN_GROUP_ID ? (
    <ListEmpty title={t('friends.list.emptyTitle')} body={t('friends.list.emptyBody')} />
  ) : (
    <p className="empty-note">{t('friends.list.emptyGroup')}</p>
  );
}
