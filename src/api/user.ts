import { z } from 'zod';
import { sexSchema } from './auth';
import { envelopeSchema } from './envelope';
import { nameField, textField } from './fields';

/** The profile of SPEC §3 "Session/user info", as getProfile answers it. */
export const profileSchema = z.object({
  user_id: z.number().int(),
  fullName: z.string(),
  name: z.string(),
  english_name: z.string(),
  avatar: z.string(),
  area: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  sex: sexSchema,
  sex_type: z.number().int(),
  age: z.number().int().nullable(),
  profile: z.string(),
  birth: z.string().nullable(),
  tipEditPassword: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = envelopeSchema(profileSchema);

const birthField = z.iso.date().refine((d) => d >= '1900-01-01' && d <= '2100-12-31');

/** A partial profile edit: only the fields sent change. */
export const setProfileBodySchema = z.strictObject({
  fullName: nameField.optional(),
  english_name: nameField.optional(),
  sex: sexSchema.optional(),
  age: z.number().int().min(0).max(150).nullable().optional(),
  profile: textField(2000).optional(),
  birth: birthField.nullable().optional(),
});
export type SetProfileBody = z.infer<typeof setProfileBodySchema>;

export const avatarResponseSchema = envelopeSchema(z.object({ avatar: z.string() }));

/** Avatar uploads larger than this are refused before anything is stored. */
export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;
