import { useId } from 'react';
import { useDismiss } from './use-dismiss';

/** A small accessible modal asking one question. Escape cancels. */
export function ConfirmDialog(props: {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const confirm = useDismiss<HTMLButtonElement>(props.onCancel);
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId}>{props.title}</h2>
        <p id={bodyId}>{props.body}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button ref={confirm} type="button" className="btn btn-primary" onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
