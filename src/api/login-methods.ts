import { z } from 'zod/mini';
import { accountShape, checkAccount } from './account';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { codeField } from './fields';
import { plainQuerySchema } from './meta';

/**
 * Login methods (SPEC §1 "login with several methods and bound accounts", §7 user/third/*):
 * - GET  /api/user/third/account_list   the ways I can sign in, and which providers this server offers
 * - POST /api/user/third/bind           binds an email or a mobile number with a `bind` code
 *                                       (POST /api/sendVerifyCode {…, scene: 'bind'}, signed in)
 * - GET  /api/user/third/unbind/{id}    removes one; never the last
 * An address or number can sign in to one account only: binding one that another account uses
 * is refused (accountTaken).
 */
export const loginMethodKindSchema = z.enum(['email', 'mobile', 'google', 'facebook']);
export type LoginMethodKind = z.infer<typeof loginMethodKindSchema>;

export const loginMethodSchema = z.object({
  id: z.int(),
  kind: loginMethodKindSchema,
  /** The address, the number in international form, or the provider account's email or name. */
  label: z.string(),
  /** ms since the epoch */
  created_at: z.number(),
});
export type LoginMethod = z.infer<typeof loginMethodSchema>;

export const loginMethodsSchema = z.object({
  methods: z.array(loginMethodSchema),
  /** Third-party sign-in this server is configured for (none: the buttons are not shown). */
  providers: z.array(z.enum(['google', 'facebook'])),
  /** Whether the account has a password (a method can be removed only while another remains). */
  password: z.boolean(),
});
export type LoginMethods = z.infer<typeof loginMethodsSchema>;
export const loginMethodsResponseSchema = envelopeSchema(loginMethodsSchema);

export const bindAccountBodySchema = z
  .strictObject({ ...accountShape, code: codeField })
  .check(z.superRefine(checkAccount));
export type BindAccountBody = z.infer<typeof bindAccountBodySchema>;

export const loginMethodIdParamsSchema = z.strictObject({
  id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
});

export const loginMethodEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/third/account_list',
    query: plainQuerySchema,
    response: loginMethodsResponseSchema,
  }),
  bind: endpoint({
    method: 'POST',
    path: '/api/user/third/bind',
    body: bindAccountBodySchema,
    response: loginMethodsResponseSchema,
  }),
  // A GET that changes state, as SPEC §7 names it: the token travels in a header only (never
  // a cookie the API reads), so another site cannot make a browser send it.
  unbind: endpoint({
    method: 'GET',
    path: '/api/user/third/unbind/:id',
    params: loginMethodIdParamsSchema,
    query: plainQuerySchema,
    response: loginMethodsResponseSchema,
  }),
};
