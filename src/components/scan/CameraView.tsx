import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMERA_PROBLEM_MESSAGE } from '../../browser/camera-errors';
import type { Camera } from './camera';
import './camera-view.css';

/**
 * The scanners' one camera view (/scanqrcode, /cloud/create, /card/identify): the live picture of
 * `useCamera` in a viewfinder (a square with a sweeping line for QR codes, a card-shaped frame for
 * cards), "Starting the camera…" while it starts, and in place of the picture SPEC §8's camera
 * problem with a "Try again" button. `texts` names whose catalogue speaks: the QR scanner's
 * (`scan`) or the card scanners' (`cardscan`); a problem's own message is in `http`.
 */
export function CameraView({
  camera,
  texts,
  frame,
  children,
}: {
  camera: Camera;
  texts: 'scan' | 'cardscan';
  frame: 'qr' | 'card';
  /** Drawn over the picture (the shutter's flash). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { status } = camera;
  const failed = status.state === 'error' ? status.problem : null;
  return (
    <>
      <div
        className={frame === 'card' ? 'scan-view cloud-scan-view' : 'scan-view'}
        hidden={failed !== null}
        aria-busy={status.state === 'starting'}
      >
        <video ref={camera.videoRef} className="scan-video" muted playsInline aria-label={t(`${texts}.preview`)} />
        {frame === 'card' ? (
          <div className="cloud-scan-frame" aria-hidden="true" />
        ) : (
          <div className="scan-frame" aria-hidden="true">
            {status.state === 'running' ? <span className="scan-line" /> : null}
          </div>
        )}
        {children}
        {status.state === 'starting' ? (
          <div className="scan-starting" role="status">
            <span className="spinner" aria-hidden="true" />
            {t(`${texts}.starting`)}
          </div>
        ) : null}
      </div>
      {failed !== null ? (
        <section className="scan-error" data-testid="scan-error">
          <div role="alert">
            <strong>{t(`${texts}.camera.title`)}</strong>
            <p>{failed === 'unknown' ? t(`${texts}.camera.unknown`) : t(CAMERA_PROBLEM_MESSAGE[failed])}</p>
          </div>
          <button type="button" className="btn btn-ghost" onClick={camera.retry}>
            {t(`${texts}.camera.retry`)}
          </button>
        </section>
      ) : null}
    </>
  );
}

/**
 * "Pick a photo instead": a button opening the file chooser for images, and its hidden input
 * (labelled like the button, `testId` for tests that set files on it). The same photo may be
 * picked again.
 */
export function PhotoPickButton({
  label,
  className,
  multiple = false,
  testId,
  onFiles,
  children,
}: {
  label: string;
  className: string;
  multiple?: boolean;
  testId?: string;
  onFiles(files: File[]): void;
  children: ReactNode;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => fileRef.current?.click()}>
        {children}
      </button>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-label={label}
        data-testid={testId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = ''; // the same photo may be picked again
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

/** A picture: the "pick a photo" buttons' icon. */
export const PhotoIcon = ({ size }: { size: number }) => (
  <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none">
    <g stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </g>
  </svg>
);
