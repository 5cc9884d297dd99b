import { z } from 'zod/mini';
import { AREAS, normalizeMobile } from '../lib/phone';

/** Field rules shared by every request that carries them (SPEC §5). One definition each. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const emailField = z.email().check(z.maxLength(254));
export const areaField = z.enum(AREAS);
export const mobileField = z.string().check(z.regex(/^[0-9 +-]{5,20}$/));
export const passwordField = z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX));
export const codeField = z.string().check(z.regex(/^\d{6}$/));
/** Free text: PostgreSQL cannot store NUL, so it is refused here as bad input, not a 500. */
export const textField = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((s) => !s.includes('\u0000')),
  );
export const nameField = z.pipe(
  textField(80),
  z.transform((s) => s.trim()),
);

/** The account an auth request is about: an email, or a mobile number with its area. */
export const accountShape = {
  email: z.optional(emailField),
  area: z.optional(areaField),
  mobile: z.optional(mobileField),
};

type AccountFields = { email?: string; area?: 'hk' | 'ch'; mobile?: string };

/** Refinement: exactly one of email, or area + a mobile number valid in that area. */
export function checkAccount(value: AccountFields, ctx: z.core.$RefinementCtx<AccountFields>): void {
  if (value.email !== undefined) {
    if (value.mobile !== undefined) ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'unexpected' });
    return;
  }
  if (value.mobile === undefined) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'required' });
    return;
  }
  if (value.area === undefined) {
    ctx.addIssue({ code: 'custom', path: ['area'], message: 'required' });
    return;
  }
  if (normalizeMobile(value.area, value.mobile) === null) {
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'invalid' });
  }
}

/** The identity key an account is stored and rate-limited under. */
export type AccountRef = { kind: 'email'; email: string } | { kind: 'mobile'; area: 'hk' | 'ch'; mobile: string };

export function accountRef(value: AccountFields): AccountRef {
  if (value.email !== undefined) return { kind: 'email', email: value.email.trim().toLowerCase() };
  const area = value.area ?? 'hk';
  return { kind: 'mobile', area, mobile: normalizeMobile(area, value.mobile ?? '') ?? '' };
}
