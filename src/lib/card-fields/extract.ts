/**
 * The one field extractor: recognized lines of a business card → card fields. Pure (no DOM, no
 * Node APIs): it runs in the OCR web worker, in `npm run ocr` and in the server's recognition pool.
 *
 * In four passes over the lines, in the order the engine read them:
 * 1. Clean each line (text.ts); a line that is only a label ("Tel", "地址:") waits for the next
 *    line, which it labels (stacked layouts; several labels in a column label the lines after
 *    them in turn); OCR garbage is dropped.
 * 2. Cut the contacts out of each line: e-mails, websites, phones (contacts.ts, phones.ts) with
 *    the labels before them. A fax goes to `other` as "Fax: +852 …".
 * 3. Sort what is left of each line (cues.ts): a label in front decides ("Address: …"); a
 *    company and an address read as one line part after the legal form ("ABC Limited 12/F,
 *    …"); a licence or registration number stays `other`; else a legal-form suffix makes a company;
 *    an address with a digit and two cues beats a job title; a job title makes a position;
 *    then addresses, organisation words ("Group", "銀行"), and the rest.
 * 4. Layout: among the rest, the piece shaped like a Han name (2–4 characters) is `name`: one
 *    starting with a common surname first (address characters in it, as in "區志道", make it
 *    no address), then one in clearly larger type. The tallest piece shaped like a Latin name
 *    (2–5 capitalised words, joined back when OCR letter-spaced it) is `english_name`; with no Han name, the Latin name is
 *    `name` and `english_name` stays empty. A piece with a weak address cue ("Hong Kong") next
 *    to an address line joins it, as does a line after an address line ending in a comma;
 *    address lines one after another in one script make one address (", " between Latin
 *    lines, nothing between CJK ones); a line in much larger type joins no address. Anything else with some letters or digits is `other`.
 *
 * Never throws: input is capped (200 lines of 300 characters), and a failure anywhere returns
 * the lines as `other` rather than nothing.
 */
import type { CountryCode } from 'libphonenumber-js/max';
import { restoreAccents } from './accents';
import { tidyAddress } from './address-tidy';
import { completedWebsite, findEmails, findWebsites, TLD_ALONE } from './contacts';
import {
  addressScore,
  companyThenAddress,
  hasStrongAddressCue,
  isLicence,
  isLikelyHanName,
  isPosition,
  isStrongCompany,
  isWeakCompany,
  type NameShape,
  nameShape,
  repairLegalForm,
  splitBilingualName,
  withManagerWhole,
} from './cues';
import { emailMendedByName, nameMendedByEmail } from './email-names';
import { type LabelKind, labelOnly, labelRow, leadingLabel, misreadLabel, splitAtInnerAddress } from './labels';
import { type Budget, findPhones } from './phones';
import { readingOrder } from './reading-order';
import { cardRegion } from './region';
import {
  alnumCount,
  holdsChinese,
  isNoise,
  lineText,
  SINGAPORE_UNIT,
  scriptOf,
  trimEdges,
  withoutLoneHan,
} from './text';
import { readAsTitle, withTitleWordsRead } from './title-words';
import type { Box, CardFields, ExtractOptions, OcrLine } from './types';

const MAX_LINES = 200;
/** Phone parses per card: a real card needs a few dozen; garbage full of digits gets no more. */
const MAX_PHONE_PARSES = 1000;
/** A label alone on a line labels one of the next few lines, no further. */
const LABEL_REACH = 4;
/** Letters and digits a line needs to be kept in `other`. */
const MIN_OTHER = 5;

/**
 * A line nothing else took is kept (as `other`) only when read at least this surely: lower, it is
 * a logo's shapes or a misread label as letters ("v J es TTL", 61; "乎机", 57); slogans and lines
 * of print on the development photos read at 85 or more.
 */
const SURE_OTHER = 70;
/** Internal separator where a value was cut out of a line (text.ts removes it from input). */
const CUT = '¦';

/** 'rest' may still be a name or join an address; 'other' is other for sure. */
type Kind = 'company' | 'position' | 'address' | 'rest' | 'other';

type Piece = {
  text: string;
  /** Index among the kept lines. */
  line: number;
  height: number;
  script: 'cjk' | 'latin';
  kind: Kind;
  /** An address cue too weak alone ("Hong Kong"). */
  weakAddress: boolean;
  /** A company only by a word for a kind of business ("科技", "Consulting"), no legal form. */
  weakCompany?: boolean;
  /** Printed with a comma at the end: the text goes on on the next line. */
  comma: boolean;
};

type Kept = {
  text: string;
  height: number;
  label: LabelKind | null;
  /** The labels of a row of labels above, one a column (./labels.ts labelRow). */
  row: LabelKind[] | null;
  /** The recognizer's confidence in the line (0–100; 100 when it gave none). */
  confidence: number;
};

/** A network's name left beside a cut-out link or number ("LinkedIn: linkedin.com/in/…"). */
const SOCIAL =
  /^\(?(?:linkedin|facebook|fb|instagram|ig|twitter|youtube|line|wechat|whatsapp|telegram|signal|skype|qq|weibo|微信|微博)\)?$/i;

const REGION: Record<ExtractOptions['area'], CountryCode> = { hk: 'HK', ch: 'CN' };

function emptyFields(): CardFields {
  return {
    name: '',
    english_name: '',
    company: [],
    position: [],
    tel: [],
    email: [],
    website: [],
    address: [],
    other: [],
  };
}

/** Widths of characters in ems: a Chinese character is square, a Latin letter or a digit about half as wide, a space or a mark less. */
function ems(text: string): number {
  let sum = 0;
  for (const c of text)
    sum += /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u.test(c)
      ? 1
      : /[\p{L}\p{N}]/u.test(c)
        ? 0.55
        : 0.3;
  return sum;
}

/**
 * The size of a line's type: its box's height; for a line of Chinese, no more than its width
 * over its characters (they are square), as tesseract's box of such a line often takes in a
 * neighbour's strokes or its label's larger type ("地址南京市鼓楼区中山北路420号": 60 px high,
 * 34 px a character, as the line under it).
 */
