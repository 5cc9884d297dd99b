/**
 * E-mail addresses and websites in a line of card text, as OCR reads them: spaces around "@"
 * and dots ("peter . chan @ abc . com"), a comma for a dot, a label glued in front.
 */
import { trailingLabel } from './labels';

export type Found = { start: number; end: number; value: string };

/** Segments after a spaced dot must be lower case, so "abc.com. Web" does not swallow "Web". */
const SEG = '(?:[.,][A-Za-z0-9_%+\\-]{1,63}|\\s?[.,]\\s?[a-z0-9_%+\\-]{1,63})';
const EMAIL = new RegExp(
  `(?<![A-Za-z0-9._%+\\-])[A-Za-z0-9][A-Za-z0-9_%+\\-]{0,63}${SEG}{0,4}\\s{0,2}@\\s{0,2}[A-Za-z0-9][A-Za-z0-9\\-]{0,62}${SEG.replace(/_%\+/g, '')}{1,5}`,
  'g',
);
const TLD = /\.[a-z]{2,24}$/;

const TLDS =
  'com|net|org|edu|gov|info|biz|io|co|ai|app|dev|me|tv|cc|hk|cn|tw|mo|sg|jp|kr|th|my|uk|us|au|ca|de|fr|it|nl|ch|asia|xyz|online|site|store|shop|tech|design|studio|group|global|world|law|art';
const WEB = new RegExp(
  `(?<![A-Za-z0-9@.\\-])(?:(?:https?:\\s?//\\s?)?www\\d?\\s?\\.\\s?[A-Za-z0-9\\-]+(?:\\.[A-Za-z0-9\\-]+)+|https?:\\s?//\\s?[A-Za-z0-9\\-]+(?:\\.[A-Za-z0-9\\-]+)+|[A-Za-z0-9][A-Za-z0-9\\-]*(?:\\.[A-Za-z0-9\\-]+)*\\.(?:${TLDS}))(?![A-Za-z0-9\\-])(?:/[^\\s,;]*)?`,
  'gi',
);

/** The range to cut for a value found at [start, end): its label too, when one comes just before. */
function withLabel(text: string, from: number, start: number): number {
  const label = trailingLabel(text.slice(from, start));
  return label ? from + label.start : start;
}

/** The e-mail addresses of a line, lower case, spaces and comma-for-dot undone. */
export function findEmails(text: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  for (const m of text.matchAll(EMAIL)) {
    // "E. peter@…": a label, not the first part of the mailbox.
    const label = /^(?:e|email|e-mail|mail)\s?[.:]\s/i.exec(m[0])?.[0] ?? '';
    const value = m[0]
      .slice(label.length)
      .replace(/\s+/g, '')
      .replace(/,/g, '.')
      .replace(/^(?:E-?mail|EMAIL)(?=[a-z0-9])/, '')
      .toLowerCase();
    if (!TLD.test(value)) continue;
    const start = label ? m.index : withLabel(text, from, m.index);
    found.push({ start, end: m.index + m[0].length, value });
    from = m.index + m[0].length;
  }
  return found;
}

/** The websites of a line (host lower case, as printed otherwise), e-mail addresses already cut. */
export function findWebsites(text: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  // A comma read for the dot before a common top-level domain ("abc,com"); same length, same positions.
  const dotted = text.replace(/(?<=[A-Za-z0-9]),(?=(?:com|net|org|hk|cn)(?![A-Za-z]))/g, '.');
  for (const m of dotted.matchAll(WEB)) {
    const raw = m[0].replace(/\s+/g, '').replace(/[.,;:)]+$/, '');
    const [, hostPart = '', path = ''] = /^((?:https?:\/\/)?[^/]*)(.*)$/i.exec(raw) ?? [];
    const value = hostPart.toLowerCase() + path;
    const host = hostPart.replace(/^https?:\/\//i, '');
    if (!/\.[a-z]{2,24}$/i.test(host)) continue;
    found.push({ start: withLabel(dotted, from, m.index), end: m.index + m[0].length, value });
    from = m.index + m[0].length;
  }
  return found;
}
