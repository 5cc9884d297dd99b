import { useTranslation } from 'react-i18next';
import { usePendingCount } from '../db/hooks/outbox';
import { useSession, useSyncState } from '../db/hooks/session';
import { CloudOffIcon, SyncIcon } from './icons';

/**
 * A small pill saying whether this device is offline and how many changes wait for the server.
 * Hidden when everything is synced. Reads only IndexedDB, so every tab shows the same.
 */
export function SyncIndicator({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const state = useSyncState();
  const pending = usePendingCount();
  if (!session) return null;
  const offline = !online || !state.online;
  if (!offline && pending === 0)
    return <div className="sync-pill sync-hidden" role="status" data-testid="sync-indicator" />;
  return (
    <div
      className={`sync-pill ${offline ? 'sync-offline' : 'sync-pending'}`}
      role="status"
      data-testid="sync-indicator"
    >
      {offline ? <CloudOffIcon /> : <SyncIcon />}
      <span>{offline ? t('app.sync.offline') : t('app.sync.syncing')}</span>
      {pending > 0 ? <span data-testid="sync-pending">{t('app.sync.pending', { count: pending })}</span> : null}
    </div>
  );
}
