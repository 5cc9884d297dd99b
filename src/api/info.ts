import { z } from 'zod/mini';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { plainQuerySchema } from './meta';

/**
 * The information pages' data (issue 16):
 * - GET /api/policy/{type}   a policy (privacy, terms, …) in the caller's language, Markdown from
 *                            the operator's POLICY_DIR ({lang}/{type}.md; English, then Traditional
 *                            Chinese, when the language has none); an unknown type is 404
 * - GET /api/site            the SPEC §6 host rule: production hosts and the main site's URL
 */
export const policyParamsSchema = z.strictObject({ type: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,31}$/)) });
export const policySchema = z.object({
  type: z.string(),
  markdown: z.string(),
  /** Still the project's neutral template, not the operator's own text. */
  template: z.boolean(),
});
export type Policy = z.infer<typeof policySchema>;
export const policyResponseSchema = envelopeSchema(policySchema);

export const siteSchema = z.object({ production_hosts: z.array(z.string()), main_site_url: z.string() });
export type SiteConfig = z.infer<typeof siteSchema>;
export const siteResponseSchema = envelopeSchema(siteSchema);

/** The information pages' calls (the list at the top); open to visitors. */
export const infoEndpoints = {
  policy: endpoint({
    method: 'GET',
    path: '/api/policy/:type',
    params: policyParamsSchema,
    query: plainQuerySchema,
    response: policyResponseSchema,
  }),
  site: endpoint({ method: 'GET', path: '/api/site', query: plainQuerySchema, response: siteResponseSchema }),
};
