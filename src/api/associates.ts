import { z } from 'zod/mini';
import { loginBodySchema, loginPayloadSchema } from './auth';
import { envelopeSchema } from './envelope';

/**
 * Associated accounts (SPEC §1, §7): one person's personal and company accounts, linked so
 * either can switch to the other without typing its password.
 * - POST /api/user/associate {email | area + mobile, password | code}  links the account those
 *   credentials sign in to (SPEC §7 names no linking call; this is it). Linked both ways.
 * - GET  /api/user/my_associate              the accounts linked to mine
 * - GET  /api/user/associate_login/{id}      a session for linked account {id} (its login payload)
 * - GET  /api/user/dis_associate/{id}        unlinks it (both ways)
 */
export const ASSOCIATES_MAX = 5;

export const associateBodySchema = loginBodySchema;
export type AssociateBody = z.infer<typeof associateBodySchema>;

export const associateSchema = z.object({
  user_id: z.int(),
  fullName: z.string(),
  avatar: z.string(),
  /** How that account signs in: its email, or its mobile number in international form. */
  label: z.string(),
  /** ms since the epoch */
  linked_at: z.number(),
});
export type Associate = z.infer<typeof associateSchema>;

export const associatesSchema = z.object({ accounts: z.array(associateSchema) });
export type Associates = z.infer<typeof associatesSchema>;
export const associatesResponseSchema = envelopeSchema(associatesSchema);
export const associateLoginResponseSchema = envelopeSchema(loginPayloadSchema);

export const associateIdParamsSchema = z.strictObject({
  id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
});
