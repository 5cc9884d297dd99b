import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import { useDismiss } from './use-dismiss';

/** The left notification drawer (SPEC §2, 60% wide). Its list arrives with the notifications issue. */
export function NotificationDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const close = useDismiss<HTMLButtonElement>(onClose);
  return (
    <div className="panel-backdrop">
      <button type="button" className="backdrop-hit" tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <aside className="side-panel side-panel-left" aria-label={t('app.nav.notifications')}>
        <div className="side-panel-head">
          <h2 className="side-panel-title">{t('app.nav.notifications')}</h2>
          <button ref={close} type="button" className="icon-btn" aria-label={t('app.nav.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <p className="empty-note">{t('app.notAvailable.body', { feature: t('app.nav.notifications') })}</p>
      </aside>
    </div>
  );
}
