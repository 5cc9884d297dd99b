/**
 * An address as the card prints it, from what OCR made of it: the marks, letters and commas OCR
 * is known to lose or misread in addresses, put back by the rules of the card's region.
 */
import type { CountryCode } from 'libphonenumber-js/max';
import { withPlacesRead } from './places';

/** Chinese places whose romanized names take an apostrophe between syllables, which OCR drops ("Jingan District"). */
const APOSTROPHE_PLACE =
  /\b(Jing|Da|Tai|Yan|Huai|Hai|Fu|Xing|Chang|Yong|Ping)an(?=\s(?:District|Dist\.|Road|Rd\.|Street|St\.|City|County|Township)\b)/g;

/** A street's name after its number read with a small first letter ("218 jiefang Avenue"). */
const SMALL_STREET =
  /(?<=\d\s)\p{Ll}(?=\p{Ll}+\s(?:Road|Street|Avenue|Lane|Boulevard|Drive|Rd\.|St\.|Ave\.)(?!\p{L}))/gu;

const SHARED: readonly [RegExp, string][] = [
  // "P.R. China" with one of its stops lost ("PR. China", "P.R China").
  [/\b(?:PR\.|P\.R)[.:]?\s?(?=China\b)/g, 'P.R. '],
  // A semicolon in an address is a comma OCR misread ("Rm 1408;14/F").
  [/(?<=[\p{L}\d.])\s?;\s?(?=[\p{L}\d])/gu, ', '],
  // "Taïwan" is the French model's.
  [/\bTaïwan\b/g, 'Taiwan'],
  // A district's comma lost before the city ("Jianghan District Wuhan").
  [/(?<=\p{L}\s(?:District|Dist\.))\s(?=\p{Lu}\p{Ll})/gu, ', '],
  [APOSTROPHE_PLACE, "$1'an"],
  // A Spanish floor's ordinal mark read as a 2 ("3.2 planta" is 3.ª planta, "2.2 piso" 2.º piso).
  [/(?<=\d)\.2\s(?=planta\b)/g, '.ª '],
  [/(?<=\d)\.2\s(?=piso\b)/g, '.º '],
  // A UK postcode's last letter J read as ")" ("Birmingham B3 2H)"), its inward 8 as B ("EC2V BAU").
  [/\b([A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z])\)/g, '$1J'],
  [/\b([A-Z]{1,2}\d[A-Z\d]?\s)B(?=[A-Z]{2}\b)/g, '$18'],
  // A German street's ß read as f, ll, p or 8 in "Straße" standing alone before its number
  // ("Kärntner Strafe 148", "Mariahilfer Stralle 115"); "Strafe" alone elsewhere is a word.
  [/(?<=\p{L}\s)Stra(?:f|ll|p|8|B|fs)e(?=\s\d)/gu, 'Straße'],
  // A floor's comma lost before the building ("28/F Lee Wah Plaza", "8/F Global Center").
  [/(?<![\p{L}\d])(\d{1,3}\/F)(?= \p{Lu})/gu, '$1,'],
];

/**
 * Hong Kong: "Rm" and "29/F" as OCR misreads them ("Rin 2915, 29 F"); the 涌 of its places'
 * names (葵涌, 東涌, 鰂魚涌), which the Traditional model reads as the commoner 湧.
 */
const HONG_KONG: readonly [RegExp, string][] = [
  [/^Rin(?= \d)/u, 'Rm'],
  [/(?<=(?:^|, )\d{1,3}) F(?=,)/gu, '/F'],
  [/(?<=葵|東|东|鰂魚|大|深)湧/gu, '涌'],
];

/** Taiwan: a floor's stop ("24F., No. 376"). */
const TAIWAN: readonly [RegExp, string][] = [[/(?<![\p{L}\d])(\d{1,3}F),/gu, '$1.,']];

const REGIONAL: Partial<Record<CountryCode, readonly [RegExp, string][]>> = {
  HK: HONG_KONG,
  MO: HONG_KONG,
  TW: TAIWAN,
};

export function tidyAddress(address: string, region: CountryCode): string {
  let text = address.replace(SMALL_STREET, (c) => c.toUpperCase());
  for (const [pattern, to] of [...SHARED, ...(REGIONAL[region] ?? [])]) text = text.replace(pattern, to);
  return /\p{Script=Han}/u.test(text) ? withPlacesRead(text) : text;
}
