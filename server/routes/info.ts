import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { infoEndpoints as calls, type SiteConfig } from '../../src/api';
import type { Locale } from '../../src/i18n/langs';
import { serve } from '../http/endpoint';
import { ApiError } from '../http/errors';

export type InfoConfig = { policyDir: string; site: SiteConfig };

const TEMPLATE_MARK = '<!-- template -->';

/** The policy in the first language that has it: the caller's, English, Traditional Chinese. */
async function readPolicy(dir: string, type: string, locale: Locale) {
  for (const lang of [...new Set([locale, 'en', 'hk'])]) {
    const text = await readFile(join(dir, lang, `${type}.md`), 'utf8').catch(() => null);
    if (text === null) continue;
    const template = text.startsWith(TEMPLATE_MARK);
    return { type, markdown: template ? text.slice(TEMPLATE_MARK.length).trimStart() : text, template };
  }
  throw new ApiError(404, 'notFound');
}

/** The policy pages and the host rule (src/api/info.ts); open to visitors. */
export function infoRoutes(config: InfoConfig) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    serve(app, calls.policy, {}, async (req, reply) =>
      reply.ok(await readPolicy(config.policyDir, req.params.type, req.locale)),
    );
    serve(app, calls.site, {}, async (_req, reply) => reply.ok(config.site));
  };
}
