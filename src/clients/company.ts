import { type CompanyItem, companyEndpoints } from '../api';
import { callEndpoint, isCancelled } from '../lib/request';
import { api } from './api';

/**
 * Company content's calls (src/api/company.ts). My own blocks are saved through the outbox
 * (mutate 'saveCompany'); these are the calls made online: the files of a block, the M3U8
 * check, and other people's blocks. Silent: each screen shows its failure its own way (SPEC §7:
 * company info failures are only logged).
 */
const silent = { silent: true } as const;

function formOf(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export const companyCalls = {
  /** A PDF picked for a pdf block (multipart, 30 s). */
  uploadPdf: async (file: File) =>
    (await callEndpoint(api, companyEndpoints.pdfUpload, { form: formOf(file) }, silent)).data,

  /** A picture picked for an img or swipe block (several may run at once). */
  uploadImage: async (file: File) =>
    (await callEndpoint(api, companyEndpoints.imageUpload, { form: formOf(file) }, silent)).data,

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
