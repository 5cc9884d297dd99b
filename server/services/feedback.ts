import type { FeedbackBody } from '../../src/api';
import { ApiError } from '../http/errors';
import type { Caller, Services } from './context';
import { encodePhoto, ownedUploads, storeUpload } from './uploads';

/**
 * Feedback (src/api/feedback.ts): images uploaded first, each the caller's and re-encoded (a
 * file that does not decode is refused), then the message naming them. Both are idempotent by
 * the device's ids, so the outbox may replay either after a lost answer.
 */
export async function uploadFeedbackImage(
  s: Services,
  caller: Caller,
  upload: Buffer,
  uploadId: string | null,
): Promise<{ url: string }> {
  const { url } = await storeUpload(s, caller, { purpose: 'feedback', uploadId }, () => encodePhoto(upload, 'none'));
  return { url };
}

export async function sendFeedback(s: Services, caller: Caller, body: FeedbackBody): Promise<{ id: string }> {
  const images = [...new Set(body.images)];
  const mine = await ownedUploads(s.db, caller.userId, images, ['feedback']);
  if (mine.length !== images.length) throw new ApiError(400, 'feedbackImageGone');
  await s.db.query(
    `insert into feedback (user_id, client_key, content, contact, images, app_version, language, device)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
     on conflict (user_id, client_key) where client_key is not null do nothing`,
    [
      caller.userId,
      body.id,
      body.content.trim(),
      body.contact.trim(),
      JSON.stringify(images),
      body.app_version,
      body.language,
      body.device,
    ],
  );
  return { id: body.id };
}

export type FeedbackEntry = {
  id: number;
  created_at: string;
  user_id: number | null;
  contact: string;
  content: string;
  images: string[];
  app_version: string;
  language: string;
  device: string;
};

/** The newest feedback first, for the people who read it (`npm run feedback`). */
export async function listFeedback(s: Pick<Services, 'db'>, limit = 50): Promise<FeedbackEntry[]> {
  const rows = await s.db.query<FeedbackEntry & { images: string[] | string }>(
    `select id, created_at::text, user_id, contact, content, images, app_version, language, device
     from feedback order by id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    images: typeof row.images === 'string' ? (JSON.parse(row.images) as string[]) : row.images,
  }));
}