function heightOf(line: OcrLine, text: string): number {
  const h = Number(line?.bbox?.y1) - Number(line?.bbox?.y0);
  if (!Number.isFinite(h) || h <= 0) return 0;
  const w = Number(line.bbox.x1) - Number(line.bbox.x0);
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  if (han < 2 || han < CJK_SHARE * alnumCount(text) || !Number.isFinite(w) || w <= 0) return h;
  return Math.min(h, w / ems(text));
}

/** The share of a line's letters and digits that are Chinese for its characters to give its type's size. */
const CJK_SHARE = 0.6;

/** A line that is only the end of a domain (".com", ".com.hk"), and a line ending in a host it may end. */
const DOMAIN_END_LINE = /^\.(?:[a-z]{2,6})(?:\.[a-z]{2})?$/i;
const HOST_END = /(?:www\.|@)[\w.-]*[\w-]$/i;
/** A line that is only the unit after a Chinese address's number (號, 樓, 室). */
const CJK_UNIT_LINE = /^[號号樓楼室座層层]$/u;
/** A Taiwanese floor's unit wrapped onto a line of its own ("…19樓" / "之 5"). */
const FLOOR_UNIT_LINE = /^之\s?\d{1,3}$/u;
/** Lines back a floor's unit looks for its floor (a column beside may come between in reading order). */
const FLOOR_UNIT_REACH = 3;

/** Pass 1: cleaned lines worth reading, each with the label of a label-only line above it. */
/** A given name and a family name in capitals OCR ran together, alone on their line ("WeiZHAO" is Wei ZHAO). */
const RUN_TOGETHER = /^(\p{Lu}\p{Ll}+)(\p{Lu}{2,})$/u;
const apartAtCapitals = (text: string) => text.replace(RUN_TOGETHER, '$1 $2');

function keepLines(lines: readonly OcrLine[]): Kept[] {
  const kept: Kept[] = [];
  const waiting: { kind: LabelKind; at: number; box: Box | null }[] = [];
  let row: LabelKind[] | null = null;
  const texts = lines.slice(0, MAX_LINES).map(lineText);
  const chinese = texts.some(holdsChinese);
  for (const [i, line] of lines.slice(0, MAX_LINES).entries()) {
    const text = apartAtCapitals(chinese ? (texts[i] ?? '') : withoutLoneHan(texts[i] ?? ''));
    const label = labelOnly(text);
    // A lone "A" is as likely a stray letter as an address label: it labels nothing.
    if (label === 'address' && alnumCount(text) === 1) continue;
    if (label) {
      waiting.push({ kind: label, at: kept.length, box: edges(line) });
      continue;
    }
    const labels = labelRow(text);
    if (labels) {
      row = labels;
      continue;
    }
    const confidence = Number.isFinite(line?.confidence) ? line.confidence : 100;
    // A web or e-mail address the type wrapped before its domain's end ("www.rheinblick-medizinte" / ".com").
    const above = kept[kept.length - 1];
    // And a Chinese address's number wrapped before its unit ("北新路三段376" / "號").
    const wrapped =
      (DOMAIN_END_LINE.test(text) && HOST_END.test(above?.text ?? '')) ||
      (CJK_UNIT_LINE.test(text) && /\p{Script=Han}.*\d$/u.test(above?.text ?? ''));
    if (above && wrapped) {
      above.text += text;
      continue;
    }
    const floor = FLOOR_UNIT_LINE.test(text)
      ? kept.slice(-FLOOR_UNIT_REACH).findLast((k) => /\p{Script=Han}.*[樓楼]$/u.test(k.text))
      : undefined;
    if (floor) {
      floor.text += text.replace(/\s/g, '');
      continue;
    }
    if (isNoise(text, confidence)) continue;
    while (waiting.length > 0 && kept.length - (waiting[0]?.at ?? 0) >= LABEL_REACH) waiting.shift();
    // A label printed below the line is for a line further down its column, not this one from
    // the column beside ("ADDRESS" under the first column is not "FAX"'s number's).
    const box = edges(line);
    const mine = waiting.findIndex((w) => !box || !w.box || w.box.y0 < box.y1);
    const labelled = mine >= 0 ? (waiting.splice(mine, 1)[0]?.kind ?? null) : null;
    kept.push({ text, height: heightOf(line, text), label: labelled, row, confidence });
    row = null;
  }
  return kept;
}

/** The text with each range replaced by the cut separator. */
function cutOut(text: string, ranges: readonly { start: number; end: number }[]): string {
  let out = '';
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    if (r.start < at) continue;
    out += `${text.slice(at, r.start)} ${CUT} `;
    at = r.end;
  }
  return out + text.slice(at);
}

/** A slogan that names a year ("Building trust since 1998"): the number is no street number. */
const SINCE_YEAR = /\b(?:since|est\.?|established|founded)\s(?:in\s)?(?:19|20)\d\d\b/i;

