import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ocrClient } from '../browser/ocr-client';
import { putScanHandoff } from '../components/card/scan-handoff';
import { BackIcon } from '../components/icons';
import { CameraView, PhotoPickButton } from '../components/scan/CameraView';
import { compressPhoto, shootFrame, useCamera } from '../components/scan/camera';
import { toast } from '../components/toast';
import { myScanArea, stageCardPhoto } from '../db/scans';
import { EMPTY_FIELDS } from '../lib/card-fields';
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
  const { imgPosition = '', callbackPath = '' } = useParams({ strict: false }) as {
    imgPosition?: string;
    callbackPath?: string;
  };
  const side = imgPosition === 'back' ? 'back' : 'front';
  const target = safeCallback(callbackPath);
  const { working, takeImage } = useIdentify(side, target);
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
      ) : null}
      {/* The camera stops while recognizing: its view leaves the page. */}
      <IdentifyCamera active={!working} takeImage={takeImage} />
    </main>
  );
}

/**
 * Recognizing the photo of one side of my card: fields and photo (kept by stageUpload, so
 * offline too) go to the card editor, and the page returns to `target`.
 */
function useIdentify(
  side: 'front' | 'back',
  target: string,
): { working: boolean; takeImage(blob: Blob): Promise<void> } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [working, setWorking] = useState(false);
  const takeImage = async (blob: Blob) => {
    setWorking(true);
    try {
      await recognizeAndReturn(blob);
    } catch (error) {
      setWorking(false);
      throw error;
    }
  };
  const recognizeAndReturn = async (blob: Blob) => {
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
  return { working, takeImage };
}

/** The camera, the shutter (Space or Enter too) and "choose a photo"; shown while not recognizing. */
function IdentifyCamera({ active, takeImage }: { active: boolean; takeImage(blob: Blob): Promise<void> }) {
  const { t } = useTranslation();
  const camera = useCamera({ active });
  const [notice, setNotice] = useState('');
  const take = async (blob: Blob) => {
    setNotice('');
    await takeImage(blob);
  };
  const shoot = async () => {
    const video = camera.videoRef.current;
    if (!video || !active) return;
    const blob = await shootFrame(video);
    if (blob) await take(blob);
  };
  const onPhoto = async (file: File) => {
    try {
      await take(await compressPhoto(file));
    } catch (error) {
      console.error('photo', error);
      setNotice(t('cardscan.unreadable'));
    }
  };
  const running = camera.status.state === 'running' && active;
  useShutterKey(running, shoot);
  if (!active) return null;
  const failed = camera.status.state === 'error';
  return (
    <>
      <CameraView camera={camera} texts="cardscan" frame="card" />
      <p className="scan-notice" role="status">
        {notice || (failed ? '' : t('cardscan.identify.frame'))}
      </p>
      <div className="cloud-scan-controls">
        <PhotoPickButton
          label={t('cardscan.identify.choose')}
          className="cloud-scan-side"
          testId="identify-file"
          onFiles={([file]) => void onPhoto(file as File)}
        >
          <span>{t('cardscan.identify.choose')}</span>
        </PhotoPickButton>
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
      </div>
    </>
  );
}

/** Space or Enter on the page (nothing focused) takes the shot while the camera runs. */
function useShutterKey(running: boolean, shoot: () => Promise<void>): void {
  const shootRef = useRef(shoot);
  shootRef.current = shoot;
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
}
