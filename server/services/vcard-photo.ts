import sharp from 'sharp';
import { VCARD_PHOTO_PX } from '../../src/lib/card-vcard';
import { type BlobStore, blobKeyOf } from '../blobs/store';

/** Photos kept re-encoded per blob store (blob keys are random and never rewritten). */
const CACHE_SIZE = 200;

const caches = new WeakMap<BlobStore, Map<string, Buffer | null>>();

/**
 * The card's picture for its vCard: one of our blobs (`/blobs/...`; anything else, such as an
 * outside URL, is not fetched) decoded and re-encoded by sharp as an upright JPEG fitting
 * VCARD_PHOTO_PX on white, or null when there is none or it cannot be read.
 */
export async function vcardPhoto(blobs: BlobStore, url: string): Promise<Buffer | null> {
  const key = blobKeyOf(url);
  if (!key) return null;
  const cache = caches.get(blobs) ?? new Map<string, Buffer | null>();
  caches.set(blobs, cache);
  const cached = cache.get(key);
  if (cached !== undefined) {
    // Most recently used last, so the oldest is evicted first.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const data = await blobs.get(key);
  const jpeg = data
    ? await sharp(data, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(VCARD_PHOTO_PX, VCARD_PHOTO_PX, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer()
        .catch(() => null)
    : null;
  cache.set(key, jpeg);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return jpeg;
}
