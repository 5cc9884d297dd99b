/**
 * Field-level scoring of an extraction against the truth, for the OCR benchmark: each
 * (field, normalized value) pair is one item; a pair found in both is a true positive, one only
 * extracted a false positive, one only in the truth a false negative (pairs count as a multiset,
 * so a value twice in the truth must be found twice).
 *
 * Normalized: NFKC, lower case, spaces collapsed (and dropped between CJK characters),
 * punctuation trimmed from both ends; phones (tel, and "Fax: …" in other) compare all their
 * digits, country code included, as the extractor gives every number internationally: a number
 * moved to another country ("+886 3 205 6373" for "+852 3205 6373") or left without its code is a
 * miss; websites without "http(s)://" or a final "/". An empty name counts as no pair.
 */
import type { CardFields } from './types';

export type Score = { tp: number; fp: number; fn: number };

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_GAP = new RegExp(`(?<=[${CJK}])\\s+(?=[${CJK}])`, 'gu');
const EDGE_PUNCT = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;
const FIELDS = ['name', 'english_name', 'company', 'position', 'tel', 'email', 'website', 'address', 'other'] as const;
type Field = (typeof FIELDS)[number];

const phoneKey = (text: string) => text.replace(/\D/g, '');

export function normalizeValue(field: Field, value: string): string {
  const text = value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').replace(CJK_GAP, '').trim();
  if (field === 'tel') return phoneKey(text);
  if (field === 'other' && /^fax\s?:/.test(text)) return `fax:${phoneKey(text)}`;
  if (field === 'website')
    return text
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, '')
      .replace(EDGE_PUNCT, '');
  return text.replace(EDGE_PUNCT, '');
}

function pairs(fields: CardFields): Map<string, number> {
  const counts = new Map<string, number>();
  for (const field of FIELDS) {
    const raw = fields[field];
    for (const value of typeof raw === 'string' ? [raw] : raw) {
      const normalized = normalizeValue(field, value);
      if (normalized === '') continue;
      const key = `${field}\u0000${normalized}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** True positives, false positives and false negatives of `got` against `truth`. */
export function scoreFields(truth: CardFields, got: CardFields): { tp: number; fp: number; fn: number } {
  const expected = pairs(truth);
  let tp = 0;
  let fp = 0;
  for (const [key, count] of pairs(got)) {
    const hits = Math.min(count, expected.get(key) ?? 0);
    tp += hits;
    fp += count - hits;
    expected.set(key, (expected.get(key) ?? 0) - hits);
  }
  let fn = 0;
  for (const left of expected.values()) fn += left;
  return { tp, fp, fn };
}

/** F1 of a score (sums over many cards work too); nothing expected and nothing found is 1. */
export function f1(t: { tp: number; fp: number; fn: number }): number {
  const denominator = 2 * t.tp + t.fp + t.fn;
  return denominator === 0 ? 1 : (2 * t.tp) / denominator;
}

/** scoreFields with its F1. */
export function fieldF1(truth: CardFields, got: CardFields): Score & { f1: number } {
  const score = scoreFields(truth, got);
  return { ...score, f1: f1(score) };
}
