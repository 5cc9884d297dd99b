/**
 * The text rules of vCard 3.0 (RFC 2426) of the one vCard writer (card-vcard.ts): name
 * splitting, escaping, folding, URL values. Pure; runs in browsers and Node.
 */

const encoder = new TextEncoder();
const octets = (s: string): number => encoder.encode(s).length;

/** Two-character Chinese family names (traditional and simplified). */
const COMPOUND_SURNAMES = new Set([
  '歐陽',
  '欧阳',
  '司徒',
  '司馬',
  '司马',
  '上官',
  '諸葛',
  '诸葛',
  '東方',
  '东方',
  '皇甫',
  '尉遲',
  '尉迟',
  '公孫',
  '公孙',
  '慕容',
  '長孫',
  '长孙',
  '夏侯',
  '軒轅',
  '轩辕',
  '令狐',
  '鍾離',
  '钟离',
  '宇文',
  '澹臺',
  '澹台',
  '端木',
  '西門',
  '西门',
  '南宮',
  '南宫',
]);

const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const EAST_ASIAN_ONLY = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}ー・]+$/u;

/**
 * Honorific suffixes (N's fifth component), compared without dots and case: "Jr.", "Sr.",
 * generation numerals, and the usual degrees and post-nominals.
 */
const SUFFIXES = new Set([
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'phd',
  'md',
  'dds',
  'dmd',
  'esq',
  'mba',
  'cpa',
  'jp',
  'mbe',
  'obe',
  'cbe',
  'sbs',
  'bbs',
  'gbs',
  'mh',
  'qc',
  'sc',
  'kc',
]);
const isSuffix = (word: string): boolean => SUFFIXES.has(word.replace(/\./g, '').toLowerCase());

export type PersonalName = { family: string; given: string; suffix: string };

/**
 * Family and given names of a personal name, and its honorific suffixes:
 * - Chinese/Korean written without spaces (陳大文, 歐陽小明, 김민수): the family name is the first
 *   character, or the first two for a two-character family name;
 * - East Asian names with a space (山田 太郎): family name first;
 * - a known suffix after a comma or as the last word ("David Wong, Jr.", "Mary Lee PhD",
 *   "Wong, David, Jr.") is the suffix, never a name;
 * - "Chan, Tai Man": the family name before the comma;
 * - Hong Kong style "CHAN Tai Man": the one word in capitals;
 * - otherwise Western order: the last word is the family name.
 */
export function splitPersonalName(fullName: string): PersonalName {
  const name = fullName.trim().replace(/\s+/g, ' ');
  if (name === '') return { family: '', given: '', suffix: '' };
  if (EAST_ASIAN_ONLY.test(name)) {
    const chars = Array.from(name);
    if (chars.length === 1) return { family: name, given: '', suffix: '' };
    const size = chars.length >= 3 && COMPOUND_SURNAMES.has(chars.slice(0, 2).join('')) ? 2 : 1;
    return { family: chars.slice(0, size).join(''), given: chars.slice(size).join(''), suffix: '' };
  }
  const parts = name.split(',').map((part) => part.trim());
  const suffixes: string[] = [];
  // Trailing comma-separated parts that are suffixes ("…, Jr., PhD"), then a last word that is one.
  while (parts.length > 1 && (parts.at(-1) === '' || (parts.at(-1) ?? '').split(' ').every(isSuffix))) {
    const last = parts.pop() ?? '';
    if (last) suffixes.unshift(last);
  }
  const rest = parts.filter(Boolean);
  if (rest.length > 1) {
    return { family: rest[0] ?? '', given: rest.slice(1).join(', '), suffix: suffixes.join(', ') };
  }
  const words = (rest[0] ?? '').split(' ').filter(Boolean);
  while (words.length > 1 && isSuffix(words.at(-1) ?? '')) suffixes.unshift(words.pop() ?? '');
  return { ...splitWords(words), suffix: suffixes.join(', ') };
}

function splitWords(words: string[]): { family: string; given: string } {
  if (words.length === 0) return { family: '', given: '' };
  if (words.length === 1) return { family: '', given: words[0] ?? '' };
  if (EAST_ASIAN.test(words[0] ?? '')) return { family: words[0] ?? '', given: words.slice(1).join(' ') };
  const isCaps = (w: string) => /\p{L}{2,}/u.test(w) && w === w.toUpperCase() && w !== w.toLowerCase();
  const caps = words.filter(isCaps);
  if (caps.length === 1 && !words.every(isCaps)) {
    const family = caps[0] ?? '';
    return { family, given: words.filter((w) => w !== family).join(' ') };
  }
  return { family: words.at(-1) ?? '', given: words.slice(0, -1).join(' ') };
}

/**
 * Text escaping (RFC 2426 §4 `text-value`, RFC 6350 §3.4): backslash, newline, comma and
 * semicolon, in every text value, a single one (FN, NOTE, X-SOCIALPROFILE) as well as each
 * component of a structured one (N, ORG, ADR), where the unescaped semicolon separates them.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[,;]/g, (c) => `\\${c}`);
}

/** A structured value (N, ORG, ADR): its components escaped, joined by semicolons. */
export function structured(components: readonly string[]): string {
  return components.map(escapeText).join(';');
}

/** A URI or phone number value: not escaped, but never a line break. */
export function plainValue(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** Splits a line into chunks of at most 75 octets (the first) and 74 plus the leading space (the rest). */
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

/**
 * A website entry as an http(s) URL, or null. A scheme is letters followed by ':' and not a
 * port number (so "example.com:8080/x" has none and becomes https://example.com:8080/x).
 */
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
