import { z } from 'zod/mini';
import { AREAS } from '../lib/areas';
import { hasControlChars } from '../lib/control-chars';

/** Field rules shared by every request that carries them (SPEC §5). One definition each. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const emailField = z.email().check(z.maxLength(254));
export const areaField = z.enum(AREAS);
export const mobileField = z.string().check(z.regex(/^[0-9 +-]{5,20}$/));
export const passwordField = z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX));
export const codeField = z.string().check(z.regex(/^\d{6}$/));
/**
 * The message key of a text field holding a control character (src/lib/control-chars.ts): the
 * server answers it as `server.textControlChars` naming the field, forms as their own sentence.
 */
export const TEXT_CONTROL_CHARS = 'textControlChars' as const;
export const isTextRuleKey = (message: string | undefined): message is typeof TEXT_CONTROL_CHARS =>
  message === TEXT_CONTROL_CHARS;

/**
 * Free text a user writes, the one schema of every such field of the contract. Control
 * characters (ESC, CR, NUL, …) are refused: they can drive the terminal of an operator reading
 * it, and PostgreSQL cannot store NUL; a multi-line field (`{ multiline: true }`) keeps newline
 * and tab.
 */
export const textField = (max: number, options: { multiline?: boolean } = {}) =>
  z.string().check(
    z.maxLength(max),
    z.refine((s) => !hasControlChars(s, options.multiline), { error: TEXT_CONTROL_CHARS }),
  );
export const nameField = z.pipe(
  textField(80),
  z.transform((s) => s.trim()),
);

/** SPEC §3 sex: 0 unset, 1 male, 2 female. */
export const sexSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * The id a device gives a file it picked (src/db/uploads.ts), sent as the `upload_id` form field
 * of an upload: the same id sent again (an outbox replaying after a lost answer) answers the
 * file stored the first time and stores nothing.
 */
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const uploadIdField = z.string().check(z.regex(UPLOAD_ID_PATTERN));

/**
 * The form fields of an upload that only stores its file (avatar, company files, payment proof):
 * with `upload_id` the file is staged, and the change that names its URL (setProfile's avatar,
 * saveCompany, sendProof) puts it in place, newest edit winning like any other change.
 */
export const stagedUploadFieldsSchema = z.strictObject({ upload_id: z.optional(uploadIdField) });
