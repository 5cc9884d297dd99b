import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A QR code as a Y4M video (YUV4MPEG2, 4:2:0) for Chromium's fake camera
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`): black modules
 * on white with the four-module quiet zone, about half the frame's height, centred on grey. Chromium loops the file, so
 * a few identical frames show the code for as long as a test needs.
 */
const WIDTH = 640;
const HEIGHT = 480;
const QUIET_ZONE = 4;
const DARK = 16;
const LIGHT = 235;
const BACKGROUND = 128;
const FRAMES = 5;

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
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128); // U then V: no colour
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}

/** The same code as a PNG, as a photo of it would be picked. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: QUIET_ZONE, scale: 8 });
}
