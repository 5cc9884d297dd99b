/**
 * An e-mail address or a website, read again by the line recognizer (src/lib/line-reader.ts):
 * tesseract drops the small dot of "aisha.williams@", reads "info14" as "infol4" and ".cn" as
 * ".en"; the recognizer, trained on photographed text, reads them right more often, but runs
 * words together ("E-mailzhoulei@…"). So only the address itself is taken from its reading, in
 * place of tesseract's, and only when the two differ by a few characters.
 */
import { distance } from 'fastest-levenshtein';
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

const differ = (a: string, b: string) => distance(a.toLowerCase(), b.toLowerCase());

/**
 * `text` (tesseract's line) with its e-mail address or website as the recognizer read it, or
 * null when it has none, the recognizer is unsure, reads it the same or too differently. A label
 * the recognizer ran into the address ("E" + "e.martin@…") is left out.
 */
export function withContactOf(text: string, reading: LineReading): string | null {
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
    return text.slice(0, read.index) + better + text.slice(read.index + read[0].length);
  }
  return null;
}
