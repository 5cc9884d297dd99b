/**
 * E-mail addresses and websites in a line of card text, as OCR reads them: spaces around "@"
 * and dots ("peter . chan @ abc . com"), a comma for a dot, a label glued in front. A dot read
 * as "·" or "•" is a dot again already (text.ts).
 */
import { getCountries } from 'libphonenumber-js/max';
import { trailingLabel } from './labels';

export type Found = { start: number; end: number; value: string };

const TLD = /\.[a-z]{2,24}$/;
const LOCAL_SEG = /([A-Za-z0-9_%+-]{1,64})$/;
const LOCAL_SEP = /(\s?)([.,])(\s?)$/;
const HOST_SEG = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}(?![A-Za-z0-9_%+-])/;
const HOST_SEP = /^(\s?)([.,]?)(\s?)/;
/** Labels a domain ends with that a spaced dot may come before whatever their case ("abc. COM. HK"). */
const KNOWN_LABEL =
  /^(?:com|net|org|edu|gov|ac|co|info|biz|io|hk|cn|tw|mo|sg|jp|kr|th|my|uk|us|au|nz|ca|de|fr|it|es|nl|be|ch|at|se|dk|no|fi|ie|pt|pl|in|id|ph|vn)$/i;
/** Second-level labels before a country's ("com.hk", "co.uk"): the dot between may be lost ("com hk"). */
const SECOND_LEVEL = /^(?:com|net|org|edu|gov|ac|co)$/i;
const E_LABEL = /^(?:e|email|e-mail|mail)$/i;

const lowerOnly = (s: string) => !/[A-Z]/.test(s);

/**
 * The mailbox before an "@" at `at`: segments joined by dots, read right to left. A dot or
 * comma with no space around it joins always (OCR reads a dot as a comma); a spaced dot only
 * between lower-case segments, the left one with a letter, so "wing . leung" is one mailbox but
 * "Ltd. info@", "6789. info@" and "Tel, info@" are not.
 */
function localPart(text: string, from: number, at: number): { start: number; value: string } | null {
  let rest = text.slice(from, at).replace(/\s{0,2}$/, '');
  const last = LOCAL_SEG.exec(rest);
  if (!last?.[1]) return null;
  const segments = [last[1]];
  rest = rest.slice(0, last.index);
  while (segments.length < 5) {
    const sep = LOCAL_SEP.exec(rest);
    if (!sep) break;
    const before = rest.slice(0, sep.index);
    const seg = LOCAL_SEG.exec(before);
    if (!seg?.[1] || /[A-Za-z0-9_%+-]$/.test(before.slice(0, seg.index))) break;
    const spaced = sep[1] !== '' || sep[3] !== '';
    const head = segments[0] ?? '';
    if (spaced && (sep[2] !== '.' || !lowerOnly(seg[1]) || !lowerOnly(head) || !/[a-z]/.test(seg[1]))) break;
    // "E. peter@…", "email . peter@…": a label, not the first part of the mailbox.
    if (spaced && E_LABEL.test(seg[1])) break;
    segments.unshift(seg[1]);
    rest = before.slice(0, seg.index);
  }
  return { start: from + rest.length, value: segments.join('.') };
}

/**
 * The domain after an "@" at `at`: labels joined by dots, read left to right. A spaced dot
 * joins a lower-case label or a known last label ("abc. COM. HK"), a bare space only a
 * country's label after a second-level one ("abc.com hk"); a label followed by "@" begins the
 * next address, and "corn" before a country's label or at the end is OCR's "com".
 */
