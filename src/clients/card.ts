import { type CardSearchBody, type CreateCardBody, cardEndpoints, endpointPath } from '../api';
import { i18n, langHeader } from '../i18n';
import { callEndpoint, statusMessage, type Translate } from '../lib/request';
import { api } from './api';

/**
 * My card's and shared cards' calls (src/api/card.ts). My own card is written through the
 * outbox (mutate 'patchCard'); these are the calls a screen makes online. Silent: each screen
 * shows its failure its own way.
 */
const httpT: Translate = (key, params) => i18n.t(`http.${key}`, params ?? {});

export type VCardFile = { ok: true; blob: Blob } | { ok: false; message: string };

export const cardCalls = {
  /** A whole card at once (the exchange's quick card); it reaches IndexedDB by the next pull. */
  create: (body: CreateCardBody) => callEndpoint(api, cardEndpoints.create, { body }, { silent: true }),

  /** A shared card by its share key (no session needed; a member's token names their friend entry). */
  shared: (share_key: string, signal?: AbortSignal) =>
    callEndpoint(api, cardEndpoints.shared, { params: { share_key } }, { silent: true, signal }),

  /** The server's public key for the card copies in QR codes (src/browser/card-copy-key.ts). */
  copyKey: () => callEndpoint(api, cardEndpoints.copyKey, {}, { silent: true }),

  /** The directory of public cards. */
  search: (body: CardSearchBody, signal?: AbortSignal) =>
    callEndpoint(api, cardEndpoints.search, { body }, { silent: true, signal }),

  /**
   * A shared card's vCard file (no session needed). It is fetched rather than linked so that a
   * failure can be told in the user's language (SPEC §8 text of its status, or the network
   * message) instead of the browser saving an error page; the file is the server's, byte for byte.
   */
  async sharedVCard(key: string): Promise<VCardFile> {
    let response: Response;
    try {
      response = await fetch(endpointPath(cardEndpoints.sharedVcard.path, { key }), {
        headers: { lang: langHeader() },
      });
    } catch {
      return { ok: false, message: httpT('timeout') };
    }
    if (!response.ok) return { ok: false, message: statusMessage(httpT, response.status) };
    return { ok: true, blob: await response.blob() };
  },
};
