import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { friendDeletes } from '../components/friends/deletes';
import { FriendCardOverlay } from '../components/friends/FriendCardOverlay';
import { FriendItem } from '../components/friends/FriendItem';
import { SearchScopes } from '../components/friends/SearchScopes';
import { usePendingDeletes } from '../components/undo/pending-delete';
import { UndoBar } from '../components/undo/UndoBar';
import { WindowedList } from '../components/WindowedList';
import type { FriendRow } from '../db';
import { useFriendSearch } from '../db/hooks/friends';
import { useSession } from '../db/hooks/session';
import '../components/friends/friends.css';

/** /search: my friends by name, remark or card text, searched in IndexedDB (so offline too). */
export function FriendsSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useFriendSearch(deferred);
  const pending = usePendingDeletes(friendDeletes);
  const [open, setOpen] = useState<number | null>(null);
  const onClose = useCallback(() => setOpen(null), []);
  const inputId = useId();

  useEffect(() => {
    if (session === null) void navigate({ to: '/login' });
  }, [session, navigate]);

  const hidden = new Set(pending.map((p) => p.id));
  const shown = (results ?? []).filter((f) => !hidden.has(f.accept_id));
  const openFriend = useCallback((f: FriendRow) => setOpen(f.accept_id), []);
  const renderRow = useCallback((f: FriendRow) => <FriendItem friend={f} onOpen={openFriend} />, [openFriend]);

  return (
    <main className="page friends-page">
      <div className="friends-head">
        <h1>{t('friends.search.title')}</h1>
        <Link to="/friendsList">{t('friends.list.title')}</Link>
      </div>
      <SearchScopes current="holder" />
      <search className="search-box">
        <label htmlFor={inputId} className="visually-hidden">
          {t('friends.search.label')}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          placeholder={t('friends.search.label')}
          onChange={(e) => setQuery(e.target.value)}
        />
      </search>
      {deferred.trim() === '' ? (
        <p className="empty-note">{t('friends.search.hint')}</p>
      ) : results === undefined ? null : shown.length === 0 ? (
        <p className="empty-note" role="status">
          {t('friends.search.empty')}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {t('friends.search.results', { count: shown.length })}
          </p>
          <WindowedList
            items={shown}
            rowHeight={72}
            itemKey={(f) => f.accept_id}
            renderRow={renderRow}
            label={t('friends.search.title')}
            testId="friend-list"
          />
        </>
      )}
      {open !== null ? <FriendCardOverlay acceptId={open} onClose={onClose} /> : null}
      <UndoBar deletes={friendDeletes} />
    </main>
  );
}
