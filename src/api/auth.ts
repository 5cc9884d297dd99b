import { z } from 'zod/mini';
import { accountShape, checkAccount } from './account';
import { endpoint } from './endpoint';
import { envelopeSchema, okSchema } from './envelope';
import { codeField, nameField, passwordField, sexSchema } from './fields';
import { emptyBodySchema } from './meta';

export const verifySceneSchema = z.enum(['register', 'login', 'reset', 'bind']);
export type VerifyScene = z.infer<typeof verifySceneSchema>;

export const sendVerifyCodeBodySchema = z
  .strictObject({ ...accountShape, scene: verifySceneSchema })
  .check(z.superRefine(checkAccount));
export type SendVerifyCodeBody = z.infer<typeof sendVerifyCodeBodySchema>;

export const registerBodySchema = z
  .strictObject({ ...accountShape, password: passwordField, code: codeField, name: z.optional(nameField) })
  .check(z.superRefine(checkAccount));
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z
  .strictObject({ ...accountShape, password: z.optional(passwordField), code: z.optional(codeField) })
  .check(
    z.superRefine((value, ctx) => {
      checkAccount(value, ctx);
      if ((value.password === undefined) === (value.code === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'password or code', input: value });
      }
    }),
  );
export type LoginBody = z.infer<typeof loginBodySchema>;

export const resetPwdBodySchema = z
  .strictObject({ ...accountShape, code: codeField, password: passwordField })
  .check(z.superRefine(checkAccount));
export type ResetPwdBody = z.infer<typeof resetPwdBodySchema>;

export const modifyPwdBodySchema = z.strictObject({
  old_password: z.optional(z.string().check(z.maxLength(128))),
  password: passwordField,
});
export type ModifyPwdBody = z.infer<typeof modifyPwdBodySchema>;

/** How this session signed in: 1 verification code, 2 password, 4 a bound third-party account. */
export const loginTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(4)]);
export type LoginType = z.infer<typeof loginTypeSchema>;

/** The login payload of SPEC §3. */
export const loginPayloadSchema = z.object({
  id: z.int(),
  fullName: z.string(),
  avatar: z.string(),
  token: z.string(),
  area: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  email: z.nullable(z.string()),
  sex: sexSchema,
  age: z.nullable(z.int()),
  profile: z.string(),
  birth: z.nullable(z.string()),
  password: z.boolean(),
  login_type: loginTypeSchema,
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const loginResponseSchema = envelopeSchema(loginPayloadSchema);
export const okResponseSchema = envelopeSchema(okSchema);

/**
 * Signing up, in and out, and the password (SPEC §7): POST /api/sendVerifyCode, /api/register,
 * /api/login, /api/logout, /api/user/resetPwd (signed out, by code) and /api/user/modifyPwd
 * (signed in).
 */
export const authEndpoints = {
  sendVerifyCode: endpoint({
    method: 'POST',
    path: '/api/sendVerifyCode',
    body: sendVerifyCodeBodySchema,
    response: okResponseSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    body: registerBodySchema,
    response: loginResponseSchema,
  }),
  login: endpoint({ method: 'POST', path: '/api/login', body: loginBodySchema, response: loginResponseSchema }),
  logout: endpoint({ method: 'POST', path: '/api/logout', body: emptyBodySchema, response: okResponseSchema }),
  resetPwd: endpoint({
    method: 'POST',
    path: '/api/user/resetPwd',
    body: resetPwdBodySchema,
    response: okResponseSchema,
  }),
  modifyPwd: endpoint({
    method: 'POST',
    path: '/api/user/modifyPwd',
    body: modifyPwdBodySchema,
    response: okResponseSchema,
  }),
};