/** A line that speaks to the reader ("Your partner in growth", "We build trust") is a slogan, whatever its words. */
const SLOGAN = /^(?:your|our|we|let['’]s|making|building|together)\s\p{Ll}/iu;

function classify(text: string, forced: LabelKind | null): { kind: Kind; weakAddress: boolean; weakCompany?: boolean } {
  if (forced === 'address') return { kind: 'address', weakAddress: false };
  if (forced === 'company') return { kind: 'company', weakAddress: false };
  const score = addressScore(text);
  const digit = /\d/.test(text);
  const done = (kind: Kind) => ({ kind, weakAddress: false });
  if (isLicence(text)) return done('other');
  if (SINCE_YEAR.test(text) || SLOGAN.test(text)) return { kind: 'rest', weakAddress: false };
  if (isStrongCompany(text)) return done('company');
  if (score >= 2 && digit) return done('address');
  if (isPosition(text)) return done('position');
  if (score >= 1 && digit) return done('address');
  if (isWeakCompany(text)) return { kind: 'company', weakAddress: false, weakCompany: true };
  // "區志道": a surname and address characters (區, 道), no number, no city: a name.
  const name = isLikelyHanName(text) && !hasStrongAddressCue(text);
  if (score >= 2 && !name) return done('address');
  return { kind: 'rest', weakAddress: score >= 1 };
}

/** "Sales Manager, ABC Limited" or "Engineer at ABC Ltd." as a title and a company; else the text. */
function titleAndCompany(text: string): string[] {
  const m = /^(.{3,60}?)(?:,\s?|\s(?:at|@)\s)(.{3,})$/.exec(text);
  if (m?.[1] && m[2] && isPosition(m[1]) && !isStrongCompany(m[1]) && isStrongCompany(m[2])) return [m[1], m[2]];
  return [text];
}

type Name = {
  name: string;
  height: number;
  order: number;
  likely: boolean;
  weak: boolean;
  /** The recognizer's confidence in its line. */
  confidence: number;
  piece: Piece;
  /** The line under it, when the name is printed over two ("Hannah" / "Davies"). */
  under?: Piece;
};

/**
 * A line that goes on with the address above it though it has no address word: the end of a
 * postcode and the country ("8AU, United Kingdom"), a building and floor under a street and
 * number ("恒泰大厦16楼", "2208室").
 */
const ADDRESS_TAIL =
  /^(?:[A-Z0-9]{0,4}\s?\d[A-Z]{2}\b.*|\d[A-Z]\d\b.{0,30}|\d{3,6}(?:-\d{3,4})?\b.{0,30}|.{0,20}(?:大[厦廈樓楼]|中心|[广廣]场|[广廣]場|花[园園]|\d+\s?[楼樓层層室座]|室|座)\S{0,12})$/u;
const COUNTRY_LINE =
  /^(?:united kingdom|kingdom|states|uk|usa|u\.s\.a\.|united states|hong kong(?: sar)?|china|p\.?\s?r\.?\s?china|taiwan|singapore|germany|deutschland|france|spain|españa|italy|italia|the netherlands|netherlands|nederland|switzerland|schweiz|suisse|austria|österreich|osterreich|belgium|australia|canada|ireland|香港|中国|中國|台灣|臺灣|新加坡)[.,]?$/i;

function continuesAddress(text: string): boolean {
  return text.length <= 40 && (ADDRESS_TAIL.test(text) || COUNTRY_LINE.test(text.trim()) || NAME_ENDING.test(text));
}

/** Words that end a building's or a street's name. */
const NAME_END_WORDS =
  'building|bldg\\.?|centre|center|plaza|tower|house|mansion|court|square|road|rd\\.?|street|st\\.?|avenue|ave\\.?|lane|drive|boulevard|way|terrace|crescent|place|estate|gardens?|territories';
/** A part of an address that ends a building's or a street's name begun on the line above ("Commercial Building", "Plaza", "Territories"). */
const NAME_ENDING = new RegExp(`^(?:\\p{Lu}[\\p{L}'’.-]*\\s){0,3}(?:${NAME_END_WORDS})(?=$|,)`, 'iu');
/** A part ending in such a word is whole. */
const NAME_END_WORD = new RegExp(`(?<!\\p{L})(?:${NAME_END_WORDS})$`, 'iu');

/**
 * Whether an address line goes on from the one above in the middle of a part, so the two join
 * with a space, not ", ": the type wrapped inside a postcode ("London" / "EC2V 8AU", "BC V6C" /
 * "3E8"), before a word in lower case, inside a building's name ("Sun Kwong" / "Commercial
 * Building", "Lee Wah" / "Plaza"), after a street number ("Commercial Building, 223" / "Argyle
 * Street") or a Singapore unit ("#16-20" / "Connexis"), or inside the building's name after it
 * ("#18-14 Ngee" / "Ann City").
 */
function wrapsInsidePart(above: Piece, text: string): boolean {
  if (above.comma) return false;
  if (/^(?:\d[A-Z]{2}\b|\d[A-Z]\d\b|[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|\p{Ll})/u.test(text)) return true;
  // A postcode alone, or before the country, goes after the city or state ("Chicago, IL" / "60611", "New Taipei City" / "231, Taiwan").
  if (/^\d{3,6}(?:-\d{4})?(?:$|[,，])/.test(text) && /\p{L}\.?$/u.test(above.text)) return true;
  const tail = above.text.split(/[,，]/).pop()?.trim() ?? '';
  if (!/^\p{L}/u.test(text) || tail === '') return false;
  // A European postcode goes before its town ("Oudegracht 106, 3511 AZ" / "Utrecht").
  if (EU_POSTCODE.test(tail) && !/\d/.test(text)) return true;
  // A Hong Kong street named with its direction ("325 Des Voeux Road" / "Central, Central").
  if (/(?:Queen['’]s|Des Voeux|Connaught) Road$/.test(tail) && /^(?:Central|East|West)\b/.test(text)) return true;
  // A word that only begins a place's name ("Banqiao Dist., New" / "Taipei City 220").
  if (/^(?:New|North|South|East|West|Upper|Lower|Port|Saint|St\.|San|Santa|Los|Las|Le|La)$/.test(tail)) return true;
  // A place's name of two words wrapped between them ("58 Kwun Tong Road, Kwun" / "Tong, Kowloon").
  const head = text.split(/[,，]/)[0]?.trim() ?? '';
  const headWords = head.split(/\s+/);
  if (
    /[,，]/.test(above.text) &&
    ONE_WORD.test(tail) &&
    addressScore(tail) === 0 &&
    !NAME_END_WORD.test(tail) &&
    headWords.length <= 2 &&
    headWords.every((w) => ONE_WORD.test(w))
  )
    return true;
  // A town and its postcode alone begin a part of their own ("#22-20" / "Singapore 068898").
  const townAndPostcode = /^\p{L}[\p{L} ]*\s\d{4,6}$/u.test(text);
  if (NUMBER_OR_UNIT.test(tail) && /[,，]/.test(above.text) && !townAndPostcode) return true;
  // A Singapore building's name after its unit, wrapped inside ("#18-14 Ngee" / "Ann City").
  if (UNIT_THEN_NAME.test(tail) && !townAndPostcode && !/^singapore\b/i.test(text)) return true;
  // A town alone on its line is a part of its own ("Kwai Chung" / "New Territories").
  if (!/[,，\d]/.test(above.text)) return false;
  // A street's number and the start of its name go on with the rest ("860 Ganjiang West" / "Road").
  const named = /^\p{Lu}/u.test(tail) ? !/\d/.test(tail) : /^\d{1,5}[A-Z]?(?:\s\p{Lu}\p{L}*)+$/u.test(tail);
  return NAME_ENDING.test(text) && named && !NAME_END_WORD.test(tail);
}

/** A street number or a Singapore unit alone, ending a line. */
const NUMBER_OR_UNIT = new RegExp(`^(?:\\d{1,5}[A-Z]?|${SINGAPORE_UNIT})$`);
/** A Singapore unit and the start of the building's name after it ("#18-14 Ngee"). */
const UNIT_THEN_NAME = new RegExp(`^${SINGAPORE_UNIT}\\s\\p{Lu}`, 'u');
/** A European postcode: four or five digits, in the Netherlands two letters after them. */
const EU_POSTCODE = /^\d{4,5}(?:\s?[A-Z]{2})?$/;
/** An address line ending in one, after a comma ("Oudegracht 106, 3511 AZ"). */
const EU_POSTCODE_END = /[,，]\s?\d{4,5}(?:\s?[A-Z]{2})?$/;
/** An address line ending at a district, whose city comes next ("948 Xinghu Street, Gusu District" / "Suzhou"). */
const DISTRICT_END = /\b(?:District|Dist\.|County|Province)$/iu;
/** One word of a place's name: a capital, letters, no digit. */
const ONE_WORD = /^\p{Lu}\p{Ll}+$/u;
/** A town's name alone on a line, after the postcode ending the line above: one to three words, no digit. */
const TOWN_LINE = /^\p{Lu}[\p{L}'’.-]*(?:[\s-]\p{L}[\p{L}'’.-]*){0,2}$/u;
/**
 * A street's name and its house number, in continental Europe's order, above the postcode and
 * town ("Damrak 63-A" / "1012 LG Amsterdam"): a street named without a street word.
 */
const STREET_THEN_NUMBER = /^\p{Lu}[\p{L}'’.-]+(?:\s[\p{L}'’.-]+){0,3}\s\d{1,4}(?:\s?[-/]?\s?[A-Za-z]|-\d{1,3})?,?$/u;
/** A line that begins with a European postcode and its town ("1012 LG Amsterdam", "D-10117 Berlin"). */
const POSTCODE_TOWN_START = /^(?:[A-Z]{1,2}[-–]\s?)?\d{4,5}(?:\s?[A-Z]{2})?\s\p{Lu}/u;
/** A floor, suite or unit alone on a line, above the street it is in ("Level 26" / "151 Queen Street"). */
const UNIT_LINE = /^(?:level|floor|fl\.?|suite|ste\.?|unit|room|rm\.?|flat|etage|stock)\s?\d{1,4}[A-Z]?,?$/iu;

/** Places' names only, one or more after commas ("Sha Wan, Kowloon"): no digit, each word capitalised. */
const PLACE_LIST =
  /^\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,2}(?:[,，]\s?\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,2})+,?$/u;

/**
 * Whether a line of places' names under an address line goes on with it: a list of them
 * ("Sha Wan, Kowloon"), or a town alone above more of the address ("Kwai Chung" / "New Territories").
 */
function placesGoOn(p: Piece, pieces: readonly Piece[]): boolean {
  if (PLACE_LIST.test(p.text)) return true;
  const next = pieces.find((r) => r.line === p.line + 1);
  return TOWN_LINE.test(p.text) && next !== undefined && (next.kind === 'address' || continuesAddress(next.text));
}

/**
 * A line with only a company's weaker cues, ending with a comma, between two address lines in
 * its type ("Road, #03-15" / "International Plaza," / "Singapore 079903"): a building's name, no
 * company: a company's name ends with no comma.
 */
function betweenAddressLines(p: Piece, pieces: readonly Piece[]): boolean {
  if (!p.weakCompany || !p.comma) return false;
  const address = (line: number) =>
    pieces.some((q) => q.line === line && q.kind === 'address' && q.script === p.script && sameType(p, q));
  return address(p.line - 1) && address(p.line + 1);
}

/**
 * An address without what is left of a label OCR misread or an icon read as a letter before it
 * ("s: 1819 West Georgia Street", "HW: 广州市…", "A 3 Temasek Boulevard", "A Level 2, 37 Eagle
 * Street"): a short word and a colon, or a lone capital before the house number or the floor.
 */
function withoutStrayLabel(text: string): string {
  const rest = text.replace(
    /^(?:[^\s:：]{1,4}\s)?[^\s:：\d]{1,4}\s?[:：]\s*|^\p{Lu}\s(?=\d|(?:Level|Floor|Suite|Unit|Room)\s\d)/u,
    '',
  );
  return alnumCount(rest) >= 4 ? rest : text;
}

/** Cities a Chinese address starts with, before their district. */
const CJK_CITY =
  '北京|上海|天津|重庆|深圳|广州|廣州|杭州|南京|苏州|蘇州|武汉|武漢|成都|东莞|東莞|厦门|廈門|西安|青岛|青島|宁波|寧波|长沙|長沙|郑州|鄭州|佛山|无锡|無錫|珠海|台北|臺北|台中|臺中|台南|臺南|高雄|新北|桃園|桃园';
/** The 市 after a city that OCR read as a like shape (中, 巾, 币, 布), before a district ("深圳中宝安区"). */
const CITY_MARK_MISREAD = new RegExp(`^(${CJK_CITY})[中巾币布](?!心)(?=\\p{Script=Han}{1,3}[区區])`, 'u');

function withCityMarked(text: string): string {
  return text.replace(CITY_MARK_MISREAD, '$1市');
}

/** A Chinese address without spaces, but between two words of Latin letters ("Room 3212"). */
function withoutCjkGaps(text: string): string {
  return text.replace(/\s+/g, (gap, at: number) =>
    /[A-Za-z]{2}$/.test(text.slice(0, at)) && /^[A-Za-z]{2}/.test(text.slice(at + gap.length)) ? ' ' : '',
  );
}

/** A Chinese address that stops at a road or a district has its number on the next line, whatever its type's size. */
const CJK_ADDRESS_OPEN = /[路街道段區区市縣县鎮镇巷弄]$/u;

/** A line that is only the legal form ending the company's name on the line above ("Po Tak Logistics" / "Company Limited"). */
const LEGAL_FORM_LINE =
  /^(?:(?:company|co\.?,?)\s?)?(?:limited|ltd\.?)$|^(?:co\.?,?\s?ltd\.?|inc\.?|pte\.?\s?ltd\.?|有限公司)$/i;
/** The end of a company's name: its legal form. */
const LEGAL_FORM_END = /(?:有限公司|limited|ltd\.?|inc\.?|llc|plc|gmbh|corp\.?|co\.|s\.a\.|s\.r\.l\.|s\.p\.a\.)$/iu;

/**
 * A company's name without scraps read after its legal form ("新峰建築工程有限公司 Z 5", "Co.,
 * Ltd. £ IH": a logo's edge read as letters); short words that end the name stay ("Moreau
 * Digital SA").
 */
function withoutScrapsAfterLegalForm(text: string): string {
  const words = text.split(' ');
  for (let n = 1; n <= 3 && n < words.length; n++) {
    if ((words[words.length - n] ?? '').length > 2) break;
    const rest = words.slice(0, -n).join(' ');
    if (LEGAL_FORM_END.test(rest)) return rest;
  }
  return text;
}

/** A legal form with a letter OCR read as a digit ("Tessuti Brenta S.r.1." is S.r.l.). */
function withLegalFormRead(text: string): string {
  return text.replace(/(?<!\p{L})S\.r\.[1I](?=\.?$)/u, 'S.r.l');
}

/** A title without a scrap OCR read after it ("Marketing Manager ug": an icon's edge) or before it, when what is left is still a title. */
function withoutTrailingScrap(text: string): string {
  const rest = text
    .replace(/\s(?:\p{Ll}{1,2}|[^\p{L}\p{N}\s]{1,2})$/u, '')
    // …or before it ("p Key Account Managerin": an icon's edge on the left).
    .replace(/^(?:\p{L}|[^\p{L}\p{N}\s]{1,2})\s(?=\p{L}{2})/u, '');
  return rest !== text && isPosition(rest) ? rest : text;
}

/**
 * Whether two lines are printed in about the same type size (unknown sizes count as the same).
 * Generous: a line in capitals ("HONG KONG") has no ascenders or descenders and a box a third
 * lower than "Tai Koo Shing," in the same type.
 */
function sameType(a: Piece, b: Piece): boolean {
  if (a.height <= 0 || b.height <= 0) return true;
  return Math.max(a.height, b.height) <= 1.6 * Math.min(a.height, b.height);
}

/**
 * The better of two name candidates: the surer of two readings of one name (a large line read
 * again: "黃詩涵" 97, "黃詩湯" 56); a known surname; then type clearly larger (a name is printed
 * larger than a district or a logo beside it); then no address cue; then taller; then earlier.
 */
function better(a: Name | null, b: Name): Name {
  if (!a) return b;
  if (readAlike(a.name, b.name) && a.confidence !== b.confidence) return a.confidence > b.confidence ? a : b;
  if (a.likely !== b.likely) return a.likely ? a : b;
  if (a.height > 0 && b.height > 0 && Math.max(a.height, b.height) >= 1.25 * Math.min(a.height, b.height)) {
    return b.height > a.height ? b : a;
  }
  if (a.weak !== b.weak) return a.weak ? b : a;
  return b.height > a.height ? b : a;
}

/** Two readings of one text: as long, one character apart ("黃詩涵", "黃詩湯"). */
function readAlike(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  return x.length === y.length && x.filter((c, i) => c !== y[i]).length === 1;
}

/** One capitalised word alone on a line ("Hannah", "Davies,"). */
const LONE_WORD = /^\p{Lu}\p{Ll}{1,14},?$/u;

/**
 * The line under `piece` when the two are a Latin name printed over two lines: one word each, or
 * given names and a particle over the family name, in the same type, nothing else made of either.
 */
function nameUnder(piece: Piece, next: Piece | undefined): Piece | null {
  if (next?.kind !== 'rest' || next.line !== piece.line + 1) return null;
  const begun = LONE_WORD.test(piece.text) || BEFORE_PARTICLE_END.test(piece.text);
  return begun && LONE_WORD.test(next.text) && sameType(piece, next) ? next : null;
}

/** A name's given names and a particle ending its line, the family name on the next ("Muhammad Faiz bin" / "Ismail"). */
const BEFORE_PARTICLE_END = /^(?:\p{Lu}\p{Ll}+\s){1,3}(?:bin|binti|binte|van|von|de|da|di|del|der|den|al|ter|ten)$/u;

/** A box's edges as numbers, or null for a line without a usable box. */
function edges(line: OcrLine): Box | null {
  const box = {
    x0: Number(line?.bbox?.x0),
    y0: Number(line?.bbox?.y0),
    x1: Number(line?.bbox?.x1),
    y1: Number(line?.bbox?.y1),
  };
  return Object.values(box).every(Number.isFinite) && box.x1 > box.x0 && box.y1 > box.y0 ? box : null;
}

/** How far apart, in line heights, two parts of a row may stand to be one line; a label and its value. */
const ROW_GAP = 1;
const LABEL_GAP = 3;

/**
 * A printed line that tesseract cut in two on its row, where one part sits a little higher
 * ("LIU" | "Xiaoming", read in the wrong order; "Po Tak Logistics" | "Company Limited"): parts
 * in type of about one size, overlapping in height by half, close beside each other, joined back
 * left to right. A legal form loses a scrap of a letter or two before it ("it Company Limited").
 */
function withRowsJoined(lines: readonly OcrLine[]): OcrLine[] {
  const texts = new Map<OcrLine, string>();
  const textOf = (line: OcrLine) => {
    let text = texts.get(line);
    if (text === undefined) {
      text = lineText(line);
      texts.set(line, text);
    }
    return text;
  };
  let out = [...lines];
  const byLeft = lines
    .map((line) => ({ line, box: edges(line) }))
    .filter((l): l is { line: OcrLine; box: Box } => l.box !== null)
    .sort((a, b) => a.box.x0 - b.box.x0);
  for (const { line: right, box: rightBox } of byLeft) {
    const form = textOf(right).replace(/^\p{Ll}{1,2}\s/u, '');
    const text = LEGAL_FORM_LINE.test(form) ? form : textOf(right);
    const rightHigh = rightBox.y1 - rightBox.y0;
    let best: { line: OcrLine; box: Box; overlap: number } | null = null;
    for (const line of out) {
      const box = line === right ? null : edges(line);
      if (!box || textOf(line) === '' || text === '') continue;
      const high = box.y1 - box.y0;
      const low = Math.min(high, rightHigh);
      const overlap = Math.min(box.y1, rightBox.y1) - Math.max(box.y0, rightBox.y0);
      const gap = rightBox.x0 - box.x1;
      // A label alone labels the value beside it on its row, in any script, across a wider gap.
      const label = labelOnly(textOf(line)) !== null && labelOnly(text) === null;
      const alike = Math.max(high, rightHigh) <= 1.6 * low && (label || scriptOf(textOf(line)) === scriptOf(text));
      const reach = (label ? LABEL_GAP : ROW_GAP) * low;
      if (alike && overlap >= 0.5 * low && gap >= -0.5 * low && gap <= reach && overlap > (best?.overlap ?? 0))
        best = { line, box, overlap };
    }
    if (!best) continue;
    const { line: left, box: leftBox } = best;
    const cjk = /\p{Script=Han}$/u.test(textOf(left)) && /^\p{Script=Han}/u.test(text);
    const joined: OcrLine = {
      text: `${textOf(left)}${cjk ? '' : ' '}${text}`,
      bbox: {
        x0: leftBox.x0,
        y0: Math.min(leftBox.y0, rightBox.y0),
        x1: rightBox.x1,
        y1: Math.max(leftBox.y1, rightBox.y1),
      },
      confidence: Math.min(left.confidence, right.confidence),
    };
    out = out.filter((l) => l !== right).map((l) => (l === left ? joined : l));
  }
  return out;
}

/** A line nothing else took, with the kept line it is on (`other` is in the lines' order). */
type Other = { line: number; text: string };

/** The kind an address or a company label makes its text; other labels make none. */
type Forced = 'address' | 'company' | null;

function extract(lines: readonly OcrLine[], options: ExtractOptions): CardFields {
  const fields = emptyFields();
  const kept = keepLines(readingOrder(withRowsJoined(Array.isArray(lines) ? lines.slice(0, MAX_LINES) : [])));
  const region = cardRegion(
    kept.map((k) => k.text),
    REGION[options?.area] ?? 'HK',
  );
  const others: Other[] = [];
  const pieces = piecesOfLines(kept, region, fields, others);
  withSlogansApart(pieces);
  const { named, cjkName } = takeNames(pieces, kept, fields);
  joinAddressLines(pieces, named);
  takePieces(pieces, named, cjkName, kept, fields, others);
  fields.other = others.sort((a, b) => a.line - b.line).map((o) => o.text);
  mendFields(fields, region);
  return fields;
}

/**
 * Each kept line's contacts taken into `fields` (a fax into `others`) and the rest of it cut into
 * classified pieces, in reading order; one budget of phone parses for the whole card.
 */
function piecesOfLines(kept: readonly Kept[], region: CountryCode, fields: CardFields, others: Other[]): Piece[] {
  const pieces: Piece[] = [];
  const budget = { parses: MAX_PHONE_PARSES };
  kept.forEach((k, line) => {
    const rest = withoutContacts(k, line, region, budget, fields, others);
    pieces.push(...piecesOfRest(rest, k, line));
  });
  return pieces;
}

/** What is left of a line once its emails, websites and phone numbers are taken into `fields` (a fax into `others`). */
function withoutContacts(
  { text, label, row }: Kept,
  line: number,
  region: CountryCode,
  budget: Budget,
  fields: CardFields,
  others: Other[],
): string {
  const emails = findEmails(text);
  fields.email.push(...emails.map((e) => e.value));
  const withoutEmails = cutOut(text, emails);
  const sites = findWebsites(withoutEmails);
  fields.website.push(...sites.map((w) => w.value));
  const withoutSites = cutOut(withoutEmails, sites);
  const phones = findPhones(withoutSites, region, label, budget, row);
  for (const phone of phones) {
    if (phone.kind === 'fax') others.push({ line, text: `Fax: ${phone.number}` });
    else fields.tel.push(phone.number);
  }
  return cutOut(withoutSites, phones);
}

/** The pieces of a line's rest (its contacts cut out): its parts, labels taken off, each classified. */
function piecesOfRest(rest: string, { height, label }: Kept, line: number): Piece[] {
  const pieces: Piece[] = [];
  // "|" parts a line; so does a spaced dash where no digits are ("Peter Chan - Sales Manager").
  const parts = /\d/.test(rest) ? /[¦|｜]/ : /[¦|｜]| [-–—] /;
  for (const segment of rest.split(parts).flatMap(splitAtInnerAddress)) {
    const comma = /[,，、]\s*$/.test(segment);
    const unlabelled = withoutLeadingLabels(
      trimEdges(segment.replace(/\s+/g, ' ')),
      label === 'address' || label === 'company' ? label : null,
    );
    const { forced } = unlabelled;
    let { text } = unlabelled;
    if (alnumCount(text) < 2 || labelOnly(text.replace(/^\((.*)\)$/, '$1'))) continue;
    if (rest.includes(CUT) && SOCIAL.test(text)) continue;
    text = repairLegalForm(text);
    const parts = forced ? [text] : titleAndCompany(text).flatMap((t) => companyThenAddress(t) ?? [t]);
    for (const part of parts) pieces.push(classifiedPiece(part, forced, line, height, comma));
  }
  return pieces;
}

/** A segment with its leading labels taken off, and the kind they make it (or `forced`, the line's label's). */
function withoutLeadingLabels(segment: string, forced: Forced): { text: string; forced: Forced } {
  let text = segment;
  let kind = forced;
  // Labels in two languages come one after the other ("地址 Address: …").
  for (let lead = leadingLabel(text), n = 0; lead && n < 3; lead = leadingLabel(text), n++) {
    text = trimEdges(lead.rest);
    kind = lead.kind === 'address' || lead.kind === 'company' ? lead.kind : kind;
  }
  return { text, forced: kind };
}

/** A part of a line as a piece of the kind it reads as (a title with a misread word read back). */
function classifiedPiece(part: string, forced: Forced, line: number, height: number, comma: boolean): Piece {
  const classified = classify(part, forced);
  const { weakAddress, weakCompany } = classified;
  let { kind } = classified;
  let value = kind === 'address' ? withoutStrayLabel(part) : part;
  // A title with a word misread is no title until the word is read back.
  const title = kind === 'rest' || kind === 'other' ? readAsTitle(part) : null;
  if (title && isPosition(title)) {
    kind = 'position';
    value = title;
  }
  return { text: value, line, height, script: scriptOf(value), kind, weakAddress, weakCompany, comma };
}

/**
 * A card names its company once in Chinese: beside one with a legal form, a Chinese line that
 * is a company only by a business word ("科技改变生活") is something else, a slogan most often.
 */
function withSlogansApart(pieces: Piece[]): void {
  for (const p of pieces) {
    if (!p.weakCompany || p.script !== 'cjk') continue;
    if (pieces.some((q) => q.kind === 'company' && !q.weakCompany && q.script === p.script)) {
      p.kind = 'rest';
      p.weakCompany = false;
    }
  }
}

/** Names: the tallest Han-shaped and the tallest Latin-shaped of the unsorted pieces. */
function bestNames(pieces: readonly Piece[], kept: readonly Kept[]): { cjk: Name | null; latin: Name | null } {
  let cjk: Name | null = null;
  let latin: Name | null = null;
  for (const [order, piece] of pieces.entries()) {
    if (piece.kind !== 'rest') continue;
    const shaped = nameShapes(piece, pieces[order + 1]);
    if (!shaped) continue;
    const { shapes, under } = shaped;
    for (const shape of shapes) {
      if (!shape) continue;
      const candidate = {
        name: shape.name,
        height: piece.height,
        order,
        likely: shape.likely,
        weak: piece.weakAddress,
        confidence: kept[piece.line]?.confidence ?? 100,
        piece,
        ...(under && shape.kind === 'latin' ? { under } : {}),
      };
      // A Latin piece with an address word ("Causeway Bay") is no name; a Han one may be ("陳道明").
      if (shape.kind === 'cjk') cjk = better(cjk, candidate);
      else if (piece.weakAddress) continue;
      else latin = better(latin, candidate);
    }
  }
  return { cjk, latin };
}

/** The names an unsorted piece may be (with the line under it when a name goes on there), or null when it is a Chinese and an English name that are not both names. */
function nameShapes(
  piece: Piece,
  next: Piece | undefined,
): { shapes: (NameShape | null)[]; under: Piece | null } | null {
  const both = splitBilingualName(piece.text);
  // "陳大文 Peter Chan", or "陳大文 Peter" with an English given name only.
  // A given name alone is less sure than a whole Latin name elsewhere ("人人 Fp" beside a logo).
  const given =
    both && /^[A-Z][a-z]{2,}$/.test(both[1])
      ? { kind: 'latin' as const, name: both[1], rest: [], likely: false }
      : null;
  const under = !both ? nameUnder(piece, next) : null;
  const shapes = both
    ? [nameShape(both[0]), nameShape(both[1]) ?? given]
    : [nameShape(under ? `${piece.text} ${under.text.replace(/,$/, '')}` : piece.text)];
  if (both && (shapes[0]?.kind !== 'cjk' || shapes[1]?.kind !== 'latin')) return null;
  return { shapes, under };
}

/**
 * The card's names into `fields`, and the pieces they were read from (not to be read as
 * anything else), with the Chinese name chosen.
 */
function takeNames(
  pieces: readonly Piece[],
  kept: readonly Kept[],
  fields: CardFields,
): { named: Set<Piece>; cjkName: Name | undefined } {
  const { cjk, latin } = bestNames(pieces, kept);
  const named = new Set<Piece>();
  const chosen: Name[] = [cjk, latin].filter((n): n is Name => n !== null);
  for (const n of chosen) {
    named.add(n.piece);
    if (n.under) named.add(n.under);
  }
  const cjkName = chosen.find((n) => n === cjk);
  const latinName = chosen.find((n) => n === latin);
  // A card whose company or title is printed in Chinese prints its holder's Chinese name too: when
  // that name could not be read, the Latin one is still the English name, and the name is left
  // for the user rather than filled with the wrong one.
  const chineseCard = pieces.some(
    (p) => (p.kind === 'company' || p.kind === 'position') && /\p{Script=Han}{2}/u.test(p.text),
  );
  fields.name = cjkName?.name ?? (chineseCard ? '' : (latinName?.name ?? ''));
  fields.english_name = (cjkName || chineseCard) && latinName ? latinName.name : '';
  return { named, cjkName };
}

/**
 * Weak address cues next to an address line of the same script and type size join it, and so
 * does a line after an address line that ends with a comma ("Flat A, 12/F, Block 3," / "Tai
 * Koo Shing,"). A line in larger type is a company or a name ("Kowloon Motor Bus"), not more
 * of the address.
 */
function joinAddressLines(pieces: Piece[], named: ReadonlySet<Piece>): void {
  for (let changed = true, passes = 0; changed && passes < 5; passes++) {
    changed = false;
    for (const p of pieces) {
      if (named.has(p)) continue;
      if (p.kind === 'company' && betweenAddressLines(p, pieces)) {
        p.kind = 'address';
        changed = true;
        continue;
      }
      if (p.kind !== 'rest') continue;
      if (nextToAddress(p, pieces)) {
        p.kind = 'address';
        changed = true;
      }
    }
  }
}

/** Whether an unsorted piece goes with an address line beside it (joinAddressLines). */
function nextToAddress(p: Piece, pieces: readonly Piece[]): boolean {
  return pieces.some(
    (q) =>
      q.kind === 'address' &&
      q.script === p.script &&
      sameType(p, q) &&
      (p.weakAddress
        ? Math.abs(q.line - p.line) === 1
        : (q.line === p.line - 1 &&
            (q.comma ||
              continuesAddress(p.text) ||
              ((EU_POSTCODE_END.test(q.text) || DISTRICT_END.test(q.text)) && TOWN_LINE.test(p.text)))) ||
          (q.line === p.line + 1 && UNIT_LINE.test(p.text)) ||
          (q.line === p.line + 1 && STREET_THEN_NUMBER.test(p.text) && POSTCODE_TOWN_START.test(q.text)) ||
          (q.line === p.line - 1 && placesGoOn(p, pieces))),
  );
}

/**
 * The pieces not named into their fields. Each piece may go on from the last piece of its kind
 * on the line above (a company and an address read as one line leave the address's end after
 * the company's piece).
 */
function takePieces(
  pieces: readonly Piece[],
  named: ReadonlySet<Piece>,
  cjkName: Name | undefined,
  kept: readonly Kept[],
  fields: CardFields,
  others: Other[],
): void {
  const lastOf = new Map<Kind, Piece>();
  for (const p of pieces) {
    if (named.has(p)) continue;
    // The name read a second time, less surely (a large line read again) is no more information.
    if (p.kind === 'rest' && cjkName && readAlike(p.text, cjkName.name)) continue;
    const last = lastOf.get(p.kind) ?? null;
    const joins = last !== null && goesOn(last, p);
    if (p.kind === 'address') takeAddress(p, last, joins, fields);
    else if (p.kind === 'company') {
      const text = withLegalFormRead(withoutScrapsAfterLegalForm(p.text));
      if (joins && last && LEGAL_FORM_LINE.test(text)) {
        fields.company[fields.company.length - 1] += (p.script === 'cjk' ? '' : ' ') + text;
      } else fields.company.push(text);
    } else if (p.kind === 'position') fields.position.push(withoutTrailingScrap(p.text));
    else if (worthKeeping(p, kept)) others.push({ line: p.line, text: p.text });
    lastOf.set(p.kind, p);
  }
}

/** Whether `p` goes on from `last`, the last piece of its kind: the next line, in the same script. */
function goesOn(last: Piece, p: Piece): boolean {
  return (
    last.kind === p.kind &&
    last.script === p.script &&
    p.line - last.line === 1 &&
    // An address line ending in a comma goes on whatever its box's height (a box that took in
    // a neighbour's ascenders is half again too tall), and so does a Chinese one left open or
    // followed by a building and room ("…994号" / "恒泰大厦1108室").
    (p.kind !== 'address' ||
      sameType(last, p) ||
      last.comma ||
      (p.script === 'cjk' && (CJK_ADDRESS_OPEN.test(last.text) || continuesAddress(p.text))))
  );
}

/** An address piece into `fields`: a new address, or more of the last one when it `joins` the piece `last`. */
function takeAddress(p: Piece, last: Piece | null, joins: boolean, fields: CardFields): void {
  // Lines of an address are parts of it (", "), unless the type wrapped in the middle of one.
  const glue = p.script === 'cjk' ? '' : last && wrapsInsidePart(last, p.text) ? ' ' : ', ';
  // A Chinese address has no spaces (a Korean one has); OCR puts them around a letter or a number ("大厦 A 座").
  const text =
    p.script === 'cjk' && !/\p{Script=Hangul}/u.test(p.text) ? withCityMarked(withoutCjkGaps(p.text)) : p.text;
  if (joins && last) fields.address[fields.address.length - 1] += glue + text;
  else fields.address.push(text);
}

/**
 * A scrap of a few letters nothing else took (a logo or a rule read as "EINE", "KS", "3E8")
 * is no information, nor is a line read unsurely ("RBAPMNEIRZ", 20; "MERE FLEE", 30: a
 * logo's shapes); a slogan or a line of Chinese is.
 */
function worthKeeping(p: Piece, kept: readonly Kept[]): boolean {
  return (
    (alnumCount(p.text) >= MIN_OTHER || /\p{Script=Han}{2}/u.test(p.text)) &&
    !/^(\p{Script=Han})\1+$/u.test(p.text) &&
    (kept[p.line]?.confidence ?? 100) >= SURE_OTHER &&
    !misreadLabel(p.text) &&
    !TLD_ALONE.test(p.text)
  );
}

/** The fields mended from one another (names by the email, the email by the names), tidied and without repeats. */
function mendFields(fields: CardFields, region: CountryCode): void {
  fields.name = withInitialsStopped(restoreAccents(nameMendedByEmail(fields.name, fields.email), region));
  fields.english_name = withInitialsStopped(
    restoreAccents(nameMendedByEmail(fields.english_name, fields.email), region),
  );
  fields.email = fields.email.map((e) => emailMendedByName(e, [fields.name, fields.english_name]));
  // A Chinese title read twice, once in part ("副總經理" and "總經理" from its end), is one title.
  fields.position = fields.position.filter(
    (p, i) => !/\p{Script=Han}/u.test(p) || !fields.position.some((q, j) => j !== i && q !== p && q.includes(p)),
  );
  for (const key of ['company', 'position', 'address'] as const) {
    fields[key] = fields[key].map((v) => restoreAccents(v, region));
  }
  fields.position = fields.position.map((p) => withManagerWhole(withTitleWordsRead(p)));
  fields.address = fields.address.map((a) => tidyAddress(a, region));
  fields.website = fields.website.map((w) => completedWebsite(w, fields.email));
  fields.other = fields.other.filter((o) => !isNameAgain(o, fields) && !isNumberAgain(o, fields.tel));
  for (const key of ['company', 'position', 'tel', 'email', 'website', 'address', 'other'] as const) {
    const seen = new Set<string>();
    fields[key] = fields[key].filter((v) => {
      const k = v.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }
}

/** Text compared without case or spaces. */
function compact(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

/**
 * The name read a second time, whole or in part (in a logo, a signature, a misread line): the
 * same text as a name, or two Chinese characters alone sharing one with the Chinese name
 * ("理翰" beside 謝宗翰).
 */
function isNameAgain(text: string, fields: CardFields): boolean {
  const own = compact(text);
  if (own === compact(fields.name) || own === compact(fields.english_name)) return true;
  const han = [...own];
  return /^\p{Script=Han}{2}$/u.test(own) && han.some((c) => fields.name.includes(c));
}

/** Digits alone that are part of a phone number already read (a number read twice, in pieces). */
function isNumberAgain(text: string, tel: readonly string[]): boolean {
  if (/[^\d\s()+./-]/.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  return digits.length > 0 && tel.some((t) => t.replace(/\D/g, '').includes(digits));
}

/** A Latin name's middle initials with their stop, which OCR drops ("Nathaniel P Wright" → "Nathaniel P. Wright"). */
function withInitialsStopped(name: string): string {
  return name.replace(/(?<=\p{L}\s)(\p{Lu})(?=\s\p{L})/gu, '$1.');
}

/** The card fields in recognized lines; `options.area` is the region of numbers printed without a country code when the card does not say where it is from (./region.ts). */
export function extractFields(lines: readonly OcrLine[], options: ExtractOptions): CardFields {
  try {
    return extract(lines, options);
  } catch {
    const fields = emptyFields();
    try {
      fields.other = (Array.isArray(lines) ? lines : [])
        .slice(0, MAX_LINES)
        .map(lineText)
        .filter((t) => t !== '');
    } catch {
      // Nothing more to give.
    }
    return fields;
  }
}
