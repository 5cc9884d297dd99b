import type { z } from 'zod/mini';
import { isFeedbackRuleKey } from '../api/feedback';
import { isTextRuleKey } from '../api/fields';
import type { Messages } from '../i18n/catalog';

type AuthErrorKey = `auth.errors.${keyof Messages['auth']['errors']}` | `server.${keyof Messages['server']}`;

/**
 * Turns a zod failure of a request schema (the server's own contract) into one message key per
 * field, so a form refuses bad input in the user's language before anything is sent.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, AuthErrorKey> {
  const out: Record<string, AuthErrorKey> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (out[field]) continue;
    // A contract rule that names its own sentence (SPEC §5 feedback rules).
    if (isFeedbackRuleKey(issue.message)) out[field] = `server.${issue.message}`;
    else if (isTextRuleKey(issue.message)) out[field] = 'auth.errors.controlChars';
    else if (field === 'password' && issue.code === 'too_small') out[field] = 'auth.errors.passwordShort';
    else if (field === 'email') out[field] = 'auth.errors.email';
    else if (field === 'mobile' || field === 'area') out[field] = 'auth.errors.mobile';
    else if (field === 'code' || field === 'current_code') out[field] = 'auth.errors.code';
    else if (issue.code === 'too_big') out[field] = 'auth.errors.tooLong';
    else out[field] = 'auth.errors.invalid';
  }
  return out;
}
