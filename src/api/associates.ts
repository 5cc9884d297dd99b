import { z } from 'zod/mini';
import { accountShape, checkAccount } from './account';
import { loginPayloadSchema } from './auth';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { codeField, PASSWORD_MAX, passwordField } from './fields';
import { plainQuerySchema } from './meta';

/**
 * Associated accounts (SPEC §1, §7): one person's personal and company accounts, linked so
 * either can switch to the other without typing its password.
 * - POST /api/user/associate {email | area + mobile, password | code, current_password | current_code}
 *   links the account those credentials sign in to (SPEC §7 names no linking call; this is it).
 *   Linked both ways. The account signed in proves itself too (its password, or, when it has
 *   none, a fresh login code sent to its own address: ownCodeAccount), so a stolen session
 *   alone cannot link the thief's account to it. A password change, a reset, or "sign out
 *   everywhere else" on either account ends the link.
 * - GET  /api/user/my_associate              the accounts linked to mine
 * - GET  /api/user/associate_login/{id}      a session for linked account {id} (its login payload)
 * - GET  /api/user/dis_associate/{id}        unlinks it (both ways)
 */
export const ASSOCIATES_MAX = 5;

export const associateBodySchema = z
  .strictObject({
    ...accountShape,
    password: z.optional(passwordField),
    code: z.optional(codeField),
    current_password: z.optional(z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX))),
    current_code: z.optional(codeField),
  })
  .check(
    z.superRefine((value, ctx) => {
      checkAccount(value, ctx);
      if ((value.password === undefined) === (value.code === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'password or code', input: value });
      }
      if ((value.current_password === undefined) === (value.current_code === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['current_password'], message: 'required', input: value });
      }
    }),
  );
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

/**
 * Where the login code that proves a password-less signed-in account goes: its email, else its
 * mobile number (one rule for the screen that asks for the code and the server that checks it).
 */
export function ownCodeAccount(user: {
  email: string | null;
  area: string | null;
  mobile: string | null;
}): { email: string } | { area: 'hk' | 'ch'; mobile: string } | null {
  if (user.email) return { email: user.email };
  if (user.mobile && (user.area === 'hk' || user.area === 'ch')) return { area: user.area, mobile: user.mobile };
  return null;
}

export const associateEndpoints = {
  link: endpoint({
    method: 'POST',
    path: '/api/user/associate',
    body: associateBodySchema,
    response: associatesResponseSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/user/my_associate',
    query: plainQuerySchema,
    response: associatesResponseSchema,
  }),
  login: endpoint({
    method: 'GET',
    path: '/api/user/associate_login/:id',
    params: associateIdParamsSchema,
    query: plainQuerySchema,
    response: associateLoginResponseSchema,
  }),
  unlink: endpoint({
    method: 'GET',
    path: '/api/user/dis_associate/:id',
    params: associateIdParamsSchema,
    query: plainQuerySchema,
    response: associatesResponseSchema,
  }),
};
