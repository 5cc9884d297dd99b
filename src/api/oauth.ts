import { z } from 'zod/mini';
import { okResponseSchema } from './auth';
import { myCardResponseSchema } from './card';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { plainQuerySchema } from './meta';

/**
 * Third-party apps reading my card (Cardbook as an OAuth 2 authorisation server, mounted at
 * /oauth; see the README "Apps: OAuth 2"):
 * - GET  /oauth/confirm/{app_type}/{app_key}/interaction?uid=…   the pending request the consent
 *        screen shows (the app, the scopes); answered only to the browser that the request came
 *        from (oidc-provider's interaction cookie is scoped to this path) and signed in
 * - POST /oauth/confirm/{app_type}/{app_key}/interaction  {uid, allow} → {redirect}: back to the app
 * - GET  /api/oauth/card   my card, for `Authorization: Bearer <access token>` with card:read
 * - GET  /api/user/authorized_apps            the apps I allowed
 * - POST /api/user/authorized_apps/revoke {id} revokes one, and every token issued under it
 */
export const CARD_READ_SCOPE = 'card:read';

export const oauthAppSchema = z.object({ key: z.string(), name: z.string() });
export type OAuthApp = z.infer<typeof oauthAppSchema>;

export const oauthGrantSchema = z.object({
  id: z.string(),
  app: oauthAppSchema,
  scopes: z.array(z.string()),
  /** ms since the epoch */
  created_at: z.number(),
});
export type OAuthGrant = z.infer<typeof oauthGrantSchema>;
export const authorizedAppsResponseSchema = envelopeSchema(z.object({ apps: z.array(oauthGrantSchema) }));

const uidField = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const keyField = z.string().check(z.minLength(1), z.maxLength(200));

export const confirmParamsSchema = z.strictObject({ appType: z.enum(['web', 'native']), appKey: keyField });
export const confirmQuerySchema = z.strictObject({ uid: uidField });
export const confirmDecisionBodySchema = z.strictObject({ uid: uidField, allow: z.boolean() });
export type ConfirmDecisionBody = z.infer<typeof confirmDecisionBodySchema>;

export const oauthInteractionSchema = z.object({
  uid: z.string(),
  app: oauthAppSchema,
  scopes: z.array(z.string()),
});
export type OAuthInteraction = z.infer<typeof oauthInteractionSchema>;
export const oauthInteractionResponseSchema = envelopeSchema(oauthInteractionSchema);
export const confirmDecisionResponseSchema = envelopeSchema(z.object({ redirect: z.string() }));

export const revokeAppBodySchema = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/**
 * The consent screen's calls, under /oauth (the provider's own mount, whose interaction cookie is
 * scoped to this path), so not endpoints of /api/*: the server and the app's client both use it.
 */
export const OAUTH_INTERACTION_PATH = '/oauth/confirm/:appType/:appKey/interaction';

export const oauthEndpoints = {
  /** My card, for an app's `Authorization: Bearer <access token>` with card:read. */
  card: endpoint({ method: 'GET', path: '/api/oauth/card', query: plainQuerySchema, response: myCardResponseSchema }),
  authorizedApps: endpoint({
    method: 'GET',
    path: '/api/user/authorized_apps',
    query: plainQuerySchema,
    response: authorizedAppsResponseSchema,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/user/authorized_apps/revoke',
    body: revokeAppBodySchema,
    response: okResponseSchema,
  }),
};
