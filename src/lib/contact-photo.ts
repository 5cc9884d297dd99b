import { VCARD_PHOTO_PX } from './card-vcard';

/**
 * A picture as the JPEG a contact file embeds, made on the device as the server's
 * vcard-photo.ts makes it: fitted in VCARD_PHOTO_PX, upright (createImageBitmap follows EXIF),
 * on white, quality 0.8. Null when the browser cannot decode it.
 */
export async function contactPhotoJpeg(blob: Blob): Promise<Uint8Array | null> {
  try {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    const scale = Math.min(1, VCARD_PHOTO_PX / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    return new Uint8Array(await jpeg.arrayBuffer());
  } catch {
    return null;
  }
}
