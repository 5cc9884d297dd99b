import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CameraIcon, CardIcon, ExchangeIcon, HolderIcon, QrIcon, SearchIcon } from '../components/icons';
import { useSignedIn } from '../session/signed-in';

/** Home (SPEC §2 "/"). */
export function HomePage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  return (
    <main className="home">
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
        {signedIn ? null : (
          <div className="hero-actions">
            <Link to="/register" className="btn btn-primary btn-block">
              {t('app.home.start')}
            </Link>
            <Link to="/login" className="btn btn-ghost btn-block">
              {t('app.home.login')}
            </Link>
          </div>
        )}
      </section>
      <nav className="tiles" aria-label={t('app.nav.home')}>
        <Link to="/card/info" className="tile">
          <span className="tile-icon" aria-hidden="true">
            <CardIcon />
          </span>
          {t('app.home.myCard')}
        </Link>
        <Link to="/friendsList" className="tile">
          <span className="tile-icon" aria-hidden="true">
            <HolderIcon />
          </span>
          {t('app.home.friends')}
        </Link>
        <Link to="/myQrCode" className="tile">
          <span className="tile-icon" aria-hidden="true">
            <QrIcon />
          </span>
          {t('app.home.qr')}
        </Link>
        <Link to="/scanqrcode" className="tile">
          <span className="tile-icon" aria-hidden="true">
            <CameraIcon />
          </span>
          {t('app.home.scan')}
        </Link>
        <Link to="/search/public" className="tile">
          <span className="tile-icon" aria-hidden="true">
            <SearchIcon />
          </span>
          {t('app.home.search')}
        </Link>
        <Link to="/exchange" className="tile">
          <span className="tile-icon" aria-hidden="true">
            <ExchangeIcon />
          </span>
          {t('app.home.exchange')}
        </Link>
      </nav>
    </main>
  );
}
