import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metaEndpoints, plainQuerySchema, versionFileSchema } from '../../src/api';
import { serve } from '../http/endpoint';
import { APP_VERSION } from '../version';

export function metaRoutes(staticDir: string | null) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    serve(app, metaEndpoints.time, {}, async (_req, reply) => reply.ok({ time: Date.now() }));

    // Read on every request (never cached), so a deploy that replaces the built app's
    // version.json is seen by open clients at their next navigation (SPEC §4).
    app.get('/version.json', { schema: { querystring: plainQuerySchema } }, async (_req, reply) => {
      let version = APP_VERSION;
      if (staticDir) {
        const file = await readFile(join(staticDir, 'version.json'), 'utf8').catch(() => 'null');
        const parsed = versionFileSchema.safeParse(parseJson(file));
        if (parsed.success) version = parsed.data.version;
      }
      return reply.header('cache-control', 'no-store').send({ version });
    });
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
