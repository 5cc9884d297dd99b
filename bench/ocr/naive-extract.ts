/**
 * The baseline the OCR benchmark compares the field extractor (src/lib/card-fields) against:
 * what a few regular expressions make of the recognized text. The first line is the name; every
 * e-mail, phone-like run of digits and URL is taken as printed; nothing else is sorted.
 */
import type { CardFields } from '../../src/lib/card-fields/types';

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL = /\b(?:https?:\/\/|www\.)[^\s,;]+/gi;
const PHONE = /\+?\d[\d ()-]{6,}\d/g;

export function naiveExtract(text: string): CardFields {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const all = lines.join('\n');
  const email = all.match(EMAIL) ?? [];
  const website = (all.replace(EMAIL, ' ').match(URL) ?? []).map((u) => u.replace(/[.)]+$/, ''));
  const tel = (all.replace(EMAIL, ' ').replace(URL, ' ').match(PHONE) ?? []).map((p) => p.trim());
  return {
    name: lines[0] ?? '',
    english_name: '',
    company: [],
    position: [],
    tel,
    email,
    website,
    address: [],
    other: [],
  };
}
