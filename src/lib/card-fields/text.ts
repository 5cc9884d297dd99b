/**
 * Text clean-up for recognized lines: what OCR adds that no card prints (control characters,
 * stray symbols, spaces between CJK characters) and what every rule below needs (script tests).
 */

/** Longest line text looked at; a card line is never longer, garbage can be. */
export const MAX_LINE_CHARS = 300;

const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const STRAY = /[©®™§¶¦•●○▪▫■□◆◇★☆►▶◀◁▷※†‡¤¬¨«»"“”„`^~=*<>[\]{}\\]|\p{Extended_Pictographic}/gu;
/** A web address in a line. */
const WEB_LIKE = /\bwww\s?\.\s?[a-z0-9-]+\.[a-z]{2,}|https?:\/\/\S/i;
/** A Singapore unit: level and unit number after "#" ("#08-04", "#15-05", "#01-234A"). */
export const SINGAPORE_UNIT = '#\\s?\\d{1,3}-\\d{1,5}[A-Z]?';
/** "#" is a stray mark but in a Singapore unit number. */
const STRAY_HASH = new RegExp(`(?!${SINGAPORE_UNIT})#`, 'g');
/** "@" read as "©" or "®" between a mailbox and a domain. */
const AT_MISREAD = /(?<=[A-Za-z0-9._-])\s?[©®]\s?(?=[A-Za-z0-9-]+\s?\.\s?[A-Za-z]{2,})/g;
/** What OCR reads a small dot as: a middle dot, a bullet, an ideographic full stop. */
const DOT_LIKE = '·•∙‧・。';
/**
 * An e-mail address whose dots OCR read as DOT_LIKE ("wing·leung@abc·com·hk"); only inside
 * such a run does a middle dot become a dot again (elsewhere it parts words: "Sales • Design").
 */
const DOTTED_EMAIL = new RegExp(
  `(?:[A-Za-z0-9_%+\\-]+\\s?[.,${DOT_LIKE}]\\s?){0,4}[A-Za-z0-9_%+\\-]+\\s{0,2}@\\s{0,2}[A-Za-z0-9\\-]+(?:\\s?[.,${DOT_LIKE}]\\s?[A-Za-z0-9\\-]+){1,5}`,
  'g',
);
const DOT_LIKE_CHAR = new RegExp(`[${DOT_LIKE}]`, 'g');
const CJK_CHAR = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー々〆';
const CJK_GAP = new RegExp(`(?<=[${CJK_CHAR}])\\s+(?=[${CJK_CHAR}])`, 'gu');
/** One dash between two Chinese characters: the character 一 read as a dash ("品質第—服務至上"). */
const DASH_FOR_ONE = /(?<=\p{Script=Han})\s?[—–―‐-]\s?(?=\p{Script=Han})/gu;
const CJK_DIGIT_GAP = new RegExp(`(?<=[${CJK_CHAR}])\\s+(?=\\d)|(?<=\\d)\\s+(?=[${CJK_CHAR}])`, 'gu');
const CJK_TEST = new RegExp(`[${CJK_CHAR}\\p{Script=Hangul}]`, 'u');
const CJK_COUNT = new RegExp(`[${CJK_CHAR}\\p{Script=Hangul}]`, 'gu');

/**
 * One line as a card prints it: NFKC (full-width letters, digits and colons become ASCII),
 * no control or decorative characters, single spaces, no spaces inside CJK runs ("陳 大 文"),
 * the dots of an e-mail address read as "·" or "•" dots again, a dash between Chinese
 * characters the 一 it was.
 */
export function cleanText(raw: string): string {
  return (
    raw
      .slice(0, MAX_LINE_CHARS * 2)
      .normalize('NFKC')
      // NFKC splits Thai and Lao SARA AM (ำ → ํา); put it back.
      .replace(/\u0e4d\u0e32/g, '\u0e33')
      .replace(/\u0ecd\u0eb2/g, '\u0eb3')
      .replace(CONTROL, ' ')
      .replace(AT_MISREAD, '@')
      // A left quote between two letters is an apostrophe OCR turned ("dell‘Indipendenza").
      .replace(/(?<=\p{L})\u2018(?=\p{L})/gu, "'")
      .replace(DOTTED_EMAIL, (run) => run.replace(DOT_LIKE_CHAR, '.'))
      .replace(STRAY, ' ')
      .replace(STRAY_HASH, ' ')
      .replace(/\s+/g, ' ')
      .replace(CJK_GAP, '')
      .replace(DASH_FOR_ONE, '一')
      .replace(CJK_DIGIT_GAP, '')
      .trim()
      .slice(0, MAX_LINE_CHARS)
  );
}

/** A recognized line's cleaned text; a line of another shape (a caller's bad input) reads as empty. */
export function lineText(line: { text?: unknown } | null | undefined): string {
  return cleanText(typeof line?.text === 'string' ? line.text : '');
}

/** A Chinese character alone, but not one before a number (转 123: an extension). */
const LONE_HAN = /(?<!\p{Script=Han})\p{Script=Han}(?!\p{Script=Han}|\s?\d)/gu;

/**
 * A line of a card printed with no Chinese, without the lone Chinese characters OCR made of a
 * speck or an accent ("23 rue Esquermoise 让,"): the models read Chinese too.
 */
export function withoutLoneHan(text: string): string {
  return text
    .replace(LONE_HAN, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+(?=[,，])/g, '')
    .trim();
}

/** Whether a text holds Chinese: two Chinese characters side by side. */
export const holdsChinese = (text: string) => /\p{Script=Han}{2}/u.test(text);

/** Separators and OCR dust that never begin or end a value. */
const EDGE = /^[\s|:;,.\-–—/\\'‘’…·。、，：；!?]+|[\s|:;,\-–—/\\'‘’…·。、，：；!?]+$/g;

/** The text without separators at its ends (a final "." stays: "Ltd."). */
export function trimEdges(text: string): string {
  return text.replace(EDGE, '').replace(/^\(\s*\)$/, '');
}

/** How many letters and digits (any script). */
export function alnumCount(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

export function hasCjk(text: string): boolean {
  return CJK_TEST.test(text);
}

/** 'cjk' when CJK characters are at least a third of the letters, else 'latin'. */
export function scriptOf(text: string): 'cjk' | 'latin' {
  const cjk = text.match(CJK_COUNT)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return cjk > 0 && cjk * 3 >= latin ? 'cjk' : 'latin';
}

/**
 * Whether a line is OCR garbage rather than print: too few letters or digits, or (when the
 * engine was unsure) mostly symbols or only one- and two-letter fragments.
 */
export function isNoise(text: string, confidence: number): boolean {
  const alnum = alnumCount(text);
  if (alnum < 2) return true;
  // An e-mail or a web address reads as itself whatever confidence tesseract gives the line
  // ("www. whitfeld-trading.com" came with 12).
  if (text.includes('@') || WEB_LIKE.test(text)) return false;
  if (confidence < 15) return true;
  if (confidence >= 45) return false;
  const visible = text.replace(/\s/g, '').length;
  if (alnum / visible < 0.6) return true;
  return !hasCjk(text) && !/[\p{L}\p{N}]{3}/u.test(text);
}
