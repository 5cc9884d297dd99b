import { Link, useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon } from '../components/icons';
import {
  CAMERA_PROBLEM_MESSAGE,
  type CameraProblem,
  cameraEnvironmentProblem,
  classifyCameraError,
} from '../lib/camera-errors';
import { type QrDecoder, startQrDecoder } from '../lib/qr-decoder';
import { cardShareKey, exchangeRoomCode } from '../lib/scanned-code';
import './scan-qr-code.css';

/**
 * /scanqrcode: the rear camera's live picture with a viewfinder; a few frames a second are
 * downscaled and decoded by jsQR in a worker (src/lib/qr-decoder.ts). A code holding one of our
 * card links opens that card (/s/{share_key}); any other code says so once and scanning goes
 * on. When the camera cannot run (SPEC §8 camera errors), a photo of the code does the same job.
 * The camera stops after a hit and whenever the page is left.
 */

/** Time between two decoded frames: about four a second, and never two at once. */
const SCAN_INTERVAL_MS = 250;

type Camera = { state: 'starting' } | { state: 'running' } | { state: 'error'; problem: CameraProblem };
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
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const decoderRef = useRef<QrDecoder | null>(null);
  const lastMissRef = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [camera, setCamera] = useState<Camera>({ state: 'starting' });
  const [notice, setNotice] = useState<Notice | null>(null);

  /** Acts on a decoded text; true when it was a card (the page is leaving for it). */
  const onText = useCallback(
    (text: string | null, fromPhoto: boolean): boolean => {
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
        void navigate({ to: '/s/$shareKey', params: { shareKey } });
        return true;
      }
      // The camera sees the same wrong code many times a second: say it once.
      if (fromPhoto || lastMissRef.current !== text) {
        lastMissRef.current = text;
        setNotice('notCard');
      }
      return false;
    },
    [navigate],
  );
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  useEffect(() => {
    const decoder = startQrDecoder();
    decoderRef.current = decoder;
    return () => {
      decoderRef.current = null;
      decoder.close();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to start again
  useEffect(() => {
    const problem = cameraEnvironmentProblem({
      isSecureContext: window.isSecureContext,
      hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
    });
    if (problem !== null) {
      setCamera({ state: 'error', problem });
      return;
    }
    setCamera({ state: 'starting' });
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    };
    const scanFrame = async () => {
      const video = videoRef.current;
      const decoder = decoderRef.current;
      if (video && decoder && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        try {
          const text = await decoder.decode(video, video.videoWidth, video.videoHeight);
          if (stopped) return;
          if (text !== null && onTextRef.current(text, false)) {
            stop();
            return;
          }
        } catch (error) {
          console.error('qr decode', error);
        }
      }
      if (!stopped) timer = setTimeout(() => void scanFrame(), SCAN_INTERVAL_MS);
    };

    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      })
      .then(async (media) => {
        stream = media;
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play();
        if (stopped) return;
        setCamera({ state: 'running' });
        void scanFrame();
      })
      .catch((error: unknown) => {
        if (stopped) return;
        console.error('camera', error);
        stop();
        setCamera({ state: 'error', problem: classifyCameraError(error) });
      });
    return stop;
  }, [attempt]);

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same photo may be picked again
    const decoder = decoderRef.current;
    if (!file || !decoder) return;
    setNotice('reading');
    try {
      onText(await decoder.decodeFile(file), true);
    } catch (error) {
      console.error('qr photo', error);
      setNotice('unreadable');
    }
  };

  const failed = camera.state === 'error' ? camera.problem : null;
  const warning = notice === 'notCard' || notice === 'noCode' || notice === 'unreadable';

  return (
    <main className="page scan-page">
      <Link to="/" className="scan-back">
        <BackIcon />
        {t('scan.back')}
      </Link>
      <h1>{t('scan.title')}</h1>

      <div className="scan-view" hidden={failed !== null} aria-busy={camera.state === 'starting'}>
        <video ref={videoRef} className="scan-video" muted playsInline aria-label={t('scan.preview')} />
        <div className="scan-frame" aria-hidden="true">
          {camera.state === 'running' ? <span className="scan-line" /> : null}
        </div>
        {camera.state === 'starting' ? (
          <div className="scan-starting" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('scan.starting')}
          </div>
        ) : null}
      </div>
      {failed === null ? <p className="scan-hint">{t('scan.hint')}</p> : null}

      {failed !== null ? (
        <section className="scan-error" data-testid="scan-error">
          <div role="alert">
            <strong>{t('scan.camera.title')}</strong>
            <p>{t(CAMERA_PROBLEM_MESSAGE[failed])}</p>
          </div>
          <button type="button" className="btn btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t('scan.camera.retry')}
          </button>
        </section>
      ) : null}

      <div
        className={warning ? 'scan-notice scan-notice-warning' : 'scan-notice'}
        role="status"
        data-testid="scan-notice"
      >
        {notice === 'reading' || notice === 'found' ? <span className="spinner" aria-hidden="true" /> : null}
        {notice === null ? null : t(NOTICE_MESSAGE[notice])}
      </div>

      <div className="scan-actions">
        <button
          type="button"
          className={failed === null ? 'btn btn-secondary btn-block' : 'btn btn-primary btn-block'}
          onClick={() => fileRef.current?.click()}
        >
          <PhotoIcon />
          {t('scan.photo.choose')}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          aria-label={t('scan.photo.choose')}
          onChange={(event) => void onPhoto(event)}
        />
      </div>
    </main>
  );
}

const PhotoIcon = () => (
  <svg aria-hidden="true" width={20} height={20} viewBox="0 0 24 24" fill="none">
    <g stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </g>
  </svg>
);
