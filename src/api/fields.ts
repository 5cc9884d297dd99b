import { z } from 'zod/mini';
import { AREAS } from '../lib/areas';

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

/** SPEC §3 sex: 0 unset, 1 male, 2 female. */
export const sexSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
