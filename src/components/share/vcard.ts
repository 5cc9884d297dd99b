import type { SharedCard } from '../../api/card';
import { i18n, langHeader } from '../../i18n';
import { statusMessage, type Translate } from '../../lib/request';
import { fileNameOf } from '../../lib/share-links';
import { saveFile } from './save-file';

const httpT: Translate = (key, params) => i18n.t(`http.${key}`, params ?? {});

export type VCardResult = { ok: true } | { ok: false; message: string };

/** True when the card has at least one phone number to put in a contact. */
export const hasPhone = (card: SharedCard) => card.extension.tel.some((entry) => entry.content.trim() !== '');

/**
 * Downloads a shared card's vCard (GET /api/share/vcf/{key}/1, no session needed) as
 * "{name}.vcf". SPEC §8: a card with no phone number is not exported ('Export failed / No phone
 * number has been added to this business card'); a failed download answers the SPEC §8 text of
 * its status, or the network message.
 *
 * It is fetched rather than linked so that a failure can be told in the user's language instead
 * of the browser saving an error page; the file itself is the server's, byte for byte.
 */
export async function downloadSharedVCard(card: SharedCard): Promise<VCardResult> {
  if (!hasPhone(card)) return { ok: false, message: httpT('exportNoPhone') };
  let response: Response;
  try {
    response = await fetch(`/api/share/vcf/${encodeURIComponent(card.share_str)}/1`, {
      headers: { lang: langHeader() },
    });
  } catch {
    return { ok: false, message: httpT('timeout') };
  }
  if (!response.ok) return { ok: false, message: statusMessage(httpT, response.status) };
  const blob = await response.blob();
  const name = card.extension.name || card.extension.english_name;
  saveFile(blob, fileNameOf(name, 'vcf', 'contact'));
  return { ok: true };
}
