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
 * Countries whose cards share a language and a way of printing numbers with the card's country:
 * a number printed without a code that is none of the card's country's is tried in them before
 * the far ones (a German-language card's "01 / 7643996" is a Vienna number, not a mainland one).
 */
const NEIGHBOURS: Partial<Record<CountryCode, readonly CountryCode[]>> = {
  DE: ['AT', 'CH'],
  AT: ['DE', 'CH'],
  CH: ['DE', 'AT', 'FR', 'IT'],
  FR: ['BE', 'CH', 'LU'],
  BE: ['NL', 'FR', 'LU'],
  NL: ['BE'],
  LU: ['FR', 'BE', 'DE'],
  IT: ['CH'],
  GB: ['IE'],
  IE: ['GB'],
  US: ['CA'],
  CA: ['US'],
};
/**
 * Countries whose numbers, printed without a country code, begin with the trunk "0" ("02-2345
 * 6789", "020 7946 0958"); mainland mobiles ("138 0013 8000") are the one exception. Digits
 * without it are no number of theirs: "3205 6373" is not Taiwan's "(03) 205 6373".
 */
const TRUNK_ZERO: ReadonlySet<CountryCode> = new Set(['CN', 'TW', 'GB', 'JP', 'KR', 'TH', 'MY', 'AU']);

function printedNationally(digits: string, country: CountryCode): boolean {
  if (!TRUNK_ZERO.has(country) || digits.startsWith('0')) return true;
  return country === 'CN' && /^1\d{10}$/.test(digits);
}

/**
 * OCR reads 0 as O and 1 as l, I or |, and a card with Chinese lends it 十 for a "+". Inside a
 * run that is mostly digits (6 or more), such a letter touching a digit is a digit, and 十 before
 * it (not after Chinese: 二十) a plus. The text keeps its length, so positions still hold.
 */
export function fixDigitConfusions(text: string): string {
  const plus = text.replace(/(?<!\p{Script=Han})十(?=\s?\d(?:[\s\-.()]*\d){5})/gu, '+');
  return plus.replace(/(?<![A-Za-z])[+(]?[\dOoIl|](?:[\dOoIl|\s\-.()]*[\dOoIl|])?(?![A-Za-z])/g, (run) => {
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

/**
 * A trunk-prefixed area code set off by a slash, as German-speaking cards print numbers ("0179 /
 * 85705501", "0211/6946618", Vienna's "01 / 2185934"): the slash a space, so the number is one run of digits (the text
 * keeps its length).
 */
function withAreaCodesJoined(text: string): string {
  return text.replace(/(?<![\d/])(0\d{1,5}\s?)\/(?=\s?\d{3,}(?![\d/]))/g, '$1 ');
}

/** How many parses one extraction may spend (a page of digits must not take seconds). */
export type Budget = { parses: number };

/**
 * Printed "(+852)" → "+852 "; "(852)" too, for the codes cards print that way without a plus
 * (three digits in brackets are otherwise an area code: "(020) 8888 6666").
 */
function unbracketCode(text: string): string {
  return text.replace(/\(\s*(\+?)\s*(\d{1,3})\s*\)/, (whole, plus: string, code: string) =>
    plus || CALLING_CODES.has(code) ? `+${code} ` : whole,
  );
}

/** Whether the text is printed with a country code ("+852 …", "(+852) …", "(852) …"). */
function isInternational(text: string): boolean {
  return unbracketCode(text).trimStart().startsWith('+');
}

/**
 * A number libphonenumber finds possible but not valid has no format of its country; it is
 * grouped as printed instead ("+852 3205 6373", not "+852 32056373"), a trunk "0" or "(0)"
 * after the code dropped.
 */
function printedInternational(text: string, code: string, national: string): string {
  const groups = text.replace(/^\s*\+\s*/, '').match(/\d+/g) ?? [];
  if (groups[0] === code) groups.shift();
  else if (groups[0]?.startsWith(code)) groups[0] = groups[0].slice(code.length);
  let digits = groups.join('');
  while (digits.length > national.length && groups[0]?.startsWith('0')) {
    groups[0] = groups[0].slice(1);
    if (groups[0] === '') groups.shift();
    digits = groups.join('');
  }
  return digits === national ? `+${code} ${groups.join(' ')}` : `+${code} ${national}`;
}

/**
 * The number in international format, or null. A number printed with a "+" code keeps that
 * code: it is taken when libphonenumber finds it valid or, with `possible`, of a possible
 * length for that code (valid means inside the ranges allocated when the metadata was made,
 * which go out of date; no other country is ever tried for it). A number printed without a
 * code is read in `region`, then in its NEIGHBOURS, then in the countries a card in the user's
 * hands comes from (OTHERS) when printed as their own numbers are (TRUNK_ZERO), and must be valid in one:
 * without a code, validity is all that tells them apart.
 */
export function formatPhone(
  candidate: string,
  region: CountryCode,
  budget: Budget = { parses: 50 },
  possible = false,
): string | null {
  const text = unbracketCode(candidate);
  const digits = text.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return null;
  if (text.trimStart().startsWith('+')) {
    if (budget.parses-- <= 0) return null;
    const parsed = parsePhoneNumberFromString(text);
    if (!parsed) return null;
    if (parsed.isValid()) return parsed.formatInternational();
    if (!possible || !parsed.isPossible()) return null;
    return printedInternational(text, parsed.countryCallingCode, parsed.nationalNumber);
  }
  const printed = text.replace(/\D/g, '');
  if (NANP_PRINTED.test(text)) {
    if (budget.parses-- <= 0) return null;
    const parsed = parsePhoneNumberFromString(`+${printed}`);
    if (parsed?.isValid()) return parsed.formatInternational();
  }
  const near = NEIGHBOURS[region] ?? [];
  for (const country of [region, ...near, ...OTHERS.filter((c) => c !== region && !near.includes(c))]) {
    if (country !== region && !printedNationally(printed, country)) continue;
    if (budget.parses-- <= 0) return null;
    const parsed = parsePhoneNumberFromString(text, country);
    if (parsed?.isValid()) return parsed.formatInternational();
  }
  return null;
}

/** A North American number printed with its country code and no plus ("1-628-301-8198", "1 (415) 555-0100"): a mainland mobile is grouped 3-4-4. */
const NANP_PRINTED = /^\s*1[\s.-]\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\s*$/;

const CANDIDATE = /(?<![\d@])(?<!\d\.)(?:\+\s?)?\(?\+?\d[\d\s\-.()]{4,40}\d(?!\d)/g;
/** Words after which digits are a number of something else (licence, room, registration). */
const NOT_PHONE_BEFORE =
  /(?:\b(?:no|nos|number|lic|licen[cs]e|reg|registration|ce|br|cr|room|rm|unit|flat|suite|shop|block|blk|floor|p\.?o\.? box|box|id|code|zip|postcode)|編號|编号|牌照|登記|登记|註冊|注册|室|號|号|郵編|邮编|郵政編碼|邮政编码|〒|#)\s?[.:]?\s?$/i;

/** An extension after a number: "ext. 123", "x123", "转 123", "分機 123". */
const EXTENSION = /^\s?(?:ext\.?|extn\.?|x|#|转|轉|分機|分机|內線|内线)\s?(\d{1,6})(?!\d)/i;

/**
 * Tries the longest run of whitespace-separated pieces first, so "2345 6789 9123 4567" is two
 * numbers. A run that starts with a "+" code is one number of that code: valid at some length,
 * else possible at some length, else none; the pieces after a code that fits no length are not
 * read again without it (that would move "+852 3205 637" to another country).
 */
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
  const longest = (i: number, possible: boolean): { j: number; number: string } | null => {
    for (let j = Math.min(pieces.length, i + 7) - 1; j >= i; j--) {
      const number = formatPhone(candidate.slice(pieces[i]?.from ?? 0, pieces[j]?.to ?? 0), region, budget, possible);
      if (number) return { j, number };
    }
    return null;
  };
  let i = 0;
  while (i < pieces.length) {
    const international = isInternational(pieces[i]?.text ?? '');
    const match = longest(i, false) ?? (international ? longest(i, true) : null);
    if (match) {
      found.push({ from: pieces[i]?.from ?? 0, to: pieces[match.j]?.to ?? 0, number: match.number });
      i = match.j + 1;
    } else if (international) {
      i++;
      while (i < pieces.length && !isInternational(pieces[i]?.text ?? '')) i++;
    } else i++;
  }
  return found;
}

/**
 * The phone numbers of a line, with the label each one has ("F:" makes a fax), `lineLabel`
 * standing for a label on the line above and `row` for a row of labels above the numbers' columns. Unlabelled digits after "Room", "No." and the like
 * are not phones; labelled digits that no region accepts are kept as printed.
 */
export function findPhones(
  text: string,
  region: CountryCode,
  lineLabel: LabelKind | null = null,
  budget: Budget = { parses: 2000 },
  row: readonly LabelKind[] | null = null,
): FoundPhone[] {
  const fixed = withAreaCodesJoined(fixDigitConfusions(text));
  const found: FoundPhone[] = [];
  // Labels printed over columns of numbers: the k-th number is labelled by the k-th phone label.
  const columns = row?.filter((k) => k === 'tel' || k === 'fax') ?? [];
  let consumed = 0;
  for (const m of fixed.matchAll(CANDIDATE)) {
    const column = columns[found.length] ?? null;
    const candidate = m[0];
    const before = fixed.slice(consumed, m.index);
    const label = trailingLabel(before);
    const glued = /[A-Za-z]$/.test(before);
    if (glued && !label) continue;
    const kind: LabelKind | null =
      label?.kind ?? column ?? (lineLabel === 'fax' || lineLabel === 'tel' ? lineLabel : null);
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
        kind: (label?.kind ?? columns[found.length] ?? kind) === 'fax' ? 'fax' : 'tel',
      });
    });
    if (ext) end += ext[0].length;
    consumed = end;
  }
  return found;
}
