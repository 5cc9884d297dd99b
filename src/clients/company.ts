import { type CompanyItem, companyEndpoints } from '../api';
import { callEndpoint, isCancelled } from '../lib/request';
import { api } from './api';

/**
 * Company content's calls (src/api/company.ts). My own blocks are saved through the outbox
 * (mutate 'saveCompany'), their files staged for the sync worker to upload; these are the calls
 * made online: the M3U8 check and other people's blocks. Silent: each screen shows its failure
 * its own way (SPEC §7: company info failures are only logged).
 */
const silent = { silent: true } as const;

export const companyCalls = {
  /** Where to play an .m3u8 link: the server's answer, or the link itself when it has none (a cancel is thrown). */
  async streamUrl(url: string): Promise<string> {
    try {
      return (await callEndpoint(api, companyEndpoints.breatvUrl, { body: { url } }, silent)).data.url;
    } catch (err) {
      if (isCancelled(err)) throw err;
      return url;
    }
  },

  /** The promotional blocks of a shared card, for visitors (no session needed). */
  shared: async (shareStr: string, signal?: AbortSignal): Promise<CompanyItem[]> =>
    (await callEndpoint(api, companyEndpoints.shared, { params: { shareStr } }, { silent: true, signal })).data.items,
};
