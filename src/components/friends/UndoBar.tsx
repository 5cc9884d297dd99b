import { useTranslation } from 'react-i18next';
import { undoDelete, usePendingDeletes } from './pending-delete';

/** The "deleted — Undo" bar of each friend deleted in the last few seconds. */
export function UndoBar() {
  const { t } = useTranslation();
  const pending = usePendingDeletes();
  if (pending.length === 0) return null;
  return (
    <div className="undo-stack">
      {pending.map((p) => (
        <div key={p.acceptId} className="undo-bar" role="status">
          <span>{t('friends.card.deleted', { name: p.title })}</span>
          <button type="button" className="btn btn-inline" onClick={() => undoDelete(p.acceptId)}>
            {t('friends.card.undo')}
          </button>
        </div>
      ))}
    </div>
  );
}