function domain(text: string, at: number): { end: number; value: string } | null {
  let pos = at + 1 + (/^\s{0,2}/.exec(text.slice(at + 1))?.[0].length ?? 0);
  const first = HOST_SEG.exec(text.slice(pos));
  if (!first) return null;
  const labels = [first[0]];
  pos += first[0].length;
  while (labels.length < 6) {
    const after = text.slice(pos);
    const sep = HOST_SEP.exec(after);
    if (!sep) break;
    const next = HOST_SEG.exec(after.slice(sep[0].length));
    if (!next) break;
    const label = next[0];
    const spaced = sep[1] !== '' || sep[3] !== '';
    const previous = labels[labels.length - 1] ?? '';
    const tail = after.slice(sep[0].length + label.length);
    // The domain's only dot read as a space or a comma, at the end of the line ("tiancheng-tech com").
    const lostOnlyDot =
      labels.length === 1 && sep[2] !== '.' && KNOWN_LABEL.test(label) && /^(?:[\s.,]+[a-z]{2})?\s*$/i.test(tail);
    const joins =
      lostOnlyDot ||
      (sep[2] === ''
        ? spaced && SECOND_LEVEL.test(previous) && /^[a-z]{2}$/.test(label) && KNOWN_LABEL.test(label)
        : !spaced || (sep[2] === '.' && (lowerOnly(label) || KNOWN_LABEL.test(label))));
    const nextAddress = /^\s{0,2}@/.test(tail);
    if (!joins || nextAddress) break;
    labels.push(label);
    pos += sep[0].length + label.length;
  }
  if (labels.length < 2) return null;
  const value = labels.map((l, i) =>
    /^corn$/i.test(l) && i > 0 && (i === labels.length - 1 || /^[a-z]{2}$/i.test(labels[i + 1] ?? '')) ? 'com' : l,
  );
  return { end: pos, value: value.join('.') };
}

const TLDS =
  'com|net|org|edu|gov|info|biz|io|co|ai|app|dev|me|tv|cc|hk|cn|tw|mo|sg|jp|kr|th|my|uk|us|au|ca|de|fr|it|nl|ch|asia|xyz|online|site|store|shop|tech|design|studio|group|global|world|law|art';
const WEB = new RegExp(
  `(?<![A-Za-z0-9@.\\-])(?:(?:https?:\\s?//\\s?)?www\\d?\\s?\\.\\s?[A-Za-z0-9\\-]+(?:\\.[A-Za-z0-9\\-]+)+|https?:\\s?//\\s?[A-Za-z0-9\\-]+(?:\\.[A-Za-z0-9\\-]+)+|[A-Za-z0-9][A-Za-z0-9\\-]*(?:\\.[A-Za-z0-9\\-]+)*\\.(?:${TLDS})|[Ww]{3,4}[A-Za-z0-9\\-]+\\.\\s(?:${TLDS}))(?![A-Za-z0-9\\-])(?:/[^\\s,;]*)?`,
  'gi',
);

/** The range to cut for a value found at [start, end): its label too, when one comes just before. */
function withLabel(text: string, from: number, start: number): number {
  const label = trailingLabel(text.slice(from, start));
  return label ? from + label.start : start;
}

/** Two-letter top-level domains: the countries' (and .uk, .eu). */
const COUNTRY_TLDS = new Set([...getCountries().map((c) => c.toLowerCase()), 'uk', 'eu']);
const GENERIC_TLDS = new Set(TLDS.split('|'));

/** Whether a host ends in a top-level domain cards use: a country's or a common generic one ("tulp-logistiek.n" does not). */
export function hasKnownTld(host: string): boolean {
  const tld = /\.([a-z]+)$/i.exec(host)?.[1]?.toLowerCase() ?? '';
  return COUNTRY_TLDS.has(tld) || GENERIC_TLDS.has(tld);
}

/** Letters OCR takes for one another. */
const LOOK_ALIKE: Record<string, string> = { e: 'c', c: 'e', j: 'i', l: 'i', i: 'l' };

/**
 * A domain whose two-letter ending OCR misread as no top-level domain at all, with one letter
 * read back: ".en" is China's ".cn", ".jt" Italy's ".it".
 */
