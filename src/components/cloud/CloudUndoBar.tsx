import { useTranslation } from 'react-i18next';
import { undoCloudDelete, usePendingCloudDeletes } from './pending-delete';

/** The "deleted — Undo" bar of each cloud card or group deleted in the last few seconds. */
export function CloudUndoBar() {
  const { t } = useTranslation();
  const pending = usePendingCloudDeletes();
  if (pending.length === 0) return null;
  return (
    <div className="undo-stack">
      {pending.map((p) => (
        <div key={p.id} className="undo-bar" role="status" data-testid="cloud-undo">
          <span>
            {p.kind === 'card'
              ? t('cloud.card.deleted', { name: p.title })
              : t('cloud.groups.deleted', { name: p.title })}
          </span>
          <button type="button" className="btn btn-inline" onClick={() => undoCloudDelete(p.id)}>
            {t('cloud.card.undo')}
          </button>
        </div>
      ))}
    </div>
  );
}
