import { CLOUD_ROW_KEYS, type CloudCard, type CloudRowKey } from '../api';

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

const COMPOUND_SURNAMES = new Set(
  '歐陽 欧阳 司徒 司馬 司马 上官 諸葛 诸葛 東方 东方 皇甫 尉遲 尉迟 公孫 公孙 慕容 長孫 长孙 夏侯 令狐 宇文 端木 西門 西门 南宮 南宫'.split(
    ' ',
  ),
);
const EAST_ASIAN_ONLY = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}ー・]+$/u;
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function splitName(fullName: string): { family: string; given: string } {
  const name = fullName.trim().replace(/\s+/g, ' ');
  if (name === '') return { family: '', given: '' };
  if (EAST_ASIAN_ONLY.test(name)) {
    const chars = Array.from(name);
    if (chars.length === 1) return { family: name, given: '' };
    const size = chars.length >= 3 && COMPOUND_SURNAMES.has(chars.slice(0, 2).join('')) ? 2 : 1;
    return { family: chars.slice(0, size).join(''), given: chars.slice(size).join('') };
  }
  const comma = name.indexOf(',');
  if (comma > 0) return { family: name.slice(0, comma).trim(), given: name.slice(comma + 1).trim() };
  const words = name.split(' ');
  if (words.length === 1) return { family: '', given: name };
  if (EAST_ASIAN.test(words[0] ?? '')) return { family: words[0] ?? '', given: words.slice(1).join(' ') };
  const isCaps = (w: string) => /\p{L}{2,}/u.test(w) && w === w.toUpperCase() && w !== w.toLowerCase();
  const caps = words.filter(isCaps);
  if (caps.length === 1 && !words.every(isCaps)) {
    const family = caps[0] ?? '';
    return { family, given: words.filter((w) => w !== family).join(' ') };
  }
  return { family: words.at(-1) ?? '', given: words.slice(0, -1).join(' ') };
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,');
}

const escapeComponent = (value: string): string => escapeText(value).replace(/;/g, '\\;');
/** A URI or phone number: not escaped, never a line break. */
const plainValue = (value: string): string => value.replace(/[\r\n]+/g, ' ').trim();

const encoder = new TextEncoder();
const octets = (s: string): number => encoder.encode(s).length;

/** A content line folded at 75 octets (continuations start with a space), never inside a character. */
export function foldLine(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = octets(char);
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A website value as an http(s) URL, or null (other schemes are dropped). */
export function websiteUrl(value: string): string | null {
  const plain = plainValue(value);
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?![0-9])/i.test(plain);
  if (hasScheme && !/^https?:\/\//i.test(plain)) return null;
  const candidate = hasScheme ? plain : `https://${plain.replace(/^\/+/, '')}`;
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  } catch {
    return null;
  }
  return candidate.replace(/[,; ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

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
  const { family, given } = splitName(name || english);
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