function withRealTld(host: string): string {
  const tld = /\.([a-z]{2})$/i.exec(host)?.[1]?.toLowerCase();
  if (!tld || COUNTRY_TLDS.has(tld)) return host;
  for (const at of [0, 1]) {
    const alt = LOOK_ALIKE[tld[at] ?? ''];
    const read = alt && (at === 0 ? alt + tld[1] : tld[0] + alt);
    if (read && COUNTRY_TLDS.has(read)) return host.slice(0, -2) + read;
  }
  return host;
}

/** The e-mail addresses of a line, lower case, spaces and comma-for-dot undone. */
export function findEmails(text: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at < from) continue;
    const local = localPart(text, from, at);
    const host = local && domain(text, at);
    if (!local || !host) continue;
    const value =
      `${local.value.replace(/^(?:E-?mail|EMAIL)(?=[a-z0-9])/, '')}@${withRealTld(host.value)}`.toLowerCase();
    if (!TLD.test(value)) continue;
    found.push({ start: withLabel(text, from, local.start), end: host.end, value });
    from = host.end;
  }
  return found;
}

/** A website's end alone, its name lost ("com.tw"). */
export const TLD_ALONE = /^(?:com|net|org|edu|gov|co)\.[a-z]{2}$/i;

/** The websites of a line (host lower case, as printed otherwise), e-mail addresses already cut. */
export function findWebsites(text: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  // A comma read for the dot before a common top-level domain ("abc,com"); same length, same positions.
  const dotted = text.replace(/(?<=[A-Za-z0-9]),(?=(?:com|net|org|hk|cn)(?![A-Za-z]))/g, '.');
  for (const m of dotted.matchAll(WEB)) {
    const raw = m[0].replace(/\s+/g, '').replace(/[.,;:)]+$/, '');
    const [, hostPart = '', path = ''] = /^((?:https?:\/\/)?[^/]*)(.*)$/i.exec(raw) ?? [];
    // "www" read with a w too many ("wwww.") or its dot lost ("wwwlienyu.tw"; "wwwwingshing.hk" is
    // www.wingshing.hk: with no dot, the first three are the www).
    const www = hostPart.toLowerCase().replace(/^((?:https?:\/\/)?)(?:w{3,4}\.|w{3}(?=[a-z0-9-]+\.[a-z]))/, '$1www.');
    const value = withRealTld(www) + path;
    const host = hostPart.replace(/^https?:\/\//i, '');
    // A top-level domain alone ("com.tw") names no site.
    if (!/\.[a-z]{2,24}$/i.test(host) || TLD_ALONE.test(host)) continue;
    found.push({ start: withLabel(dotted, from, m.index), end: m.index + m[0].length, value });
    from = m.index + m[0].length;
  }
  return found;
}

/** Letters of a website's first label that it must keep for an e-mail domain to complete it. */
const CUT_SHORT_KEPT = 5;

/**
 * A website cut short at the card's edge or where its type wrapped ("www.rheinblick-medizinte.com"),
 * completed from the card's e-mail domain that begins as its name does and ends alike
 * ("rheinblick-medizintechnik.com").
 */
export function completedWebsite(site: string, emails: readonly string[]): string {
  const m = /^((?:https?:\/\/)?(?:www\.)?)([a-z0-9-]+)(\.[a-z.]+)(.*)$/i.exec(site);
  if (!m) return site;
  const [, prefix = '', name = '', ending = '', path = ''] = m;
  if (name.length < CUT_SHORT_KEPT) return site;
  for (const email of emails) {
    const d = /@([a-z0-9-]+)(\.[a-z.]+)$/i.exec(email);
    const full = d?.[1] ?? '';
    if (
      d &&
      d[2]?.toLowerCase() === ending.toLowerCase() &&
      full.length > name.length &&
      full.toLowerCase().startsWith(name.toLowerCase())
    )
      return `${prefix}${full}${ending}${path}`;
  }
  return site;
}
