import { cloudEndpoints, type PublicMatch, type PublicMatchBody } from '../api/cloud';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/**
 * The cloud screens' calls (src/api/cloud.ts). Cards and groups are read and changed on the
 * device (src/db/hooks/cloud.ts, the outbox) and photos reach the server through the sync
 * worker's uploader; what is left to ask the server directly is which public cards match a
 * scanned card. Errors are thrown for the screen to handle (silent here).
 */
export const cloudCalls = {
  /** Public cards holding one of these emails or phones (an abort cancels the call silently). */
  publicMatches: async (body: PublicMatchBody, signal?: AbortSignal): Promise<PublicMatch['list']> =>
    (await callEndpoint(api, cloudEndpoints.publicMatch, { body }, { silent: true, signal })).data.list,
};
