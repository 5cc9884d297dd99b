/**
 * A line printed letter-spaced (a name in wide tracking, most often) comes out of tesseract in
 * pieces, with misread letters among them: "La u ra Ro b | n S O n", "Ta n J 1 a € l n". The line
 * recognizer (src/lib/line-reader.ts) reads such lines whole and right ("Laura Robinson", "Tan Jia
 * Xin"), so their reading is taken where it is sure and the same letters, near enough.
 */
import { distance } from 'fastest-levenshtein';
import type { LineReading } from './line-reader';

/** Pieces of one or two Latin letters: at least this many, and at least half the line's pieces. */
const MIN_SHORT_PIECES = 3;
/** How sure the recognizer must be. */
const SURE = 85;
/** At most this share of the letters may differ (tesseract misreads letters of such lines: 1 for i, € for X). */
const MAX_EDIT_SHARE = 0.5;

const pieces = (text: string) => text.trim().split(/\s+/);
const isShortPiece = (piece: string) => /^\p{Script=Latin}{1,2}$/u.test(piece);

/** Whether tesseract's reading of a line looks letter-spaced. */
export function letterSpaced(text: string): boolean {
  const all = pieces(text);
  const short = all.filter(isShortPiece).length;
  return short >= MIN_SHORT_PIECES && 2 * short >= all.length;
}

/** Letters and digits only, lower case: what the two readings are compared on. */
const compact = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/**
 * The recognizer's reading of a letter-spaced line, or null when it is unsure, letter-spaced
 * itself, or reads other letters than tesseract's (another line, or nothing alike).
 */
export function withSpacingOf(text: string, reading: LineReading): string | null {
  if (reading.confidence < SURE || letterSpaced(reading.text)) return null;
  const read = compact(text);
  const better = compact(reading.text);
  if (better.length === 0 || distance(read, better) > MAX_EDIT_SHARE * Math.max(read.length, better.length))
    return null;
  return reading.text;
}
