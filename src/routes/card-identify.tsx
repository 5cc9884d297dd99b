import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putScanHandoff } from '../components/card/scan-handoff';
import { BackIcon } from '../components/icons';
import { compressPhoto, shootFrame, useCamera } from '../components/scan/camera';
import { toast } from '../components/toast';
import { myScanArea, stageCardPhoto } from '../db/scans';
import { CAMERA_PROBLEM_MESSAGE } from '../lib/camera-errors';
import { EMPTY_FIELDS } from '../lib/card-fields';
import { ocrClient } from '../lib/ocr-client';
import './scan-qr-code.css';
import './cloud-create.css';

/**
 * /cardLdentify and /card/identify/{imgPosition}/{callbackPath}/{cardId}: recognizing my own
 * paper card. The first asks which side; the second photographs it (camera or a picked photo),
 * shows a spinner until the fields are ready, keeps the photo (stageUpload, so offline too),
 * hands fields and photo to the card editor (components/card/scan-handoff.ts) and returns to
 * `callbackPath` — only a path of this app, never another site.
 */

const DEFAULT_CALLBACK = '/card/create';

/** The path to return to: decoded, and only one of ours ("/…", not "//host" or "/\\host"). */
export function safeCallback(raw: string): string {
  let path = raw;
  try {
    // The router hands params decoded; a doubly encoded one is decoded once more.
    if (/%2f/i.test(path)) path = decodeURIComponent(path);
  } catch {
    return DEFAULT_CALLBACK;
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return DEFAULT_CALLBACK;
  }
  try {
    const url = new URL(path, location.origin);
    // The URL parser drops tabs and newlines: "/\t/evil.example" would be another site.
    if (url.origin !== location.origin || url.pathname.startsWith('//')) return DEFAULT_CALLBACK;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_CALLBACK;
  }
}

export function CardIdentifyChoicePage() {
  const { t } = useTranslation();
  return (
    <main className="page scan-page card-identify-page">
      <Link to="/card/create" className="scan-back">
        <BackIcon />
        {t('cardscan.back')}
      </Link>
      <h1>{t('cardscan.identify.title')}</h1>
      <p className="card-identify-hint">{t('cardscan.identify.hint')}</p>
      <div className="card-identify-sides">
        {(['front', 'back'] as const).map((side) => (
          <Link
            key={side}
            className="card-identify-side"
            to="/card/identify/$imgPosition/$callbackPath/$cardId"
            params={{ imgPosition: side, callbackPath: DEFAULT_CALLBACK, cardId: '0' }}
          >
            <span className={`card-identify-card card-identify-card-${side}`} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t(`cardscan.identify.${side}`)}
          </Link>
        ))}
      </div>
    </main>
  );
}

export function CardIdentifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { imgPosition = '', callbackPath = '' } = useParams({ strict: false }) as {
    imgPosition?: string;
    callbackPath?: string;
  };
  const side = imgPosition === 'back' ? 'back' : 'front';
  const target = safeCallback(callbackPath);
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [working, setWorking] = useState(false);
  const [notice, setNotice] = useState('');
  // The camera stops while recognizing: the video leaves the page.
  const camera = useCamera(videoRef, working ? -1 : attempt);

  const takeImage = async (blob: Blob) => {
    setWorking(true);
    setNotice('');
    let fields = EMPTY_FIELDS;
    let image = blob;
    try {
      const result = await ocrClient().recognize(blob, { area: await myScanArea() });
      fields = result.fields;
      if (result.image.size > 0) image = result.image;
    } catch (error) {
      console.error('card recognition', error);
    }
    const photo = await stageCardPhoto(image);
    putScanHandoff({ side, fields, photo });
    const found = [fields.name, fields.english_name, ...fields.tel, ...fields.email].some((v) => v.trim() !== '');
    if (!found) toast(t('cardscan.identify.noText'), 'info', 5000);
    await navigate({ to: target });
  };

  const shoot = async () => {
    const video = videoRef.current;
    if (!video || working) return;
    const blob = await shootFrame(video);
    if (blob) await takeImage(blob);
  };
  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await takeImage(await compressPhoto(file));
    } catch (error) {
      console.error('photo', error);
      setWorking(false);
      setNotice(t('cardscan.unreadable'));
    }
  };

  const shootRef = useRef(shoot);
  shootRef.current = shoot;
  const running = camera.state === 'running' && !working;
  useEffect(() => {
    if (!running) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.key === ' ' || event.key === 'Enter') && event.target === document.body) {
        event.preventDefault();
        void shootRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running]);

  const failed = camera.state === 'error' && !working ? camera.problem : null;
  return (
    <main className="page scan-page card-identify-page">
      <Link to={target} className="scan-back">
        <BackIcon />
        {t('cardscan.back')}
      </Link>
      <h1>{side === 'front' ? t('cardscan.identify.shootFront') : t('cardscan.identify.shootBack')}</h1>
      {working ? (
        <div className="card-identify-working" role="status" aria-live="polite" data-testid="identify-working">
          <span className="spinner" aria-hidden="true" />
          {t('cardscan.identify.recognizing')}
        </div>
      ) : (
        <>
          <div className="scan-view cloud-scan-view" hidden={failed !== null} aria-busy={camera.state === 'starting'}>
            <video ref={videoRef} className="scan-video" muted playsInline aria-label={t('cardscan.preview')} />
            <div className="cloud-scan-frame" aria-hidden="true" />
            {camera.state === 'starting' ? (
              <div className="scan-starting" role="status">
                <span className="spinner" aria-hidden="true" />
                {t('cardscan.starting')}
              </div>
            ) : null}
          </div>
          {failed !== null ? (
            <section className="scan-error" data-testid="scan-error">
              <div role="alert">
                <strong>{t('cardscan.camera.title')}</strong>
                <p>{failed === 'unknown' ? t('cardscan.camera.unknown') : t(CAMERA_PROBLEM_MESSAGE[failed])}</p>
              </div>
              <button type="button" className="btn btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
                {t('cardscan.camera.retry')}
              </button>
            </section>
          ) : null}
          <p className="scan-notice" role="status">
            {notice || (failed === null ? t('cardscan.identify.frame') : '')}
          </p>
          <div className="cloud-scan-controls">
            <button type="button" className="cloud-scan-side" onClick={() => fileRef.current?.click()}>
              <span>{t('cardscan.identify.choose')}</span>
            </button>
            <button
              type="button"
              className="cloud-scan-shutter"
              aria-label={t('cardscan.shutter')}
              disabled={!running}
              onClick={() => void shoot()}
            >
              <span aria-hidden="true" />
            </button>
            <span className="cloud-scan-side" aria-hidden="true" />
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              hidden
              tabIndex={-1}
              aria-label={t('cardscan.identify.choose')}
              data-testid="identify-file"
              onChange={(event) => void onPhoto(event)}
            />
          </div>
        </>
      )}
    </main>
  );
}
