import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QrDecoder, startQrDecoder } from '../browser/qr-decoder';
import { BackIcon } from '../components/icons';
import { CameraView, PhotoIcon, PhotoPickButton } from '../components/scan/CameraView';
import { useCamera } from '../components/scan/camera';
import { useKeepCopyKey } from '../components/share/use-card-copy';
import { cardShareKey, exchangeRoomCode, scannedFragment } from '../lib/scanned-code';
import './scan-qr-code.css';

/**
 * /scanqrcode: the rear camera's live picture with a viewfinder (components/scan/CameraView); a
 * few frames a second are downscaled and decoded by jsQR in a worker (src/browser/qr-decoder.ts). A
 * code holding one of our card links opens that card (/s/{share_key}, with the copy of the card
 * its fragment carries, src/lib/card-copy.ts); any other code says so
 * once and scanning goes on. When the camera cannot run (SPEC §8 camera errors), a photo of the
 * code does the same job. The camera stops after a hit and whenever the page is left.
 */

/** Time between two decoded frames: about four a second, and never two at once. */
const SCAN_INTERVAL_MS = 250;
/** The picture asked for: a QR code needs less than a card's small print. */
const QR_SIZE = { width: 1280, height: 720 };

type Notice = 'reading' | 'found' | 'notCard' | 'noCode' | 'unreadable';

const NOTICE_MESSAGE = {
  reading: 'scan.photo.reading',
  found: 'scan.found',
  notCard: 'http.notCardQr',
  noCode: 'scan.photo.noCode',
  unreadable: 'scan.photo.unreadable',
} as const satisfies Record<Notice, string>;

export function ScanQrCodePage() {
  const { t } = useTranslation();
  // Scanned with no signal later, a card's copy is checked with this key.
  useKeepCopyKey();
  const reader = useQrReader();
  const camera = useCamera({ ideal: QR_SIZE, onFrame: reader.readFrame, frameIntervalMs: SCAN_INTERVAL_MS });
  const failed = camera.status.state === 'error';
  return (
    <main className="page scan-page">
      <Link to="/" className="scan-back">
        <BackIcon />
        {t('scan.back')}
      </Link>
      <h1>{t('scan.title')}</h1>
      <CameraView camera={camera} texts="scan" frame="qr" />
      {failed ? null : <p className="scan-hint">{t('scan.hint')}</p>}
      <ScanNotice notice={reader.notice} />
      <div className="scan-actions">
        <PhotoPickButton
          label={t('scan.photo.choose')}
          className={failed ? 'btn btn-primary btn-block' : 'btn btn-secondary btn-block'}
          onFiles={([file]) => void reader.readPhoto(file as File)}
        >
          <PhotoIcon size={20} />
          {t('scan.photo.choose')}
        </PhotoPickButton>
      </div>
    </main>
  );
}

/** What the scanner found, or why it found nothing; a live region kept in the page while empty. */
function ScanNotice({ notice }: { notice: Notice | null }) {
  const { t } = useTranslation();
  const warning = notice === 'notCard' || notice === 'noCode' || notice === 'unreadable';
  return (
    <div
      className={warning ? 'scan-notice scan-notice-warning' : 'scan-notice'}
      role="status"
      data-testid="scan-notice"
    >
      {notice === 'reading' || notice === 'found' ? <span className="spinner" aria-hidden="true" /> : null}
      {notice === null ? null : t(NOTICE_MESSAGE[notice])}
    </div>
  );
}

/**
 * Reading QR codes, from the camera's frames and from picked photos, in a worker that lives as
 * long as the page; a card's or an exchange room's code opens it.
 */
function useQrReader(): {
  notice: Notice | null;
  /** Decodes one camera frame; true when it held our code (the camera may stop). */
  readFrame(video: HTMLVideoElement, signal: AbortSignal): Promise<boolean>;
  readPhoto(file: File): Promise<void>;
} {
  const decoderRef = useRef<QrDecoder | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const onText = useScannedText(setNotice);

  useEffect(() => {
    const decoder = startQrDecoder();
    decoderRef.current = decoder;
    return () => {
      decoderRef.current = null;
      decoder.close();
    };
  }, []);

  const readFrame = async (video: HTMLVideoElement, signal: AbortSignal): Promise<boolean> => {
    const decoder = decoderRef.current;
    if (!decoder) return false;
    try {
      const text = await decoder.decode(video, video.videoWidth, video.videoHeight);
      return text !== null && !signal.aborted && onText(text, false);
    } catch (error) {
      console.error('qr decode', error);
      return false;
    }
  };

  const readPhoto = async (file: File) => {
    const decoder = decoderRef.current;
    if (!decoder) return;
    setNotice('reading');
    try {
      onText(await decoder.decodeFile(file), true);
    } catch (error) {
      console.error('qr photo', error);
      setNotice('unreadable');
    }
  };

  return { notice, readFrame, readPhoto };
}

/** Acts on a decoded text; true when it was our code (the page is leaving for it). */
function useScannedText(setNotice: (notice: Notice) => void): (text: string | null, fromPhoto: boolean) => boolean {
  const navigate = useNavigate();
  const lastMissRef = useRef<string | null>(null);
  return useCallback(
    (text, fromPhoto) => {
      if (text === null) {
        if (fromPhoto) setNotice('noCode');
        return false;
      }
      const roomCode = exchangeRoomCode(text, location.origin);
      if (roomCode !== null) {
        setNotice('found');
        void navigate({ to: '/ex/$roomCode', params: { roomCode } });
        return true;
      }
      const shareKey = cardShareKey(text, location.origin);
      if (shareKey !== null) {
        setNotice('found');
        // The link's fragment carries the card's copy: the card shows at once, even with no signal.
        const hash = scannedFragment(text);
        void navigate({ to: '/s/$shareKey', params: { shareKey }, ...(hash ? { hash } : {}) });
        return true;
      }
      // The camera sees the same wrong code many times a second: say it once.
      if (fromPhoto || lastMissRef.current !== text) {
        lastMissRef.current = text;
        setNotice('notCard');
      }
      return false;
    },
    [navigate, setNotice],
  );
}
