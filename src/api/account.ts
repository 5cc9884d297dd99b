import { z } from 'zod/mini';
import { normalizeMobile } from '../lib/phone';
import { areaField, emailField, mobileField } from './fields';

/**
 * Who an auth request is about. Kept apart from ./fields because the mobile check needs
 * libphonenumber, which only the sign-in screens (and the server) should load.
 */
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
