import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CameraIcon,
  CardIcon,
  CloudIcon,
  ExchangeIcon,
  HolderIcon,
  IdentifyIcon,
  NfcIcon,
  QrIcon,
  ScanCardIcon,
  SearchIcon,
} from '../components/icons';
import { useSignedIn } from '../session/signed-in';

type Tile = { to: string; label: string; icon: ReactNode };

/**
 * Home (SPEC §2 "/"): scanning paper cards first (one tap, the first reason people install the
 * app), then a grid of everything else. A visitor sees what the app is, with sign-up and sign-in,
 * above the same grid (a signed-in screen asks them to sign in and comes back).
 */
export function HomePage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const tiles: Tile[] = [
    { to: '/cloud/list', label: t('app.home.cloud'), icon: <CloudIcon /> },
    { to: '/card/info', label: t('app.home.myCard'), icon: <CardIcon /> },
    { to: '/friendsList', label: t('app.home.friends'), icon: <HolderIcon /> },
    { to: '/myQrCode', label: t('app.home.qr'), icon: <QrIcon /> },
    { to: '/scanqrcode', label: t('app.home.scanQr'), icon: <CameraIcon /> },
    { to: '/cardLdentify', label: t('app.home.identify'), icon: <IdentifyIcon /> },
    { to: '/exclusiveCard', label: t('app.home.shop'), icon: <NfcIcon /> },
    { to: '/search/public', label: t('app.home.search'), icon: <SearchIcon /> },
    { to: '/exchange', label: t('app.home.exchange'), icon: <ExchangeIcon /> },
  ];
  return (
    <main className="home">
      {signedIn ? (
        <h1 className="visually-hidden">{t('app.nav.home')}</h1>
      ) : (
        <section className="hero">
          <div className="hero-card" aria-hidden="true">
            <div className="hero-card-avatar" />
            <div className="hero-card-lines">
              <span />
              <span />
              <span />
            </div>
          </div>
          <h1>{t('app.home.headline')}</h1>
          <p>{t('app.home.body')}</p>
          <div className="hero-actions">
            <Link to="/register" className="btn btn-primary btn-block">
              {t('app.home.start')}
            </Link>
            <Link to="/login" className="btn btn-ghost btn-block">
              {t('app.home.login')}
            </Link>
          </div>
        </section>
      )}
      <Link to="/cloud/create" className="home-scan">
        <span className="home-scan-icon" aria-hidden="true">
          <ScanCardIcon />
        </span>
        <span className="home-scan-text">
          <strong>{t('app.home.scan')}</strong>
          <small>{t('app.home.scanHint')}</small>
        </span>
      </Link>
      <nav className="tiles" aria-label={t('app.nav.home')}>
        {tiles.map((tile) => (
          <Link key={tile.to} to={tile.to} className="tile">
            <span className="tile-icon" aria-hidden="true">
              {tile.icon}
            </span>
            {tile.label}
          </Link>
        ))}
      </nav>
    </main>
  );
}
