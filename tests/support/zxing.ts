import zxing from '@zxing/library';
import sharp from 'sharp';

// A CommonJS package: Node names its exports only on the default import.
const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

/**
 * Reads a QR code from a picture with ZXing, a decoder independent of the app's (jsQR): what a
 * phone's camera app would make of it. Null when it finds no code.
 */
export async function zxingDecode(picture: Buffer): Promise<string | null> {
  const { data, info } = await sharp(picture)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  try {
    return new QRCodeReader()
      .decode(new BinaryBitmap(new HybridBinarizer(source)), new Map([[DecodeHintType.TRY_HARDER, true]]))
      .getText();
  } catch {
    return null;
  }
}
