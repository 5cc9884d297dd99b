import { endpointPath } from '../api/endpoint';
import {
  confirmDecisionResponseSchema,
  OAUTH_INTERACTION_PATH,
  oauthEndpoints,
  oauthInteractionResponseSchema,
} from '../api/oauth';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/**
 * Apps reading my card (src/api/oauth.ts): the ones I allowed, and the consent screen's request
 * and answer. Silent: the screens tell a failure in their place.
 */
const silent = { silent: true } as const;

/** The consent screen's pending request, under the provider's /oauth mount (not /api/*). */
const interactionPath = (appType: string, appKey: string) => endpointPath(OAUTH_INTERACTION_PATH, { appType, appKey });

export const oauthCalls = {
  authorizedApps: async () => (await callEndpoint(api, oauthEndpoints.authorizedApps, {}, silent)).data,
  revoke: (id: string) => callEndpoint(api, oauthEndpoints.revoke, { body: { id } }, silent),
  /** What app `appKey` asks for in the pending request `uid`. */
  interaction: async (appType: string, appKey: string, uid: string) =>
    (
      await api.get(`${interactionPath(appType, appKey)}?uid=${encodeURIComponent(uid)}`, {
        schema: oauthInteractionResponseSchema,
        silent: true,
      })
    ).data,
  /** Allow or deny: where the browser goes back to the app. */
  decide: async (appType: string, appKey: string, uid: string, allow: boolean): Promise<string> =>
    (
      await api.post(
        interactionPath(appType, appKey),
        { uid, allow },
        { schema: confirmDecisionResponseSchema, silent: true },
      )
    ).data.redirect,
};
