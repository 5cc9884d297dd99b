/**
 * An e-mail address or a website, read again by the line recognizer (src/lib/line-reader.ts):
 * tesseract drops the small dot of "aisha.williams@", reads "info14" as "infol4" and
 * "tulp-logistiek.nl" as "tulp-logistiek.n"; the recognizer, trained on photographed text, reads
 * them right more often, but not always ("easternrise" as "eastermrise"), and runs words
 * together ("E-mailzhoulei@…"). So only the address itself is taken from its reading, in place of
 * tesseract's, when the two differ by a few characters, and a different domain only on evidence:
 * the domain of the card's other addresses, else a well-formed domain where tesseract's is not.
 */
import { distance } from 'fastest-levenshtein';
import { hasKnownTld } from './card-fields/contacts';
import type { LineReading } from './line-reader';

/** How sure the recognizer must be. */
const SURE = 85;
/** At most this many characters may differ, and at most this share of the address. */
const MAX_EDITS = 3;
const MAX_EDIT_SHARE = 0.25;

/** Each kind: the address as tesseract may have misread it, and as it is written. */
const KINDS = [
  { read: /[^\s@:：]+@[^\s@]+/, written: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/ },
  { read: /(?:https?:\/\/)?w{2,3}\.\S+/i, written: /(?:https?:\/\/)?www\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/i },
] as const;

/** Whether a line holds an e-mail address or a website, as tesseract read it. */
export function holdsContact(text: string): boolean {
  return KINDS.some((k) => k.read.test(text));
}

/** The domain of an e-mail address or a website, lower case ("huachuang.com.cn"). */
const domainOf = (address: string) =>
  address
    .toLowerCase()
    .replace(/^.*@/, '')
    .replace(/^(?:https?:\/\/)?w{2,3}\./, '')
    .replace(/[/,;:]+.*$/, '');

/** A domain as written: ASCII letters, digits and hyphens, and a top-level domain cards use. */
const wellFormed = (domain: string) => /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(domain) && hasKnownTld(domain);

/**
 * The domains of the addresses in these lines (tesseract's readings of a card's other lines),
 * well-formed ones only: a card's e-mail and website often share a misreading.
 */
export function domainsIn(texts: readonly string[]): Set<string> {
  const domains = new Set<string>();
  for (const text of texts) {
    for (const kind of KINDS) {
      const read = kind.read.exec(text);
      const domain = read && domainOf(read[0]);
      if (domain && wellFormed(domain)) domains.add(domain);
    }
  }
  return domains;
}

const differ = (a: string, b: string) => distance(a.toLowerCase(), b.toLowerCase());

/** Whether the recognizer's domain `better` is to be taken over tesseract's `read`, given the card's other domains. */
function betterDomain(read: string, better: string, elsewhere: ReadonlySet<string>): boolean {
  if (read === better) return true;
  if (elsewhere.has(better) !== elsewhere.has(read)) return elsewhere.has(better);
  return wellFormed(better) && !wellFormed(read);
}

/**
 * `text` (tesseract's line) with its e-mail address or website as the recognizer read it, or
 * null when it has none, the recognizer is unsure, reads it the same, too differently, or with
 * a domain nothing on the card (`elsewhere`: the domains of its other lines) bears out. A label
 * the recognizer ran into the address ("E" + "e.martin@…") is left out.
 */
export function withContactOf(
  text: string,
  reading: LineReading,
  elsewhere: ReadonlySet<string> = new Set(),
): string | null {
  if (reading.confidence < SURE) return null;
  const joined = reading.text.replace(/\s+/g, '');
  for (const kind of KINDS) {
    const read = kind.read.exec(text);
    const written = kind.written.exec(joined);
    if (!read || !written) continue;
    let better = written[0];
    const label = /(\S+)\s*$/.exec(text.slice(0, read.index))?.[1];
    if (label && better.toLowerCase().startsWith(label.toLowerCase())) {
      const unlabelled = better.slice(label.length);
      if (differ(unlabelled, read[0]) < differ(better, read[0])) better = unlabelled;
    }
    const edits = differ(better, read[0]);
    if (edits === 0 || edits > Math.min(MAX_EDITS, MAX_EDIT_SHARE * read[0].length)) continue;
    if (!betterDomain(domainOf(read[0]), domainOf(better), elsewhere)) continue;
    return text.slice(0, read.index) + better + text.slice(read.index + read[0].length);
  }
  return null;
}
