import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CardIcon, CloudIcon, HolderIcon, HomeIcon, ScanCardIcon } from './icons';

/**
 * The footer nav of a signed-in user: home, card holder, scanning paper cards (the middle, the
 * first reason people install the app), my cloud cards, my card. The current tab is marked
 * (aria-current, from the router). SPEC §2: it hides under the card overlays, which carry
 * `data-overlay` (the CSS rule `body:has([data-overlay]) .tab-bar`), and pages leave room for it;
 * sheets and dialogs sit above it (the z-index scale in styles.css).
 */
export function TabBar() {
  const { t } = useTranslation();
  const tabs = [
    { to: '/', label: t('app.tabs.home'), Icon: HomeIcon, exact: true, scan: false },
    { to: '/friendsList', label: t('app.tabs.holder'), Icon: HolderIcon, exact: false, scan: false },
    { to: '/cloud/create', label: t('app.tabs.scan'), Icon: ScanCardIcon, exact: false, scan: true },
    { to: '/cloud/list', label: t('app.tabs.cloud'), Icon: CloudIcon, exact: false, scan: false },
    { to: '/card/info', label: t('app.tabs.myCard'), Icon: CardIcon, exact: false, scan: false },
  ] as const;
  return (
    <nav className="tab-bar" aria-label={t('app.tabs.label')}>
      {tabs.map(({ to, label, Icon, exact, scan }) => (
        <Link
          key={to}
          to={to}
          className={scan ? 'tab-bar-item tab-bar-scan' : 'tab-bar-item'}
          activeOptions={{ exact }}
        >
          <span className="tab-bar-icon">
            <Icon />
          </span>
          <span>{label}</span>
        </Link>
      ))}
    </nav>
  );
}
