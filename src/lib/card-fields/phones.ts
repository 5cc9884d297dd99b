/**
 * Phone numbers in a line of card text. libphonenumber-js with its full ('max') metadata does
 * the judging: the project's src/lib/phone-metadata.json holds only Hong Kong and mainland
 * mobiles (for sign-up checks), and the 'min' set checks lengths only, so under it any 8 digits
 * pass as a mainland number. 'max' (155 KB of JSON, 39 KB gzipped; 'min' is 19 KB) belongs in
 * the OCR worker, the CLI and the server: the main bundle must not import extractFields (the
 * card-fields barrel is side-effect free, so importing rowsOfFields from it does not pull this
 * in).
 */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type LabelKind, trailingLabel } from './labels';

export type FoundPhone = {
  /** Range in the line text, the label before the number included. */
  start: number;
  end: number;
  /** International format ("+852 2345 6789"), or the printed digits when no region fits. */
  number: string;
  kind: 'tel' | 'fax';
};

/**
 * Countries tried after the area's own (numbers without a country code), in the order a Hong
 * Kong or mainland card meets them.
 */
const OTHERS: readonly CountryCode[] = ['HK', 'CN', 'MO', 'TW', 'SG', 'US', 'GB', 'JP', 'KR', 'TH', 'MY', 'AU'];
const CALLING_CODES = new Set(['1', '44', '65', '81', '82', '66', '86', '852', '853', '886']);

/**
 * OCR reads 0 as O and 1 as l, I or |. Inside a run that is mostly digits (6 or more), such a
 * letter touching a digit is a digit. The text keeps its length, so positions still hold.
 */
export function fixDigitConfusions(text: string): string {
  return text.replace(/(?<![A-Za-z])[+(]?[\dOoIl|](?:[\dOoIl|\s\-.()]*[\dOoIl|])?(?![A-Za-z])/g, (run) => {
    const digits = run.match(/\d/g)?.length ?? 0;
    const confusables = run.match(/[OoIl|]/g)?.length ?? 0;
    if (confusables === 0 || digits < 6 || confusables * 3 > digits) return run;
    const chars = [...run];
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i] ?? '';
      if (!/[OoIl|]/.test(c)) continue;
      if (!/\d/.test(chars[i - 1] ?? '') && !/\d/.test(chars[i + 1] ?? '')) continue;
      chars[i] = /[Oo]/.test(c) ? '0' : '1';
    }
    return chars.join('');
  });
}

/** How many parses one extraction may spend (a page of digits must not take seconds). */
export type Budget = { parses: number };

/** The number in international format when some region finds it valid, else null. */
export function formatPhone(candidate: string, region: CountryCode, budget: Budget = { parses: 50 }): string | null {
  const text = candidate.replace(/\(\s*\+?(\d{1,3})\s*\)/, (whole, code: string) =>
    CALLING_CODES.has(code) ? `+${code} ` : whole,
  );
  const digits = text.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return null;
  for (const country of text.trimStart().startsWith('+') ? [region] : [region, ...OTHERS]) {
    if (budget.parses-- <= 0) return null;
    const parsed = parsePhoneNumberFromString(text, country);
    if (parsed?.isValid()) return parsed.formatInternational();
  }
  return null;
}

const CANDIDATE = /(?<![\d@])(?<!\d\.)(?:\+\s?)?\(?\+?\d[\d\s\-.()]{4,40}\d(?!\d)/g;
/** Words after which digits are a number of something else (licence, room, registration). */
const NOT_PHONE_BEFORE =
  /(?:\b(?:no|nos|number|lic|licen[cs]e|reg|registration|ce|br|cr|room|rm|unit|flat|suite|shop|block|blk|floor|p\.?o\.? box|box|id|code|zip|postcode)|編號|编号|牌照|登記|登记|註冊|注册|室|號|号|郵編|邮编|郵政編碼|邮政编码|〒|#)\s?[.:]?\s?$/i;

/** An extension after a number: "ext. 123", "x123", "转 123", "分機 123". */
const EXTENSION = /^\s?(?:ext\.?|extn\.?|x|#|转|轉|分機|分机|內線|内线)\s?(\d{1,6})(?!\d)/i;

/** Tries the longest run of whitespace-separated pieces first, so "2345 6789 9123 4567" is two numbers. */
function splitNumbers(
  candidate: string,
  region: CountryCode,
  budget: Budget,
): { from: number; to: number; number: string }[] {
  const pieces: { text: string; from: number; to: number }[] = [];
  for (const m of candidate.matchAll(/\S+/g)) {
    pieces.push({ text: m[0], from: m.index, to: m.index + m[0].length });
  }
  const found: { from: number; to: number; number: string }[] = [];
  let i = 0;
  while (i < pieces.length) {
    let matched = false;
    for (let j = Math.min(pieces.length, i + 7) - 1; j >= i; j--) {
      const from = pieces[i]?.from ?? 0;
      const to = pieces[j]?.to ?? 0;
      const number = formatPhone(candidate.slice(from, to), region, budget);
      if (number) {
        found.push({ from, to, number });
        i = j + 1;
        matched = true;
        break;
      }
    }
    if (!matched) i++;
  }
  return found;
}

/**
 * The phone numbers of a line, with the label each one has ("F:" makes a fax), `lineLabel`
 * standing for a label on the line above. Unlabelled digits after "Room", "No." and the like
 * are not phones; labelled digits that no region accepts are kept as printed.
 */
export function findPhones(
  text: string,
  region: CountryCode,
  lineLabel: LabelKind | null,
  budget: Budget = { parses: 2000 },
): FoundPhone[] {
  const fixed = fixDigitConfusions(text);
  const found: FoundPhone[] = [];
  let consumed = 0;
  for (const m of fixed.matchAll(CANDIDATE)) {
    const candidate = m[0];
    const before = fixed.slice(consumed, m.index);
    const label = trailingLabel(before);
    const glued = /[A-Za-z]$/.test(before);
    if (glued && !label) continue;
    const kind: LabelKind | null = label?.kind ?? (lineLabel === 'fax' || lineLabel === 'tel' ? lineLabel : null);
    if (kind !== null && kind !== 'tel' && kind !== 'fax') continue;
    // Only a label on the line itself outweighs "Room" or "No." before the digits.
    if (!label && NOT_PHONE_BEFORE.test(before)) continue;
    const numbers = splitNumbers(candidate, region, budget);
    if (numbers.length === 0) {
      const digits = candidate.replace(/\D/g, '').length;
      if (kind === null || digits < 7 || digits > 15) continue;
      numbers.push({ from: 0, to: candidate.length, number: candidate.replace(/\s+/g, ' ').trim() });
    }
    let end = m.index + candidate.length;
    const ext = EXTENSION.exec(fixed.slice(end));
    numbers.forEach((n, k) => {
      const start = k === 0 && label ? consumed + label.start : m.index + n.from;
      const last = k === numbers.length - 1 && ext;
      const number = last ? `${n.number} ext. ${ext[1]}` : n.number;
      found.push({
        start,
        end: last ? end + ext[0].length : m.index + n.to,
        number,
        kind: kind === 'fax' ? 'fax' : 'tel',
      });
    });
    if (ext) end += ext[0].length;
    consumed = end;
  }
  return found;
}
