import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CameraIcon, CardIcon, HolderIcon, HomeIcon } from './icons';

/**
 * The footer nav of a signed-in user: home, card holder, scan, my card. The current tab is
 * marked (aria-current, from the router). SPEC §2: it hides under the card overlays, which carry
 * `data-overlay` (the CSS rule `body:has([data-overlay]) .tab-bar`), and pages leave room for it.
 */
export function TabBar() {
  const { t } = useTranslation();
  const tabs = [
    { to: '/', label: t('app.tabs.home'), Icon: HomeIcon, exact: true },
    { to: '/friendsList', label: t('app.tabs.holder'), Icon: HolderIcon, exact: false },
    { to: '/scanqrcode', label: t('app.tabs.scan'), Icon: CameraIcon, exact: false },
    { to: '/card/info', label: t('app.tabs.myCard'), Icon: CardIcon, exact: false },
  ] as const;
  return (
    <nav className="tab-bar" aria-label={t('app.tabs.label')}>
      {tabs.map(({ to, label, Icon, exact }) => (
        <Link key={to} to={to} className="tab-bar-item" activeOptions={{ exact }}>
          <Icon />
          <span>{label}</span>
        </Link>
      ))}
    </nav>
  );
}
