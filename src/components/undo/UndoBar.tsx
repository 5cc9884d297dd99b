import { useTranslation } from 'react-i18next';
import { type HeldDeletes, type HeldItem, usePendingDeletes } from './pending-delete';
import './undo.css';

/** The "deleted — Undo" bar of each item of `deletes` deleted in the last few seconds. */
export function UndoBar<T extends HeldItem>(props: { deletes: HeldDeletes<T> }) {
  const { t } = useTranslation();
  const { deletes } = props;
  const pending = usePendingDeletes(deletes);
  if (pending.length === 0) return null;
  return (
    <div className="undo-stack">
      {pending.map((p) => (
        <div key={p.id} className="undo-bar" role="status" data-testid={deletes.bar.testId}>
          <span>{t(deletes.bar.message(p), { name: p.title })}</span>
          <button type="button" className="btn btn-inline" onClick={() => deletes.undo(p.id)}>
            {t(deletes.bar.undo)}
          </button>
        </div>
      ))}
    </div>
  );
}
