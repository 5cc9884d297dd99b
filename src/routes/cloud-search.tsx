import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudCardOverlay } from '../components/cloud/CloudCardOverlay';
import { CloudItem } from '../components/cloud/CloudItem';
import { cloudItemDeletes } from '../components/cloud/deletes';
import { SearchPage } from '../components/SearchPage';
import type { CloudCardRow } from '../db';
import { useCloudCount, useCloudSearch, usePendingCloudIds } from '../db/hooks/cloud';
import { CLOUD_ROW_HEIGHT } from './cloud-list';
import '../components/friends/friends.css';
import '../components/cloud/cloud.css';

const cardKey = (c: CloudCardRow) => c.id;
const cardOverlay = (cardId: string, onClose: () => void) => <CloudCardOverlay cardId={cardId} onClose={onClose} />;

/** /cloud/search: my cloud cards by any row's text, searched in IndexedDB as you type (so offline too). */
export function CloudSearchPage() {
  const { t } = useTranslation();
  const count = useCloudCount();
  const pendingIds = usePendingCloudIds();
  const renderRow = useCallback(
    (c: CloudCardRow, onOpen: (c: CloudCardRow) => void) => (
      <CloudItem card={c} pending={pendingIds.has(c.id)} onOpen={onOpen} />
    ),
    [pendingIds],
  );
  return (
    <SearchPage
      className="cloud-page"
      title={t('cloud.search.title')}
      list={{ to: '/cloud/list', label: t('cloud.list.title') }}
      label={t('cloud.search.label')}
      enterKeyHint="search"
      hint={t('cloud.search.hint')}
      empty={(query) => t('cloud.search.empty', { query })}
      found={(count) => t('cloud.search.results', { count })}
      useResults={useCloudSearch}
      rowHeight={CLOUD_ROW_HEIGHT}
      itemKey={cardKey}
      renderRow={renderRow}
      deletes={cloudItemDeletes}
      overlay={cardOverlay}
      nothing={
        count === 0 ? (
          <div className="status-page" data-testid="cloud-empty">
            <p>{t('cloud.list.emptyTitle')}</p>
            <Link to="/cloud/create" className="btn btn-primary">
              {t('cloud.list.scan')}
            </Link>
          </div>
        ) : null
      }
    />
  );
}
