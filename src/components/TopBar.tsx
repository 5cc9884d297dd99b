import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ProfileRow } from '../db';
import { Avatar } from './Avatar';
import { BellIcon, LogoMark, UserIcon } from './icons';
import { LanguagePicker } from './LanguagePicker';
import { NotificationDrawer } from './NotificationDrawer';
import { SidePanel } from './SidePanel';
import { toast } from './toast';
import { UserMenu } from './UserMenu';

/** Which of the top bar's overlays is open. */
export type TopBarOverlay = 'none' | 'menu' | 'panel' | 'drawer' | 'language';

type TopBarProps = {
  signedIn: boolean;
  profile?: ProfileRow | null | undefined;
  name?: string;
  unread?: number;
  /**
   * Held by the layout, not the bar: the bar is drawn again when the member chunk arrives, and
   * a tap on the bell made before then must still open the drawer.
   */
  open: TopBarOverlay;
  onOpen: (open: TopBarOverlay) => void;
};

/**
 * SPEC §2 top bar: logo to /, notifications with an unread badge, and the user button. It only
 * shows what it is given: a member's profile and unread count come from IndexedDB through
 * app/MemberChrome, so a visitor's page never loads the local database.
 */
export function TopBar({ signedIn, profile, name: myName = '', unread = 0, open, onOpen: setOpen }: TopBarProps) {
  const { t } = useTranslation();
  const close = useCallback(() => setOpen('none'), [setOpen]);

  const onBell = () => {
    if (!signedIn) toast(t('app.notifications.loginFirst'), 'info');
    else setOpen('drawer');
  };
  const badge = unread > 99 ? '99+' : String(unread);

  return (
    <header className="topbar">
      <Link to="/" className="topbar-logo" aria-label={t('app.name')}>
        <LogoMark />
        <span>{t('app.name')}</span>
      </Link>
      <div className="topbar-actions">
        <button
          type="button"
          className="icon-btn"
          // Its name holds what it shows (WCAG label in name): the badge's number, 99+ at most.
          aria-label={unread > 0 ? `${t('app.nav.notifications')} ${badge}` : t('app.nav.notifications')}
          onClick={onBell}
        >
          <BellIcon />
          {unread > 0 ? (
            <span className="badge" aria-hidden="true">
              {badge}
            </span>
          ) : null}
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('app.nav.account')}
          aria-haspopup={signedIn ? 'dialog' : 'menu'}
          aria-expanded={open === 'menu' || open === 'panel'}
          onClick={() => setOpen(signedIn ? 'panel' : 'menu')}
        >
          {signedIn ? <Avatar src={profile?.avatar} name={myName} size={30} /> : <UserIcon />}
        </button>
      </div>
      {/* Overlays live in <body>: the bar's backdrop-filter would otherwise contain their fixed position. */}
      {open === 'none'
        ? null
        : createPortal(
            <>
              {open === 'menu' ? <UserMenu onClose={close} onLanguage={() => setOpen('language')} /> : null}
              {open === 'panel' ? (
                <SidePanel profile={profile} name={myName} onClose={close} onLanguage={() => setOpen('language')} />
              ) : null}
              {open === 'drawer' ? <NotificationDrawer onClose={close} /> : null}
              {open === 'language' ? <LanguagePicker onClose={close} /> : null}
            </>,
            document.body,
          )}
    </header>
  );
}
