import { z } from 'zod/mini';

/**
 * Every answer of /api/* is this envelope (SPEC §7): `code` 200 is success, any other code
 * is the HTTP status of the failure; `msg` is written in the request's language.
 *
 * The contract uses zod/mini: the same schemas as classic zod, tree-shakable, so a screen
 * ships only the checks it uses (classic zod alone was 25 KB gzipped in the first page).
 */
export const envelopeSchema = <T extends z.ZodMiniType>(data: T) => z.object({ code: z.int(), msg: z.string(), data });

export const errorEnvelopeSchema = envelopeSchema(z.null());
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { code: number; msg: string; data: T };

/** An empty success payload. */
export const okSchema = z.null();
