import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileRow } from '../db';
import { currentLocale } from '../i18n';
import { LANGUAGE_NAMES } from '../i18n/langs';
import { Avatar } from './Avatar';
import { ChevronIcon, CloseIcon } from './icons';
import { useDismiss } from './use-dismiss';

/**
 * The signed-in user's right-hand panel (SPEC §2: 30% wide; here never narrower than its text):
 * SPEC's links, with the features a user looks for here (scanning, cloud cards, recognising my
 * card, the NFC card) after the card holder.
 */
export function SidePanel({
  profile,
  name: myName,
  onClose,
  onLanguage,
}: {
  profile: ProfileRow | null | undefined;
  /** What the user is called (useMyName): their card's name when the profile has none. */
  name: string;
  onClose: () => void;
  /** Opens the language picker (SPEC §2), in place of the panel. */
  onLanguage: () => void;
}) {
  const { t } = useTranslation();
  const close = useDismiss<HTMLButtonElement>(onClose);
  const links = [
    { to: '/userHome', label: t('app.nav.userHome') },
    { to: '/friendsList', label: t('app.nav.friends') },
    { to: '/cloud/create', label: t('app.nav.scanCard') },
    { to: '/cloud/list', label: t('app.nav.cloud') },
    { to: '/cardLdentify', label: t('app.nav.identify') },
    { to: '/exclusiveCard', label: t('app.nav.shop') },
    { to: '/accountManagement', label: t('auth.accounts.title') },
    { to: '/site', label: t('app.nav.site') },
    { to: '/about', label: t('app.nav.about') },
    { to: '/logout', label: t('app.nav.quit') },
  ] as const;
  return (
    <div className="panel-backdrop">
      <button type="button" className="backdrop-hit" tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <nav className="side-panel side-panel-right" aria-label={t('app.nav.account')}>
        <div className="side-panel-head">
          <Avatar src={profile?.avatar} name={myName} size={48} />
          <div className="side-panel-name">{myName}</div>
          <button ref={close} type="button" className="icon-btn" aria-label={t('app.nav.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <ul className="side-panel-links">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={onClose}>
                <span>{link.label}</span>
                <ChevronIcon />
              </Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={onLanguage}>
              <span>{t('app.nav.language')}</span>
              <span className="side-panel-current" lang={currentLocale() === 'en' ? 'en' : undefined}>
                {LANGUAGE_NAMES[currentLocale()]}
              </span>
              <ChevronIcon />
            </button>
          </li>
        </ul>
        <div className="side-panel-version">{t('app.nav.version', { version: __APP_VERSION__ })}</div>
      </nav>
    </div>
  );
}
