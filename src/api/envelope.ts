import { z } from 'zod';

/**
 * Every answer of /api/* is this envelope (SPEC §7): `code` 200 is success, any other code
 * is the HTTP status of the failure; `msg` is written in the request's language.
 */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export const errorEnvelopeSchema = envelopeSchema(z.null());
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { code: number; msg: string; data: T };

/** An empty success payload. */
export const okSchema = z.null();
