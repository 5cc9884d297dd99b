import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CardDetails, MyCardPhotos } from '../components/card';
import { CardIcon, IdentifyIcon, NfcIcon, QrIcon } from '../components/icons';
import { useMyCard } from '../db/hooks/card';
import { useSyncState } from '../db/hooks/session';
import '../components/card/card.css';
import './card-info.css';

/**
 * /card/info: my card, read from IndexedDB only (so it shows offline, with changes not yet
 * synced): photos with the flip button, name, the detail lists, and where to go next.
 */
export function CardInfoPage() {
  const card = useMyCard();
  const sync = useSyncState();
  // Signed in on this device but not pulled yet: "no card" may only mean "not here yet".
  const firstPull = card === null && sync.lastSyncAt === 0 && sync.online && navigator.onLine;
  if (card === undefined || firstPull) return <CardLoading />;
  if (card === null) return <NoCard />;
  return <MyCard card={card} />;
}

type Card = NonNullable<ReturnType<typeof useMyCard>>;

function CardLoading() {
  const { t } = useTranslation();
  return (
    <main className="page card-info" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('app.common.loading')}
      </span>
      <div className="card-skeleton" aria-hidden="true">
        <div className="card-skeleton-photo" />
        <div className="card-skeleton-line" />
        <div className="card-skeleton-line short" />
      </div>
    </main>
  );
}

/** No card yet: make one, or identify a paper card into one. */
function NoCard() {
  const { t } = useTranslation();
  return (
    <main className="status-page">
      <div className="card-empty-icon" aria-hidden="true">
        <CardIcon />
      </div>
      <h1>{t('card.empty.title')}</h1>
      <p>{t('card.empty.body')}</p>
      <Link to="/card/create" className="btn btn-primary">
        {t('card.empty.action')}
      </Link>
      <Link to="/cardLdentify" className="btn btn-ghost">
        {t('app.nav.identify')}
      </Link>
    </main>
  );
}

function MyCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  const open = card.is_open === 1;
  return (
    <main className="page card-info">
      <MyCardPhotos photo={card.photo} photo_back={card.photo_back} name={card.name} />
      <header className="card-head">
        <div className="card-names">
          <h1 data-testid="card-name">{card.name || t('app.common.notSet')}</h1>
          {card.english_name ? (
            <p className="card-english" lang="en">
              {card.english_name}
            </p>
          ) : null}
        </div>
        <p
          className={`privacy-pill${open ? ' is-open' : ''}`}
          title={open ? t('card.info.publicHint') : t('card.info.privateHint')}
        >
          <span className="visually-hidden">{t('card.info.privacy')}: </span>
          {open ? t('card.info.public') : t('card.info.private')}
        </p>
      </header>
      <p className="card-privacy-hint">{open ? t('card.info.publicHint') : t('card.info.privateHint')}</p>
      <CardActions />
      <CardDetails profile={card.profile} extension={card.extension} />
    </main>
  );
}

/** Where to go next from my card. */
function CardActions() {
  const { t } = useTranslation();
  return (
    <nav className="card-actions" aria-label={t('card.title')}>
      <Link to="/card/create" className="card-action">
        <EditIcon />
        <span>{t('card.info.edit')}</span>
      </Link>
      <Link to="/myQrCode" className="card-action">
        <QrIcon />
        <span>{t('card.info.qr')}</span>
      </Link>
      <Link to="/information/info" className="card-action">
        <BuildingIcon />
        <span>{t('card.info.company')}</span>
      </Link>
      <Link to="/cardLdentify" className="card-action">
        <IdentifyIcon />
        <span>{t('app.nav.identify')}</span>
      </Link>
      <Link to="/exclusiveCard" className="card-action">
        <NfcIcon />
        <span>{t('app.nav.shop')}</span>
      </Link>
    </nav>
  );
}

const stroke = { stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const EditIcon = () => (
  <svg width={28} height={28} viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path {...stroke} d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </svg>
);
const BuildingIcon = () => (
  <svg width={28} height={28} viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path
      {...stroke}
      d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M2 21h20M8 7h4M8 11h4M8 15h4"
    />
  </svg>
);
