import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { trapTab, useReturnFocus } from '../focus';
import { CloseIcon } from '../icons';
import { useDismiss } from '../use-dismiss';

/**
 * SPEC §4 "Adding a friend" with no token: 'You are not logged in / Card will be added after
 * login/registration', offering registration (the confirm) or login. Escape and the backdrop cancel.
 */
export function LoginFirstDialog(props: { onRegister: () => void; onLogin: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  useReturnFocus();
  const confirm = useDismiss<HTMLButtonElement>(props.onCancel);
  return (
    <div className="modal-backdrop" role="presentation">
      <button type="button" className="backdrop-hit" tabIndex={-1} aria-hidden="true" onClick={props.onCancel} />
      <div
        className="modal share-modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={trapTab}
      >
        <h2 id={titleId}>{t('share.card.notLoggedIn')}</h2>
        <p id={bodyId}>{t('share.card.addAfterLogin')}</p>
        <div className="share-modal-actions">
          <button ref={confirm} type="button" className="btn btn-primary" onClick={props.onRegister}>
            {t('share.card.register')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={props.onLogin}>
            {t('share.card.login')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
            {t('share.card.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The avatar at full size (SPEC §2: tapping the avatar opens a preview). */
export function ImagePreview(props: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  useReturnFocus();
  const close = useDismiss<HTMLButtonElement>(props.onClose);
  return (
    <div className="modal-backdrop share-preview" role="presentation">
      <button type="button" className="backdrop-hit" tabIndex={-1} aria-hidden="true" onClick={props.onClose} />
      <div className="share-preview-body" role="dialog" aria-modal="true" aria-label={props.alt} onKeyDown={trapTab}>
        <img src={props.src} alt={props.alt} className="share-preview-img" />
        <button ref={close} type="button" className="icon-btn share-preview-close" onClick={props.onClose}>
          <CloseIcon />
          <span className="share-sr-only">{t('share.card.close')}</span>
        </button>
      </div>
    </div>
  );
}
