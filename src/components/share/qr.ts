import { create } from 'qrcode';

/**
 * QR codes drawn on the device (so /myQrCode works offline), with the `qrcode` encoder. Only
 * /myQrCode imports this module, so the encoder is in that route's chunk alone.
 *
 * The symbol is drawn by us, not by the library's renderers: as one SVG path on screen (crisp
 * at any size, no injected markup) and on a canvas at a whole number of pixels per module for
 * the PNG, each with the four-module quiet zone scanners need.
 */
export const QUIET_ZONE = 4;

export type QrMatrix = { size: number; version: number; dark: (row: number, col: number) => boolean };

/**
 * Error correction M for a plain link. A card's code whose link carries the card's copy (its
 * fragment, src/lib/card-copy.ts) takes L: it is shown on a screen or printed from our PNG,
 * clean pictures both, and L keeps a usual card at version 9 or 10 (M: 11 or 12), which a phone
 * reads from another phone's screen held at arm's length.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules, version } = create(text, { errorCorrectionLevel: text.includes('#') ? 'L' : 'M' });
  return { size: modules.size, version, dark: (row, col) => modules.get(row, col) === 1 };
}

/** The dark modules as one path in module units, offset by the quiet zone; runs merged per row. */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.dark(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}

/** The code as a PNG: `scale` pixels per module, black on white, quiet zone included. */
export function qrPng(matrix: QrMatrix, scale = 12): Promise<Blob> {
  const side = (matrix.size + QUIET_ZONE * 2) * scale;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.fillStyle = '#000000';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.dark(row, col)) context.fillRect((col + QUIET_ZONE) * scale, (row + QUIET_ZONE) * scale, scale, scale);
    }
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png');
  });
}
