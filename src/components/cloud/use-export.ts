import { useTranslation } from 'react-i18next';
import { CLOUD_ROW_KEYS, type CloudCard } from '../../api';
import { isLocalRef } from '../../db';
import { localPhotoBlob } from '../../db/cloud-changes';
import { type CsvHeaders, csvOf, exportFileName, vcardOf } from '../../lib/cloud-export';
import { contactPhotoJpeg } from '../../lib/contact-photo';
import { saveFile } from '../share/save-file';

/** The CSV header row in the user's language. */
export function useCsvHeaders(): CsvHeaders {
  const { t } = useTranslation();
  return {
    ...(Object.fromEntries(CLOUD_ROW_KEYS.map((k) => [k, t(`cloud.keys.${k}`)])) as Omit<
      CsvHeaders,
      'photo' | 'photo_bg'
    >),
    photo: t('cloud.card.front'),
    photo_bg: t('cloud.card.back'),
  };
}

/**
 * The front photo of a card as contact-file JPEG bytes: a photo picked here and not uploaded
 * yet from IndexedDB, an uploaded one from the network (or the service worker's copy); null
 * when it cannot be read (the vCard then links to it).
 */
async function photoBytes(photo: string): Promise<Uint8Array | null> {
  try {
    let blob: Blob | undefined;
    if (isLocalRef(photo)) blob = await localPhotoBlob(photo);
    else if (photo.startsWith('/blobs/')) {
      const res = await fetch(photo);
      if (res.ok) blob = await res.blob();
    }
    return blob ? await contactPhotoJpeg(blob) : null;
  } catch {
    return null;
  }
}

/** Saves cards as a vCard or CSV file named after `name` (made here, so offline too). */
export async function saveCards(
  cards: readonly CloudCard[],
  format: 'vcf' | 'csv',
  name: string,
  headers: CsvHeaders,
): Promise<void> {
  const origin = location.origin;
  if (format === 'csv') {
    saveFile(
      new Blob([csvOf(cards, origin, headers)], { type: 'text/csv;charset=utf-8' }),
      exportFileName(name, format),
    );
    return;
  }
  const photos = new Map<string, Uint8Array | null>();
  for (const card of cards) if (card.photo) photos.set(card.id, await photoBytes(card.photo));
  saveFile(
    new Blob([vcardOf(cards, origin, photos)], { type: 'text/vcard;charset=utf-8' }),
    exportFileName(name, format),
  );
}
