/**
 * The QR decoder of /scanqrcode: jsQR off the main thread, so a frame being decoded never
 * blocks the camera preview or a tap. The page sends RGBA pixels it has already downscaled,
 * with their buffer transferred (not copied); see src/browser/qr-decoder.ts.
 */
import * as Comlink from 'comlink';
import jsQR from 'jsqr';

export type QrPixels = { data: Uint8ClampedArray; width: number; height: number };

const api = {
  /**
   * The text of the QR code in the picture, or null. Camera frames try the normal polarity only
   * (fast, several a second); a chosen photo is worth trying inverted too.
   */
  decode({ data, width, height }: QrPixels, thorough = false): string | null {
    const code = jsQR(data, width, height, { inversionAttempts: thorough ? 'attemptBoth' : 'dontInvert' });
    return code ? code.data : null;
  },
};

export type QrWorkerApi = typeof api;
Comlink.expose(api);
