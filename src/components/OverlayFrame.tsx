import type { ReactNode } from 'react';
import { useId } from 'react';
import { CloseIcon } from './icons';
import { useDismiss } from './use-dismiss';
import './friends/friends.css';

/**
 * The frame of a card-detail overlay (SPEC §2: a friend's card, a shared card, a cloud card): a
 * full-screen modal dialog with its title and a close button (Escape closes too); `data-overlay`
 * hides the footer nav under it.
 */
export function OverlayFrame(props: {
  title: string;
  closeLabel: string;
  className?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const close = useDismiss<HTMLButtonElement>(props.onClose);
  const titleId = useId();
  return (
    <div
      className={props.className ? `friend-overlay ${props.className}` : 'friend-overlay'}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-overlay=""
    >
      <div className="friend-overlay-head">
        <h2 id={titleId}>{props.title}</h2>
        <button ref={close} type="button" className="icon-btn" aria-label={props.closeLabel} onClick={props.onClose}>
          <CloseIcon />
        </button>
      </div>
      {props.children}
    </div>
  );
}

/** What an overlay shows while its card is read. */
export function OverlayLoading({ label }: { label: string }) {
  return (
    <div className="friend-overlay-body">
      <div className="share-loading" role="status">
        <span className="spinner share-spinner" aria-hidden="true" />
        {label}
      </div>
    </div>
  );
}
