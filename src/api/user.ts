import { z } from 'zod/mini';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { nameField, sexSchema, textField } from './fields';
import { plainQuerySchema } from './meta';

/** The profile of SPEC §3 "Session/user info", as getProfile answers it. */
export const profileSchema = z.object({
  user_id: z.int(),
  fullName: z.string(),
  name: z.string(),
  english_name: z.string(),
  avatar: z.string(),
  area: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  email: z.nullable(z.string()),
  sex: sexSchema,
  sex_type: z.int(),
  age: z.nullable(z.int()),
  profile: z.string(),
  birth: z.nullable(z.string()),
  tipEditPassword: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = envelopeSchema(profileSchema);

const AVATAR_URL_MAX = 512;
const birthField = z.iso.date().check(z.refine((d) => d >= '1900-01-01' && d <= '2100-12-31'));

/** A partial profile edit: only the fields sent change. */
export const setProfileBodySchema = z.strictObject({
  fullName: z.optional(nameField),
  english_name: z.optional(nameField),
  sex: z.optional(sexSchema),
  age: z.optional(z.nullable(z.int().check(z.minimum(0), z.maximum(150)))),
  profile: z.optional(textField(2000, { multiline: true })),
  birth: z.optional(z.nullable(birthField)),
  /** '' (no avatar) or the URL of an image this user uploaded through uploadAvatar. */
  avatar: z.optional(textField(AVATAR_URL_MAX)),
});
export type SetProfileBody = z.infer<typeof setProfileBodySchema>;

export const avatarResponseSchema = envelopeSchema(z.object({ avatar: z.string() }));

/** Avatar uploads larger than this are refused before anything is stored. */
export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;

/** GET /api/user/getProfile: apart, so the start-up check of a token (src/session) loads only it. */
export const getProfileEndpoint = endpoint({
  method: 'GET',
  path: '/api/user/getProfile',
  query: plainQuerySchema,
  response: profileResponseSchema,
});

/** My profile: read it, edit it (sent by the outbox), and my avatar (one image file). */
export const profileEndpoints = {
  get: getProfileEndpoint,
  set: endpoint({
    method: 'POST',
    path: '/api/user/setProfile',
    body: setProfileBodySchema,
    response: profileResponseSchema,
  }),
  /**
   * Multipart: one image, made a square WebP. Without fields it becomes my avatar at once; with
   * `upload_id` (stagedUploadFieldsSchema, the sync worker's uploader) it is only stored, and the
   * setProfile change naming it makes it my avatar.
   */
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/api/user/uploadAvatar',
    upload: true,
    response: avatarResponseSchema,
  }),
};
