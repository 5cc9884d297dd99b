import sharp from 'sharp';
import { CARD_PHOTO_MAX_SIDE, CARD_PHOTO_RATIO } from '../../src/api';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { randomKey } from '../security/secrets';
import type { Caller, Services } from './context';

/**
 * The files users upload (the `uploads` table, 0020_uploads.sql): card photos, cloud card
 * photos, feedback images, company images and PDFs, avatars and payment proofs. Each is checked and re-encoded by its
 * route's service, stored here once per device upload id, and named afterwards only by its own
 * author, for the purpose it was uploaded for.
 */
export type UploadPurpose = 'card' | 'cloud' | 'feedback' | 'company_img' | 'company_pdf' | 'avatar' | 'proof';

/** What a purpose's upload is recorded with. */
export type UploadRecord = {
  purpose: UploadPurpose;
  /** The device's id for this upload: a replay answers the file stored the first time. */
  uploadId?: string | null;
  side?: 'front' | 'back' | null;
};

/** A file ready to store: its bytes, its extension and, for an image, its size in pixels. */
export type PreparedFile = { data: Buffer; ext: 'webp' | 'pdf'; width?: number; height?: number; name?: string };

export type StoredUpload = { url: string; width: number; height: number };

/** Where each purpose's files are kept in the blob store. */
const FOLDER: Record<UploadPurpose, string> = {
  card: 'cards',
  cloud: 'cloud',
  feedback: 'feedback',
  company_img: 'company',
  company_pdf: 'company',
  avatar: 'avatars',
  proof: 'orders',
};

/**
 * A photo of a card or for a message, as stored: decoded (anything sharp cannot decode is
 * refused), upright by its EXIF orientation, without its metadata, the centre cropped to 16:10
 * when `crop` is 'cover', bounded to CARD_PHOTO_MAX_SIDE and re-encoded as WebP.
 */
export async function encodePhoto(upload: Buffer, crop: 'cover' | 'none'): Promise<PreparedFile> {
  const input = () => sharp(upload, { limitInputPixels: 50_000_000 });
  try {
    const { autoOrient } = await input().metadata();
    let image = input().rotate();
    if (crop === 'cover') {
      const width = Math.max(
        1,
        Math.min(CARD_PHOTO_MAX_SIDE, autoOrient.width, Math.round(autoOrient.height * CARD_PHOTO_RATIO)),
      );
      const height = Math.max(1, Math.round(width / CARD_PHOTO_RATIO));
      image = image.resize(width, height, { fit: 'cover', position: 'centre' });
    } else {
      image = image.resize(CARD_PHOTO_MAX_SIDE, CARD_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    }
    const { data, info } = await image.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    return { data, ext: 'webp', width: info.width, height: info.height };
  } catch {
    throw new ApiError(400, 'notImage');
  }
}

async function storedUpload(q: Queryable, userId: number, record: UploadRecord): Promise<StoredUpload | null> {
  if (!record.uploadId) return null;
  const [row] = await q.query<StoredUpload>(
    `select url, coalesce(width, 0) as width, coalesce(height, 0) as height from uploads
     where user_id = $1 and purpose = $2 and upload_id = $3`,
    [userId, record.purpose, record.uploadId],
  );
  return row ?? null;
}

/**
 * Stores one file the caller uploaded (`prepare` checks and encodes it) and answers its URL and
 * size. An upload id seen before for this user and purpose answers the file stored then and
 * prepares and stores nothing, so an offline outbox may replay an upload safely (of two racing
 * ones, the first stored is kept).
 */
export async function storeUpload(
  s: Services,
  caller: Caller,
  record: UploadRecord,
  prepare: () => Promise<PreparedFile>,
): Promise<StoredUpload> {
  const before = await storedUpload(s.db, caller.userId, record);
  if (before) return before;
  const file = await prepare();
  const key = `${FOLDER[record.purpose]}/${randomKey(16)}.${file.ext}`;
  const url = await s.blobs.put(key, file.data);
  const [row] = await s.db.query<StoredUpload>(
    `insert into uploads (url, user_id, purpose, upload_id, side, width, height, name, size)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (user_id, purpose, upload_id) where upload_id is not null do nothing
     returning url, coalesce(width, 0) as width, coalesce(height, 0) as height`,
    [
      url,
      caller.userId,
      record.purpose,
      record.uploadId ?? null,
      record.side ?? null,
      file.width ?? null,
      file.height ?? null,
      file.name ?? '',
      file.data.length,
    ],
  );
  if (row) return row;
  // Another request with this upload id stored its file first: answer that one.
  await s.blobs.remove(key);
  const first = await storedUpload(s.db, caller.userId, record);
  if (!first) throw new Error(`${record.purpose} upload lost its record`);
  return first;
}

export type OwnedUpload = { url: string; purpose: UploadPurpose; size: number };

/** Those of these files the user uploaded for one of these purposes. */
export async function ownedUploads(
  q: Queryable,
  userId: number,
  urls: readonly string[],
  purposes: readonly UploadPurpose[],
): Promise<OwnedUpload[]> {
  if (urls.length === 0) return [];
  const rows = await q.query<OwnedUpload>(
    'select url, purpose, size from uploads where user_id = $1 and purpose = any($2::text[]) and url = any($3::text[])',
    [userId, purposes, [...new Set(urls)]],
  );
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/**
 * The first of these named files the user did not upload for one of these purposes (its
 * field, for the refusal to name), or null when every one is theirs.
 */
export async function notOwnedUpload<F extends string>(
  q: Queryable,
  userId: number,
  named: readonly { field: F; url: string }[],
  purposes: readonly UploadPurpose[],
): Promise<F | null> {
  const owned = new Set(
    (
      await ownedUploads(
        q,
        userId,
        named.map((n) => n.url),
        purposes,
      )
    ).map((row) => row.url),
  );
  return named.find((n) => !owned.has(n.url))?.field ?? null;
}
