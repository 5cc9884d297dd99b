/**
 * The page side of workers/qr.worker.ts: one worker per visit of /scanqrcode, ended when the
 * page closes. Pictures are downscaled on a canvas here (a phone photo is 12 MP; QR codes decode
 * well at a fraction of that) and their pixel buffer is transferred to the worker.
 */
import * as Comlink from 'comlink';
import type { QrWorkerApi } from '../../workers/qr.worker';

/** Longest side of a decoded camera frame and of a decoded photo, in pixels. */
export const FRAME_SIDE = 640;
export const PHOTO_SIDE = 1280;
/** A photo whose code is small in the frame gets a second, sharper try. */
const PHOTO_SIDE_SHARP = 2560;

export type QrDecoder = {
  /** The QR text in what `source` shows now, or null. */
  decode(
    source: CanvasImageSource,
    width: number,
    height: number,
    options?: { maxSide?: number; thorough?: boolean },
  ): Promise<string | null>;
  /** The QR text in a picture file, or null; rejects when the file is not a readable image. */
  decodeFile(file: Blob): Promise<string | null>;
  close(): void;
};

export function startQrDecoder(): QrDecoder {
  const raw = new Worker(new URL('../../workers/qr.worker.ts', import.meta.url), { type: 'module' });
  const worker = Comlink.wrap<QrWorkerApi>(raw);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });

  const decode: QrDecoder['decode'] = async (source, width, height, options = {}) => {
    if (!context || width === 0 || height === 0) return null;
    const scale = Math.min(1, (options.maxSide ?? FRAME_SIDE) / Math.max(width, height));
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const pixels = { data, width: canvas.width, height: canvas.height };
    return worker.decode(Comlink.transfer(pixels, [data.buffer]), options.thorough ?? false);
  };

  return {
    decode,
    async decodeFile(file) {
      const bitmap = await createImageBitmap(file);
      try {
        const { width, height } = bitmap;
        const text = await decode(bitmap, width, height, { maxSide: PHOTO_SIDE, thorough: true });
        if (text !== null || Math.max(width, height) <= PHOTO_SIDE) return text;
        return await decode(bitmap, width, height, { maxSide: PHOTO_SIDE_SHARP, thorough: true });
      } finally {
        bitmap.close();
      }
    },
    close() {
      worker[Comlink.releaseProxy]();
      raw.terminate();
    },
  };
}
