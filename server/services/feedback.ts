import type { FeedbackBody } from '../../src/api';
import { ApiError } from '../http/errors';
import { randomKey } from '../security/secrets';
import { encodePhoto } from './cards';
import type { Caller, Services } from './context';

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
  const stored = async () =>
    uploadId
      ? (
          await s.db.query<{ url: string }>('select url from feedback_images where user_id = $1 and upload_id = $2', [
            caller.userId,
            uploadId,
          ])
        )[0]
      : undefined;
  const before = await stored();
  if (before) return before;
  const { data } = await encodePhoto(upload, 'none');
  const key = `feedback/${randomKey(16)}.webp`;
  const url = await s.blobs.put(key, data);
  const [row] = await s.db.query<{ url: string }>(
    `insert into feedback_images (url, user_id, upload_id) values ($1, $2, $3)
     on conflict (user_id, upload_id) where upload_id is not null do nothing returning url`,
    [url, caller.userId, uploadId],
  );
  if (row) return row;
  await s.blobs.remove(key);
  const first = await stored();
  if (!first) throw new Error('feedback image lost its record');
  return first;
}

export async function sendFeedback(s: Services, caller: Caller, body: FeedbackBody): Promise<{ id: string }> {
  const images = [...new Set(body.images)];
  if (images.length > 0) {
    const mine = await s.db.query<{ url: string }>(
      'select url from feedback_images where user_id = $1 and url = any($2::text[])',
      [caller.userId, images],
    );
    if (mine.length !== images.length) throw new ApiError(400, 'feedbackImageGone');
  }
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
