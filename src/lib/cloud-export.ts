import { CLOUD_ROW_KEYS, type CloudCard, type CloudRowKey } from '../api';
import { escapeComponent, escapeText, foldLine, plainValue, splitPersonalName, websiteUrl } from './vcard-text';

/**
 * Cloud cards as files, made on the device (works offline): a vCard 3.0 file (RFC 2426) for
 * address books and a CSV (RFC 4180) for spreadsheets. Pure.
 *
 * vCard, per card: FN (name, else English name, else company), N (family;given: a Chinese or
 * Korean name written without spaces splits after its first character, or two for a compound
 * family name; "CHAN Tai Man" at the word in capitals; else Western order), NICKNAME (the
 * English name beside a name), ORG and TITLE (the first company and position; more go to NOTE),
 * TEL, EMAIL, URL (http(s) only; one without a scheme gets https://), ADR (the whole address as
 * its street part), NOTE ("other" rows and rows of keys the app does not know, one per line),
 * PHOTO only when the front photo is an http(s) URL (a `local:` photo has not been uploaded).
 * Text is escaped (backslash, newline, comma; semicolon inside N, ORG, ADR), lines end in CRLF
 * and lines over 75 octets are folded without splitting a character.
 *
 * CSV: a UTF-8 byte order mark (so Excel reads Chinese), a header row, one row per card, one
 * column per row key (several values of a key on separate lines of the cell), then the photo
 * URLs; fields with a comma, quote or line break are quoted, quotes doubled, rows end in CRLF.
 */

const isHttpUrl = (value: string): boolean => /^https?:\/\/\S+$/i.test(value.trim());
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

function vcardOne(card: CloudCard): string[] {
  const v = valuesOf(card);
  const name = v.name[0] ?? '';
  const english = v.english_name[0] ?? '';
  const display = name || english || v.company[0] || 'Cardbook';
  const { family, given } = splitPersonalName(name || english);
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'PRODID:-//Cardbook//Cloud cards//EN',
    `UID:cardbook-cloud-${plainValue(card.id)}`,
  ];
  lines.push(`FN:${escapeText(display)}`);
  lines.push(`N:${escapeComponent(family)};${escapeComponent(given)};;;`);
  if (name && english && english !== name) lines.push(`NICKNAME:${escapeText(english)}`);
  if (v.company[0]) lines.push(`ORG:${escapeComponent(v.company[0])}`);
  if (v.position[0]) lines.push(`TITLE:${escapeText(v.position[0])}`);
  for (const tel of v.tel) lines.push(`TEL;TYPE=voice:${plainValue(tel)}`);
  for (const email of v.email) lines.push(`EMAIL;TYPE=internet:${plainValue(email)}`);
  for (const site of v.website) {
    const url = websiteUrl(site);
    if (url) lines.push(`URL:${url}`);
  }
  for (const address of v.address) lines.push(`ADR;TYPE=work:;;${escapeComponent(address)};;;;`);
  const note = [
    ...v.name.slice(1),
    ...v.english_name.slice(1),
    ...v.company.slice(1),
    ...v.position.slice(1),
    ...v.other,
  ];
  if (note.length > 0) lines.push(`NOTE:${escapeText(note.join('\n'))}`);
  if (isHttpUrl(card.photo)) lines.push(`PHOTO;VALUE=uri:${plainValue(card.photo)}`);
  lines.push('END:VCARD');
  return lines;
}

/** The cards as one vCard 3.0 file. */
export function vcardOf(cards: readonly CloudCard[]): string {
  return cards
    .flatMap(vcardOne)
    .map(foldLine)
    .join('\r\n')
    .concat(cards.length > 0 ? '\r\n' : '');
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
export function csvOf(cards: readonly CloudCard[], headers: CsvHeaders = CSV_KEYS): string {
  const columns = [...CLOUD_ROW_KEYS, ...CSV_EXTRA];
  const rows = [columns.map((c) => headers[c])];
  for (const card of cards) {
    const v = valuesOf(card);
    rows.push([
      ...CLOUD_ROW_KEYS.map((k) => v[k].join('\n')),
      isHttpUrl(card.photo) ? card.photo : '',
      isHttpUrl(card.photo_bg) ? card.photo_bg : '',
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
