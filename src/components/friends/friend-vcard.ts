import type { SharedCard } from '../../api/card';
import { i18n } from '../../i18n';
import { CARD_IMAGE_CACHE } from '../../lib/card-images';
import { buildVCard } from '../../lib/card-vcard';
import { fileNameOf } from '../../lib/share-links';
import { saveFile } from '../share/save-file';
import { downloadSharedVCard, hasPhone, type VCardResult } from '../share/vcard';

/**
 * Import-to-address-book for a card I keep (SPEC §2): the server's contact file when the
 * network answers, else the same file made on this device from the card in the card holder
 * (with the avatar when this device kept a JPEG of it), so it works at an event with no signal.
 */
export async function saveFriendVCard(card: SharedCard): Promise<VCardResult> {
  if (!hasPhone(card)) return { ok: false, message: i18n.t('http.exportNoPhone') };
  if (card.share_str && navigator.onLine) {
    const online = await downloadSharedVCard(card);
    if (online.ok) return online;
  }
  const text = buildVCard({
    uid: `cardbook-card-${card.card_id}`,
    name: card.extension.name,
    english_name: card.extension.english_name,
    profile: card.profile,
    photo: await keptJpeg(card.avatar || card.photo),
    extension: { ...card.extension, industry: card.extension.industry ?? [] },
  });
  const name = card.extension.name || card.extension.english_name;
  saveFile(new Blob([text], { type: 'text/vcard' }), fileNameOf(name, 'vcf', 'contact'));
  return { ok: true };
}

async function keptJpeg(url: string): Promise<Uint8Array | null> {
  if (!url || typeof caches === 'undefined') return null;
  const hit = await (await caches.open(CARD_IMAGE_CACHE)).match(url);
  const blob = await hit?.blob();
  return blob?.type === 'image/jpeg' ? new Uint8Array(await blob.arrayBuffer()) : null;
}
