/**
 * The card scanners' camera (/cloud/create, /card/identify): the rear camera's live picture,
 * started on mount and stopped on unmount or on retry, with SPEC §8's camera problems
 * (src/lib/camera-errors.ts); and shots made small enough to keep many of them in IndexedDB
 * (JPEG at quality 0.8, longest side 1600 px — plenty for recognition of a card).
 */
import { type RefObject, useEffect, useState } from 'react';
import { type CameraProblem, cameraEnvironmentProblem, classifyCameraError } from '../../lib/camera-errors';

export type Camera = { state: 'starting' } | { state: 'running' } | { state: 'error'; problem: CameraProblem };

const MAX_SIDE = 1600;
const QUALITY = 0.8;

/** Runs the camera into the video element while mounted; `attempt` changes start it again. */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>, attempt: number): Camera {
  const [camera, setCamera] = useState<Camera>({ state: 'starting' });
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
    const stop = () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    };
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
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
        if (!stopped) setCamera({ state: 'running' });
      })
      .catch((error: unknown) => {
        if (stopped) return;
        console.error('camera', error);
        stop();
        setCamera({ state: 'error', problem: classifyCameraError(error) });
      });
    return stop;
  }, [attempt, videoRef]);
  return camera;
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
