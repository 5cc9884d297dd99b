/**
 * The text rules of vCard 3.0 (RFC 2426) shared by the server's contact files
 * (server/services/vcard.ts) and the cloud-card export made on the device (cloud-export.ts):
 * name splitting, escaping, folding, URL values. Pure; runs in browsers and Node.
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
 * Family and given names of a personal name:
 * - Chinese/Korean written without spaces (陳大文, 歐陽小明, 김민수): the family name is the first
 *   character, or the first two for a two-character family name;
 * - East Asian names with a space (山田 太郎): family name first;
 * - "Chan, Tai Man": the family name before the comma;
 * - Hong Kong style "CHAN Tai Man": the one word in capitals;
 * - otherwise Western order: the last word is the family name.
 */
export function splitPersonalName(fullName: string): { family: string; given: string } {
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
  if (caps.length === 1 && words.length > 1 && !words.every(isCaps)) {
    const family = caps[0] ?? '';
    return { family, given: words.filter((w) => w !== family).join(' ') };
  }
  return { family: words.at(-1) ?? '', given: words.slice(0, -1).join(' ') };
}

/** Text escaping: backslash, newline and comma. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,');
}

/** A component of a structured value (N, ORG, ADR): its semicolons escaped too. */
export function escapeComponent(value: string): string {
  return escapeText(value).replace(/;/g, '\\;');
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
