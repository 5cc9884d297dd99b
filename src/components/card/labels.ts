import { useTranslation } from 'react-i18next';
import { CARD_LABELS, type CardEntryKind } from '../../api';

type LabelledList = 'company' | CardEntryKind;
type PlainList = Exclude<LabelledList, 'social'>;
type LabelKey = { [L in PlainList]: `card.labels.${L}.${(typeof CARD_LABELS)[L][number]}` }[PlainList];
type SocialKey = `card.social.${(typeof CARD_LABELS)['social'][number]}`;

/** Whether `key` is one of the labels the app offers for that list (CARD_LABELS). */
export function isKnownLabel(list: LabelledList, key: string): boolean {
  return (CARD_LABELS[list] as readonly string[]).includes(key);
}

/**
 * The name of an entry's label in the user's language: the catalogue's for the labels the
 * app offers, the key itself for any other (the server keeps whatever label it was given).
 */
export function useEntryLabel(): (list: LabelledList, key: string) => string {
  const { t } = useTranslation();
  return (list, key) => {
    if (!isKnownLabel(list, key)) return key;
    // The casts hold: isKnownLabel checked the key against this list's labels.
    if (list === 'social') return t(`card.social.${key}` as SocialKey);
    return t(`card.labels.${list}.${key}` as LabelKey);
  };
}
