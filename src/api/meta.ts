import { z } from 'zod';
import { envelopeSchema } from './envelope';

export const timeResponseSchema = envelopeSchema(z.object({ time: z.number().int() }));
export const versionFileSchema = z.object({ version: z.string() });
export type VersionFile = z.infer<typeof versionFileSchema>;
