import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// The reader's WebAssembly from node_modules (by default it is fetched from a CDN).
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer } });

/**
 * Reads a QR code from a picture with ZXing-C++ (the decoder of many phones' camera apps), a
 * decoder independent of the app's (jsQR): what a phone's camera app would make of it. Null when
 * it finds no code. (ZXing's JavaScript port was tried first: it missed about one clean code in
 * ten of the app's own, at any size, where jsQR and ZXing-C++ read them all.)
 */
export async function zxingDecode(picture: Buffer): Promise<string | null> {
  const { data, info } = await sharp(picture)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = await readBarcodes(
    { data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: 'srgb' },
    { formats: ['QRCode'], tryHarder: true },
  );
  return found.find((code) => code.isValid)?.text ?? null;
}
