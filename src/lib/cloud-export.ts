import { CLOUD_ROW_KEYS, type CloudCard, type CloudRowKey } from '../api';
import { buildVCard, type VCardInput } from './card-vcard';

/**
 * Cloud cards as files: a vCard 3.0 file (RFC 2426) for address books and a CSV (RFC 4180)
 * for spreadsheets. Pure; the device makes them (works offline), the server's /api/user/export
 * makes the same vCards.
 *
 * vCard: each card through the app's one vCard writer (card-vcard.ts buildVCard): its name and
 * English name, each company with the position of the same rank (ORG, TITLE), TEL, EMAIL, URL
 * (http(s) only), ADR (the whole address as its street part), NOTE (more names, and "other"
 * rows and rows of keys the app does not know, one per line), and PHOTO: the front photo's JPEG
 * bytes when the caller has them (the server's vcard-photo.ts, or the device's copy), else its
 * absolute URL (`/blobs/...` on `origin`); a `local:` photo has not been uploaded and has none.
 *
 * CSV: a UTF-8 byte order mark (so Excel reads Chinese), a header row, one row per card, one
 * column per row key (several values of a key on separate lines of the cell), then the front and
 * back photos as absolute links (on `origin`); fields with a comma, quote or line break are
 * quoted, quotes doubled, rows end in CRLF.
 */

const KNOWN = new Set<string>(CLOUD_ROW_KEYS);

type Values = Record<CloudRowKey, string[]>;

/** A card's row values by key; rows of unknown keys count as "other" written "key: value". */
function valuesOf(card: Pick<CloudCard, 'extension'>): Values {
  const values = Object.fromEntries(CLOUD_ROW_KEYS.map((k) => [k, [] as string[]])) as Values;
  for (const row of card.extension) {
    const value = row.value.trim();
    if (value === '') continue;
    if (KNOWN.has(row.key)) values[row.key as CloudRowKey].push(value);
    else values.other.push(row.key ? `${row.key}: ${value}` : value);
  }
  return values;
}

/**
 * The absolute http(s) link of a stored photo: an http(s) URL as it is, one of our paths
 * (`/blobs/...`) on `origin`; '' for none or one not uploaded yet (`local:`).
 */
export function photoLink(photo: string, origin: string): string {
  const value = photo.trim();
  if (/^https?:\/\/\S+$/i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//') && /^https?:\/\/[^/]+$/i.test(origin))
    return `${origin}${value}`;
  return '';
}

/** A cloud card as the input of the vCard writer; `photo` its JPEG bytes when the caller has them. */
export function cloudCardVCardInput(card: CloudCard, origin: string, photo: Uint8Array | null = null): VCardInput {
  const v = valuesOf(card);
  const entries = (list: string[], key: string) => list.map((content) => ({ key, content }));
  const companies = Math.max(v.company.length, v.position.length);
  return {
    uid: `cardbook-cloud-${card.id}`,
    name: v.name[0] ?? '',
    english_name: v.english_name[0] ?? '',
    profile: '',
    photo: photo ?? (photoLink(card.photo, origin) || null),
    extension: {
      company: Array.from({ length: companies }, (_, i) => ({
        name: v.company[i] ?? '',
        department: '',
        position: v.position[i] ?? '',
        key: 'company',
      })),
      tel: entries(v.tel, 'voice'),
      email: entries(v.email, 'internet'),
      website: entries(v.website, ''),
      address: entries(v.address, 'work'),
      other: entries([...v.name.slice(1), ...v.english_name.slice(1), ...v.other], 'other'),
      industry: [],
      social: [],
    },
  };
}

/**
 * The cards as one vCard 3.0 file; `photos` the JPEG bytes of a card's front photo by card id,
 * where the caller has them (others get the photo's link on `origin`).
 */
export function vcardOf(
  cards: readonly CloudCard[],
  origin: string,
  photos: ReadonlyMap<string, Uint8Array | null> = new Map(),
): string {
  return cards.map((card) => buildVCard(cloudCardVCardInput(card, origin, photos.get(card.id) ?? null))).join('');
}

const CSV_EXTRA = ['photo', 'photo_bg'] as const;
export type CsvHeaders = Record<CloudRowKey | (typeof CSV_EXTRA)[number], string>;
/** The header row when the caller gives none: the keys themselves. */
export const CSV_KEYS: CsvHeaders = Object.fromEntries(
  [...CLOUD_ROW_KEYS, ...CSV_EXTRA].map((k) => [k, k]),
) as CsvHeaders;

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The cards as a CSV file (with a byte order mark), headers in the user's language if given. */
export function csvOf(cards: readonly CloudCard[], origin: string, headers: CsvHeaders = CSV_KEYS): string {
  const columns = [...CLOUD_ROW_KEYS, ...CSV_EXTRA];
  const rows = [columns.map((c) => headers[c])];
  for (const card of cards) {
    const v = valuesOf(card);
    rows.push([
      ...CLOUD_ROW_KEYS.map((k) => v[k].join('\n')),
      photoLink(card.photo, origin),
      photoLink(card.photo_bg, origin),
    ]);
  }
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** A file name for an export: letters, digits and CJK kept, the rest dashes. */
export function exportFileName(base: string, ext: 'vcf' | 'csv'): string {
  const safe =
    base
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'cards';
  return `${safe}.${ext}`;
}
