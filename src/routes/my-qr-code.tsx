import { Link } from '@tanstack/react-router';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon, QrIcon } from '../components/icons';
import { DownloadIcon, ShareIcon } from '../components/share/icons';
import { QrSvg } from '../components/share/QrSvg';
import { type QrMatrix, qrMatrix, qrPng } from '../components/share/qr';
import { ShareSheet } from '../components/share/ShareSheet';
import { saveFile } from '../components/share/save-file';
import { toast } from '../components/toast';
import type { CardRow } from '../db';
import { useMyCard } from '../db/hooks/card';
import { useSyncState } from '../db/hooks/session';
import { cardLink, fileNameOf, qrText } from '../lib/share-links';
import '../components/share/share.css';

/**
 * /myQrCode: the QR code of my card's public link, drawn on this device from IndexedDB, so it
 * works offline; downloadable as a PNG, with the share sheet. The QR encoder is in this route's
 * chunk only.
 */
export function MyQrCodePage() {
  const { t } = useTranslation();
  const card = useMyCard();
  const sync = useSyncState();
  // Before this device's first pull, "no card" may only mean "not downloaded yet".
  const firstPull = card === null && sync.lastSyncAt === 0 && sync.online && navigator.onLine;
  if (card === undefined || firstPull) return <main className="page" aria-busy="true" />;
  if (card === null) {
    return (
      <main className="page share-page">
        <h1>{t('share.qr.title')}</h1>
        <section className="share-empty" data-testid="qr-no-card">
          <span className="share-empty-icon" aria-hidden="true">
            <QrIcon />
          </span>
          <h2>{t('share.qr.noCard.title')}</h2>
          <p>{t('share.qr.noCard.body')}</p>
          <Link to="/card/create" className="btn btn-primary">
            {t('share.qr.noCard.action')}
          </Link>
        </section>
      </main>
    );
  }
  const name = card.name || card.english_name || t('share.qr.unnamed');
  const text = qrText(card, location.origin);
  return (
    <main className="page share-page">
      <h1>{t('share.qr.title')}</h1>
      {text ? (
        <QrCard card={card} name={name} text={text} />
      ) : (
        <section className="share-qr-card" data-testid="qr-not-synced">
          <CardName card={card} name={name} />
          <div className="share-note" role="status">
            <strong>{t('share.qr.notSynced.title')}</strong>
            <p>{t('share.qr.notSynced.body')}</p>
          </div>
        </section>
      )}
    </main>
  );
}

function CardName({ card, name }: { card: CardRow; name: string }) {
  return (
    <div className="share-qr-name">
      <h2>{name}</h2>
      {card.english_name && card.english_name !== name ? <p>{card.english_name}</p> : null}
    </div>
  );
}

function QrCard({ card, name, text }: { card: CardRow; name: string; text: string }) {
  const { t } = useTranslation();
  const [sharing, setSharing] = useState(false);
  const matrix = useMemo<QrMatrix | null>(() => {
    try {
      return qrMatrix(text);
    } catch (err) {
      console.error('qr', err);
      return null;
    }
  }, [text]);
  const link = cardLink(card, location.origin);

  const onDownload = async () => {
    if (!matrix) return;
    try {
      saveFile(await qrPng(matrix), fileNameOf(name, 'png', 'qr-code'));
      toast(t('share.qr.downloaded'), 'success');
    } catch (err) {
      console.error('qr png', err);
      toast(t('share.qr.error'), 'error');
    }
  };

  return (
    <>
      <section className="share-qr-card">
        <CardName card={card} name={name} />
        {matrix ? (
          <QrSvg matrix={matrix} label={t('share.qr.alt', { name })} />
        ) : (
          <p className="form-error" role="alert">
            {t('share.qr.error')}
          </p>
        )}
        <p className="share-qr-hint">{t('share.qr.hint')}</p>
        <p className="share-qr-link">
          <span className="share-sr-only">{t('share.qr.link')}: </span>
          <span data-testid="card-link">
            <BreakableUrl url={link} />
          </span>
        </p>
      </section>
      <div className="share-qr-actions">
        <button type="button" className="btn btn-primary" onClick={() => setSharing(true)}>
          <ShareIcon />
          {t('share.qr.share')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={!matrix} onClick={() => void onDownload()}>
          <DownloadIcon />
          {t('share.qr.download')}
        </button>
        {/* Swap mode: they scanned mine, now I scan theirs. */}
        <Link to="/scanqrcode" className="btn btn-secondary share-qr-scan">
          <CameraIcon />
          {t('share.qr.scanTheirs')}
        </Link>
      </div>
      {sharing ? <ShareSheet link={link} name={name} share={card.share} onClose={() => setSharing(false)} /> : null}
    </>
  );
}

/** A URL that wraps after its slashes (never in the middle of the host), one piece per line if need be. */
function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(/(?<=\/)/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string, in order
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
