import type { SharedCard } from '../../api/card';
import { cardCalls } from '../../clients/card';
import { i18n } from '../../i18n';
import { fileNameOf } from '../../lib/share-links';
import { saveFile } from './save-file';

export type VCardResult = { ok: true } | { ok: false; message: string };

/** True when the card has at least one phone number to put in a contact. */
export const hasPhone = (card: SharedCard) => card.extension.tel.some((entry) => entry.content.trim() !== '');

/**
 * Downloads a shared card's vCard (share/vcf/{key}/1, no session needed) as
 * "{name}.vcf". SPEC §8: a card with no phone number is not exported ('Export failed / No phone
 * number has been added to this business card'); a failed download answers the SPEC §8 text of
 * its status, or the network message.
 *
 * It is fetched rather than linked so that a failure can be told in the user's language instead
 * of the browser saving an error page; the file itself is the server's, byte for byte.
 */
export async function downloadSharedVCard(card: SharedCard): Promise<VCardResult> {
  if (!hasPhone(card)) return { ok: false, message: i18n.t('http.exportNoPhone') };
  const file = await cardCalls.sharedVCard(card.share_str);
  if (!file.ok) return file;
  const name = card.extension.name || card.extension.english_name;
  saveFile(file.blob, fileNameOf(name, 'vcf', 'contact'));
  return { ok: true };
}
