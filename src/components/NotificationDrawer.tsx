import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../i18n';
import { FRIEND_CARD_MESSAGES } from './friends/messages';
import { CloseIcon } from './icons';
import { useDismiss } from './use-dismiss';

/**
 * The list (IndexedDB, the friend card overlay) loads only when the drawer first opens, so the
 * shell that every page loads stays light.
 */
const NotificationList = lazy(() =>
  Promise.all([import('./notifications/NotificationList'), loadMessages(FRIEND_CARD_MESSAGES)]).then(([m]) => ({
    default: m.NotificationList,
  })),
);

/** The left notification drawer (SPEC §2, 60% wide), opened only when signed in. */
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
        <Suspense
          fallback={
            <p className="empty-note" role="status">
              {t('app.notifications.loading')}
            </p>
          }
        >
          <NotificationList />
        </Suspense>
      </aside>
    </div>
  );
}
