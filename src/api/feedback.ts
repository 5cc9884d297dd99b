import { z } from 'zod/mini';
import { hasControlChars } from '../lib/control-chars';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { emailField, stagedUploadFieldsSchema, TEXT_CONTROL_CHARS, textField } from './fields';

/**
 * Feedback (SPEC §1 "a feedback form", §5 its rules; SPEC §7 names no call, so these join the
 * contract):
 * - POST multipart /api/feedback/image  one image (at most FEEDBACK_IMAGE_MAX_BYTES, refused
 *   before it is stored) with `upload_id` (the device's id: a replay stores it once) → {url}
 * - POST /api/feedback                  the message, with the URLs of up to FEEDBACK_IMAGES_MAX
 *   images uploaded above; `id` is made on the device, so a message sent twice is kept once.
 * The app sends it through the outbox (mutation sendFeedback): at once online, after
 * reconnecting offline, images first.
 */
export const FEEDBACK_IMAGE_MAX_BYTES = 12 * 1024 * 1024;
export const FEEDBACK_IMAGES_MAX = 4;
export const FEEDBACK_CONTENT_MAX = 2000;

/** The SPEC §5 rules; a broken rule's issue message is its key in the `server` message namespace. */
export const FEEDBACK_RULES = {
  content: 'feedbackContentRequired',
  contact: 'feedbackContactRequired',
  agree: 'feedbackAgreeRequired',
} as const;
export type FeedbackRuleKey = (typeof FEEDBACK_RULES)[keyof typeof FEEDBACK_RULES];
const FEEDBACK_RULE_KEYS: ReadonlySet<string> = new Set(Object.values(FEEDBACK_RULES));
export const isFeedbackRuleKey = (message: string | undefined): message is FeedbackRuleKey =>
  message !== undefined && FEEDBACK_RULE_KEYS.has(message);

const PHONE = /^\+?[0-9][0-9 ()-]{3,22}[0-9]$/;
/** A contact is an email address or a phone number (five digits at least). */
export function isContact(value: string): boolean {
  const v = value.trim();
  if (v.includes('@')) return emailField.safeParse(v).success;
  return PHONE.test(v) && v.replace(/\D/g, '').length >= 5;
}

export const feedbackIdField = z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/));

export const feedbackBodySchema = z.strictObject({
  id: feedbackIdField,
  content: z.string({ error: FEEDBACK_RULES.content }).check(
    z.maxLength(FEEDBACK_CONTENT_MAX),
    z.refine((v: string) => !hasControlChars(v, true), { error: TEXT_CONTROL_CHARS }),
    z.refine((v: string) => v.trim() !== '', { error: FEEDBACK_RULES.content }),
  ),
  contact: z.string({ error: FEEDBACK_RULES.contact }).check(
    z.maxLength(254),
    z.refine((v: string) => !hasControlChars(v), { error: TEXT_CONTROL_CHARS }),
    z.refine(isContact, { error: FEEDBACK_RULES.contact }),
  ),
  agree: z.literal(true, { error: FEEDBACK_RULES.agree }),
  images: z._default(z.array(textField(300)).check(z.maxLength(FEEDBACK_IMAGES_MAX)), []),
  app_version: textField(32),
  language: textField(16),
  device: textField(300),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;
export const feedbackResponseSchema = envelopeSchema(z.object({ id: z.string() }));

export const feedbackUploadFieldsSchema = stagedUploadFieldsSchema;
export const feedbackImageResponseSchema = envelopeSchema(z.object({ url: z.string() }));

/** The feedback calls (the list at the top), sent by the outbox. */
export const feedbackEndpoints = {
  image: endpoint({
    method: 'POST',
    path: '/api/feedback/image',
    upload: true,
    response: feedbackImageResponseSchema,
  }),
  send: endpoint({ method: 'POST', path: '/api/feedback', body: feedbackBodySchema, response: feedbackResponseSchema }),
};
