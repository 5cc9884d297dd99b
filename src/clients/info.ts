import { infoEndpoints } from '../api';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/** The information pages' calls (src/api/info.ts); open to visitors, silent (the page shows what failed). */
export const infoCalls = {
  /** A policy in the caller's language (an unknown type is 404). */
  policy: async (type: string) =>
    (await callEndpoint(api, infoEndpoints.policy, { params: { type } }, { silent: true })).data,
  /** The SPEC §6 host rule. */
  site: async () => (await callEndpoint(api, infoEndpoints.site, {}, { silent: true })).data,
};
