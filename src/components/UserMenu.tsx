import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDismiss } from './use-dismiss';

/** The signed-out user button's menu: login, register, language, about. */
export function UserMenu({ onClose, onLanguage }: { onClose: () => void; onLanguage: () => void }) {
  const { t } = useTranslation();
  const first = useDismiss<HTMLAnchorElement>(onClose);
  return (
    <div className="menu-backdrop">
      <button type="button" className="backdrop-hit" tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <div className="menu" role="menu" aria-label={t('app.nav.account')}>
        <Link ref={first} to="/login" role="menuitem" className="menu-item" onClick={onClose}>
          {t('app.nav.login')}
        </Link>
        <Link to="/register" role="menuitem" className="menu-item" onClick={onClose}>
          {t('app.nav.register')}
        </Link>
        <button type="button" role="menuitem" className="menu-item" onClick={onLanguage}>
          {t('app.nav.language')}
        </button>
        <Link to="/about" role="menuitem" className="menu-item" onClick={onClose}>
          {t('app.nav.about')}
        </Link>
      </div>
    </div>
  );
}
