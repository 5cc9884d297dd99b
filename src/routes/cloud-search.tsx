import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudCardOverlay } from '../components/cloud/CloudCardOverlay';
import { CloudItem } from '../components/cloud/CloudItem';
import { cloudItemDeletes } from '../components/cloud/deletes';
import { usePendingDeletes } from '../components/undo/pending-delete';
import { UndoBar } from '../components/undo/UndoBar';
import { WindowedList } from '../components/WindowedList';
import type { CloudCardRow } from '../db';
import { useCloudCount, useCloudSearch, usePendingCloudIds } from '../db/hooks/cloud';
import { useSession } from '../db/hooks/session';
import { CLOUD_ROW_HEIGHT } from './cloud-list';
import '../components/friends/friends.css';
import '../components/cloud/cloud.css';

/** /cloud/search: my cloud cards by any row's text, searched in IndexedDB as you type (so offline too). */
export function CloudSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useCloudSearch(deferred);
  const count = useCloudCount();
  const pendingIds = usePendingCloudIds();
  const deletes = usePendingDeletes(cloudItemDeletes);
  const [open, setOpen] = useState<string | null>(null);
  const onClose = useCallback(() => setOpen(null), []);
  const inputId = useId();

  useEffect(() => {
    if (session === null) void navigate({ to: '/login' });
  }, [session, navigate]);

  const hidden = new Set(deletes.map((d) => d.id));
  const shown = (results ?? []).filter((c) => !hidden.has(c.id));
  const openCard = useCallback((c: CloudCardRow) => setOpen(c.id), []);
  const renderRow = useCallback(
    (c: CloudCardRow) => <CloudItem card={c} pending={pendingIds.has(c.id)} onOpen={openCard} />,
    [pendingIds, openCard],
  );

  return (
    <main className="page friends-page cloud-page">
      <div className="friends-head">
        <h1>{t('cloud.search.title')}</h1>
        <Link to="/cloud/list">{t('cloud.list.title')}</Link>
      </div>
      <search className="search-box">
        <label htmlFor={inputId} className="visually-hidden">
          {t('cloud.search.label')}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          enterKeyHint="search"
          placeholder={t('cloud.search.label')}
          onChange={(e) => setQuery(e.target.value)}
        />
      </search>
      {count === 0 ? (
        <div className="status-page" data-testid="cloud-empty">
          <p>{t('cloud.list.emptyTitle')}</p>
          <Link to="/cloud/create" className="btn btn-primary">
            {t('cloud.list.scan')}
          </Link>
        </div>
      ) : deferred.trim() === '' ? (
        <p className="empty-note">{t('cloud.search.hint')}</p>
      ) : results === undefined ? null : shown.length === 0 ? (
        <p className="empty-note" role="status">
          {t('cloud.search.empty', { query: deferred.trim() })}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {t('cloud.search.results', { count: shown.length })}
          </p>
          <WindowedList
            items={shown}
            rowHeight={CLOUD_ROW_HEIGHT}
            itemKey={(c) => c.id}
            renderRow={renderRow}
            label={t('cloud.search.title')}
            testId="friend-list"
          />
        </>
      )}
      {open !== null ? <CloudCardOverlay cardId={open} onClose={onClose} /> : null}
      <UndoBar deletes={cloudItemDeletes} />
    </main>
  );
}
