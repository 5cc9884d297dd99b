import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * Videos for Chromium's fake camera: Y4M files (YUV4MPEG2, 4:2:0, BT.601) of a still picture,
 * a few identical frames that Chromium loops for as long as a test needs. `fakeCamera(file)`
 * is the browser flags that show it to every getUserMedia call.
 */
const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;

/** Flags for launchBrowser: a fake camera showing `video`. */
export const fakeCamera = (video: string): string[] => [
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];

function writeY4m(path: string, luma: Buffer, u: Buffer, v: Buffer): void {
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}

const QUIET_ZONE = 4;
const DARK = 16;
const LIGHT = 235;
const BACKGROUND = 128;

/**
 * A QR code: black modules on white with the four-module quiet zone, about half the frame's
 * height, centred on grey.
 */
export function writeQrVideo(path: string, text: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + QUIET_ZONE * 2;
  const scale = Math.floor((HEIGHT * 0.45) / side); // inside the viewfinder's frame
  const left = Math.floor((WIDTH - side * scale) / 2);
  const top = Math.floor((HEIGHT - side * scale) / 2);

  const luma = Buffer.alloc(WIDTH * HEIGHT, BACKGROUND);
  for (let y = 0; y < side * scale; y++) {
    for (let x = 0; x < side * scale; x++) {
      const row = Math.floor(y / scale) - QUIET_ZONE;
      const col = Math.floor(x / scale) - QUIET_ZONE;
      const inside = row >= 0 && col >= 0 && row < modules.size && col < modules.size;
      luma[(top + y) * WIDTH + left + x] = inside && modules.get(row, col) ? DARK : LIGHT;
    }
  }
  const noColour = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  writeY4m(path, luma, noColour, noColour);
}

/** The same code as a PNG, as a photo of it would be picked. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: QUIET_ZONE, scale: 8 });
}

/** A photo (a card on a table), scaled to fill the frame. */
export async function writePhotoVideo(path: string, photo: string): Promise<void> {
  writeRgbVideo(path, await sharp(photo).resize(WIDTH, HEIGHT).removeAlpha().raw().toBuffer());
}

/**
 * A phone's screen (a screenshot) as another phone's camera sees it held at arm's length: the
 * whole screen, its proportions kept, filling the frame's height, on grey. Also answers the
 * frame itself (RGB PNG, 640×480), for a decoder of one's own.
 */
export async function writeScreenVideo(path: string, screenshot: Buffer): Promise<Buffer> {
  const frame = sharp(screenshot)
    .resize(WIDTH, HEIGHT, { fit: 'contain', background: { r: BACKGROUND, g: BACKGROUND, b: BACKGROUND } })
    .removeAlpha();
  writeRgbVideo(path, await frame.clone().raw().toBuffer());
  return frame.png().toBuffer();
}

function writeRgbVideo(path: string, rgb: Buffer): void {
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const [r, g, b] = [rgb[i * 3] ?? 0, rgb[i * 3 + 1] ?? 0, rgb[i * 3 + 2] ?? 0];
    y[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  for (let row = 0; row < HEIGHT / 2; row++) {
    for (let col = 0; col < WIDTH / 2; col++) {
      const i = row * 2 * WIDTH + col * 2;
      const [r, g, b] = [rgb[i * 3] ?? 0, rgb[i * 3 + 1] ?? 0, rgb[i * 3 + 2] ?? 0];
      const k = row * (WIDTH / 2) + col;
      u[k] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      v[k] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  }
  writeY4m(path, y, u, v);
}
