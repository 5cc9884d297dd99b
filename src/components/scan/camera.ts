/**
 * The scanners' camera (/scanqrcode, /cloud/create, /card/identify): the rear camera's live
 * picture, started on mount and stopped on unmount, on retry or when made inactive, with SPEC §8's
 * camera problems (src/browser/camera-errors.ts); for the QR scanner, the picture's frames read a few
 * times a second; and shots made small enough to keep many of them in IndexedDB (JPEG at quality
 * 0.8, longest side 1600 px — plenty for recognition of a card). components/scan/CameraView.tsx
 * shows it.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type CameraProblem, cameraEnvironmentProblem, classifyCameraError } from '../../browser/camera-errors';

export type CameraState =
  | { state: 'starting' }
  | { state: 'running' }
  /** Made inactive, or ended by a frame reader that found what it looked for. */
  | { state: 'stopped' }
  | { state: 'error'; problem: CameraProblem };

export type CameraOptions = {
  /** False stops the camera and keeps it stopped (a shot being recognized). Default true. */
  active?: boolean;
  /** The picture size to ask for. Default 1920×1080 (a card's small print). */
  ideal?: { width: number; height: number };
  /**
   * Continuous reading: called with the playing video every `frameIntervalMs`, never twice at
   * once; answering true ends the camera (the QR code was found). `signal` aborts when the camera
   * stops meanwhile (left, retried): a reading that ends after it must not act.
   */
  onFrame?: (video: HTMLVideoElement, signal: AbortSignal) => Promise<boolean>;
  frameIntervalMs?: number;
};

export type Camera = {
  /** The video element the picture plays in (CameraView renders it). */
  videoRef: RefObject<HTMLVideoElement | null>;
  status: CameraState;
  /** Starts the camera again (the "Try again" button). */
  retry(): void;
};

const MAX_SIDE = 1600;
const QUALITY = 0.8;
const PHOTO_SIZE = { width: 1920, height: 1080 };
const FRAME_INTERVAL_MS = 250;

/** Runs the camera into its video element while mounted and active. */
export function useCamera(options: CameraOptions = {}): Camera {
  const { active = true, ideal = PHOTO_SIZE, frameIntervalMs = FRAME_INTERVAL_MS } = options;
  const videoRef = useRef<HTMLVideoElement>(null);
  const onFrameRef = useRef(options.onFrame);
  onFrameRef.current = options.onFrame;
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<CameraState>({ state: active ? 'starting' : 'stopped' });
  const { width, height } = ideal;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to start again
  useEffect(() => {
    if (!active) {
      setStatus({ state: 'stopped' });
      return;
    }
    const problem = cameraEnvironmentProblem({
      isSecureContext: window.isSecureContext,
      hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
    });
    if (problem !== null) {
      setStatus({ state: 'error', problem });
      return;
    }
    setStatus({ state: 'starting' });
    const run = runCamera(videoRef, { width, height }, frameIntervalMs, onFrameRef, setStatus);
    return run.stop;
  }, [active, attempt, width, height, frameIntervalMs]);
  return { videoRef, status, retry: () => setAttempt((n) => n + 1) };
}

/** One run of the camera: asks for it, plays it, reads its frames; `stop` ends all of it. */
function runCamera(
  videoRef: RefObject<HTMLVideoElement | null>,
  ideal: { width: number; height: number },
  frameIntervalMs: number,
  onFrameRef: RefObject<CameraOptions['onFrame']>,
  setStatus: (status: CameraState) => void,
): { stop(): void } {
  const abort = new AbortController();
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    abort.abort();
    clearTimeout(timer);
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  };
  const readFrame = async () => {
    const video = videoRef.current;
    const onFrame = onFrameRef.current;
    if (video && onFrame && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      try {
        const found = await onFrame(video, abort.signal);
        if (stopped) return;
        if (found) {
          stop();
          setStatus({ state: 'stopped' });
          return;
        }
      } catch (error) {
        console.error('camera frame', error);
      }
    }
    if (!stopped) timer = setTimeout(() => void readFrame(), frameIntervalMs);
  };
  navigator.mediaDevices
    .getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: ideal.width }, height: { ideal: ideal.height } },
    })
    .then(async (media) => {
      stream = media;
      if (stopped) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      const video = videoRef.current;
      if (!video) {
        stop();
        return;
      }
      video.srcObject = media;
      await video.play();
      if (stopped) return;
      setStatus({ state: 'running' });
      if (onFrameRef.current) void readFrame();
    })
    .catch((error: unknown) => {
      if (stopped) return;
      console.error('camera', error);
      stop();
      setStatus({ state: 'error', problem: classifyCameraError(error) });
    });
  return { stop };
}

/** A JPEG of an image source, its longest side at most 1600 px. */
async function encode(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(source, 0, 0, w, h);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(source, 0, 0, w, h);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/jpeg', QUALITY),
  );
}

/** The video's current frame as a compressed JPEG, or null when no frame is showing yet. */
export async function shootFrame(video: HTMLVideoElement): Promise<Blob | null> {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
  return encode(video, video.videoWidth, video.videoHeight);
}

/** A picked photo as a compressed JPEG (rejects when the file is not an image). */
export async function compressPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return await encode(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** An object URL for a blob, revoked when the blob changes or the component leaves. */
export function useBlobUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
