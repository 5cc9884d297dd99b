import { z } from 'zod/mini';
import { loginPayloadSchema } from './auth';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';

/**
 * Signing in with, and binding, a Google or Facebook account (SPEC §7 POST /api/auth): the
 * authorization-code flow with PKCE, run by the server.
 * - GET  /api/auth/providers   the providers this server is configured for (none: no buttons)
 * - POST /api/auth/start       {provider, intent} → {url} to send the browser to; sets a short-lived
 *                              cookie tying the flow to this browser
 * - POST /api/auth             {provider, query}: the provider's callback (the query string it
 *                              sent to /auth/{provider}/callback) → a session (intent login) or
 *                              the account's login methods (intent bind, signed in)
 */
export const thirdPartyProviderSchema = z.enum(['google', 'facebook']);
export type ThirdPartyProvider = z.infer<typeof thirdPartyProviderSchema>;

export const providersResponseSchema = envelopeSchema(z.object({ providers: z.array(thirdPartyProviderSchema) }));

export const thirdPartyIntentSchema = z.enum(['login', 'bind']);
export type ThirdPartyIntent = z.infer<typeof thirdPartyIntentSchema>;

export const thirdPartyStartBodySchema = z.strictObject({
  provider: thirdPartyProviderSchema,
  intent: thirdPartyIntentSchema,
});
export type ThirdPartyStartBody = z.infer<typeof thirdPartyStartBodySchema>;

export const thirdPartyStartResponseSchema = envelopeSchema(z.object({ url: z.string() }));

export const thirdPartyCallbackBodySchema = z.strictObject({
  provider: thirdPartyProviderSchema,
  /** The callback's query string, without the `?`. */
  query: z.string().check(z.minLength(1), z.maxLength(4096)),
});
export type ThirdPartyCallbackBody = z.infer<typeof thirdPartyCallbackBodySchema>;

export const thirdPartyResultSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('login'), session: loginPayloadSchema, created: z.boolean() }),
  z.object({ intent: z.literal('bind') }),
]);
export type ThirdPartyResult = z.infer<typeof thirdPartyResultSchema>;
export const thirdPartyResultResponseSchema = envelopeSchema(thirdPartyResultSchema);

/** Where the provider sends the browser back: a page of the app (src/routes/third-party.tsx). */
export function thirdPartyCallbackPath(provider: ThirdPartyProvider): string {
  return `/auth/${provider}/callback`;
}

export const thirdPartyEndpoints = {
  providers: endpoint({ method: 'GET', path: '/api/auth/providers', response: providersResponseSchema }),
  start: endpoint({
    method: 'POST',
    path: '/api/auth/start',
    body: thirdPartyStartBodySchema,
    response: thirdPartyStartResponseSchema,
  }),
  callback: endpoint({
    method: 'POST',
    path: '/api/auth',
    body: thirdPartyCallbackBodySchema,
    response: thirdPartyResultResponseSchema,
  }),
};
