import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { useDismiss } from '../use-dismiss';
import './friends.css';

/**
 * The frame of a card-detail overlay (SPEC §2, 'Business card details'): a full-screen modal
 * dialog with its title and a close button (Escape closes too); `data-overlay` hides the
 * footer nav under it.
 */
export function OverlayFrame(props: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const close = useDismiss<HTMLButtonElement>(props.onClose);
  const titleId = useId();
  return (
    <div className="friend-overlay" role="dialog" aria-modal="true" aria-labelledby={titleId} data-overlay="">
      <div className="friend-overlay-head">
        <h2 id={titleId}>{t('friends.card.title')}</h2>
        <button
          ref={close}
          type="button"
          className="icon-btn"
          aria-label={t('friends.card.close')}
          onClick={props.onClose}
        >
          <CloseIcon />
        </button>
      </div>
      {props.children}
    </div>
  );
}
