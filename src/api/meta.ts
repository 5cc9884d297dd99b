import { z } from 'zod/mini';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';

/** GET routes take no parameters but an optional cache-buster `t`; anything else is refused. */
export const plainQuerySchema = z.strictObject({ t: z.optional(z.string().check(z.maxLength(32))) });

/** Body of calls that take none (logout): absent (Fastify reads that as null), or an empty object. */
export const emptyBodySchema = z.nullish(z.strictObject({}));

export const timeResponseSchema = envelopeSchema(z.object({ time: z.int() }));
export const versionFileSchema = z.object({ version: z.string() });
export type VersionFile = z.infer<typeof versionFileSchema>;

/**
 * GET /api/get_time: the server's clock, read at start-up. Never deduplicated
 * (src/lib/request/dedupe.ts). /version.json is a file of the app, not a call of the contract.
 */
export const metaEndpoints = {
  time: endpoint({
    method: 'GET',
    path: '/api/get_time',
    query: plainQuerySchema,
    response: timeResponseSchema,
    concurrent: true,
  }),
};

/** The header the app sends its IANA time zone in (every request; a sign-in records it: src/api/sessions.ts). */
export const TIME_ZONE_HEADER = 'time-zone';
