import { z } from 'zod';
import { envelopeSchema } from './envelope';

/** GET routes take no parameters but an optional cache-buster `t`; anything else is refused. */
export const plainQuerySchema = z.strictObject({ t: z.string().max(32).optional() });

/** Body of calls that take none (logout): absent (Fastify reads that as null), or an empty object. */
export const emptyBodySchema = z.strictObject({}).nullish();

export const timeResponseSchema = envelopeSchema(z.object({ time: z.number().int() }));
export const versionFileSchema = z.object({ version: z.string() });
export type VersionFile = z.infer<typeof versionFileSchema>;
