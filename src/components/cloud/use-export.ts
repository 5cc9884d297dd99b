import { useTranslation } from 'react-i18next';
import { CLOUD_ROW_KEYS, type CloudCard } from '../../api';
import { type CsvHeaders, csvOf, exportFileName, vcardOf } from '../../lib/cloud-export';
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

/** Saves cards as a vCard or CSV file named after `name` (made here, so offline too). */
export function saveCards(cards: readonly CloudCard[], format: 'vcf' | 'csv', name: string, headers: CsvHeaders): void {
  const blob =
    format === 'vcf'
      ? new Blob([vcardOf(cards)], { type: 'text/vcard;charset=utf-8' })
      : new Blob([csvOf(cards, headers)], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, exportFileName(name, format));
}
