/**
 * The country a card comes from, for its numbers printed without a country code: "(02)
 * 2345-6789" is a Taipei number on a card from Taiwan whoever scans it. The card says where it is
 * from in three ways, strongest first: the country codes printed on its other numbers, its
 * addresses (Singapore 048616, 台北市, Friedrichstraße 68, 10117 Berlin), its e-mail and web
 * domains (.com.tw, .de), legal forms and language. The user's area is the answer only when the
 * card says nothing.
 */
import type { CountryCode } from 'libphonenumber-js/max';
import { languageCountries } from './accents';

/** Calling codes printed on cards and the country each stands for (+1: the US; Canada's numbers are tried after). */
const CALLING: Record<string, CountryCode> = {
  '1': 'US',
  '7': 'RU',
  '30': 'GR',
  '31': 'NL',
  '32': 'BE',
  '33': 'FR',
  '34': 'ES',
  '39': 'IT',
  '41': 'CH',
  '43': 'AT',
  '44': 'GB',
  '45': 'DK',
  '46': 'SE',
  '47': 'NO',
  '48': 'PL',
  '49': 'DE',
  '60': 'MY',
  '61': 'AU',
  '62': 'ID',
  '63': 'PH',
  '64': 'NZ',
  '65': 'SG',
  '66': 'TH',
  '81': 'JP',
  '82': 'KR',
  '84': 'VN',
  '86': 'CN',
  '91': 'IN',
  '351': 'PT',
  '352': 'LU',
  '353': 'IE',
  '358': 'FI',
  '852': 'HK',
  '853': 'MO',
  '886': 'TW',
  '971': 'AE',
};

/** Country-code top-level domains (and their second levels: .com.tw, .co.uk). */
const DOMAINS: Record<string, CountryCode> = {
  hk: 'HK',
  cn: 'CN',
  tw: 'TW',
  mo: 'MO',
  sg: 'SG',
  my: 'MY',
  jp: 'JP',
  kr: 'KR',
  th: 'TH',
  au: 'AU',
  nz: 'NZ',
  uk: 'GB',
  ie: 'IE',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  it: 'IT',
  nl: 'NL',
  be: 'BE',
  ch: 'CH',
  at: 'AT',
  pt: 'PT',
  se: 'SE',
  dk: 'DK',
  no: 'NO',
  fi: 'FI',
  pl: 'PL',
  lu: 'LU',
  ca: 'CA',
  in: 'IN',
};

const P = (pattern: string) => new RegExp(pattern, 'iu');

/** Place names and postal shapes printed in addresses, per country. */
const PLACES: [CountryCode, RegExp][] = [
  [
    'TW',
    P(
      '台灣|臺灣|台北|臺北|新北|桃園|台中|臺中|台南|臺南|高雄|新竹|基隆|\\bTaiwan\\b|\\bTaipei\\b|\\bTaichung\\b|\\bKaohsiung\\b|\\bHsinchu\\b|\\bR\\.?O\\.?C\\.?\\b',
    ),
  ],
  ['SG', P('\\bSingapore\\s?\\d{6}\\b|新加坡|\\bSingapore\\b')],
  ['HK', P('香港|九龍|九龙|新界|\\bHong Kong\\b|\\bKowloon\\b|\\bN\\.?T\\.?,? Hong Kong|\\bHK\\b')],
  ['MO', P('澳門|澳门|\\bMacau\\b|\\bMacao\\b')],
  [
    'CN',
    P(
      '中国|中國|北京市|上海市|深圳市|广州市|廣州市|杭州市|南京市|成都市|武汉市|天津市|重庆市|苏州市|[\\p{Script=Han}]{2,3}省|\\bP\\.?R\\.? ?China\\b|\\bChina\\b|\\bShenzhen\\b|\\bShanghai\\b|\\bBeijing\\b|\\bGuangzhou\\b|\\bHangzhou\\b',
    ),
  ],
  [
    'DE',
    P(
      '\\bDeutschland\\b|\\bGermany\\b|\\b\\d{5} (?:Berlin|Hamburg|München|Munich|Köln|Frankfurt|Stuttgart|Düsseldorf|Leipzig|Dresden)\\b|stra(?:ß|ss)e\\b',
    ),
  ],
  ['AT', P('\\bÖsterreich\\b|\\bAustria\\b|\\b\\d{4} (?:Wien|Graz|Linz|Salzburg|Innsbruck)\\b')],
  [
    'CH',
    P(
      '\\bSchweiz\\b|\\bSuisse\\b|\\bSwitzerland\\b|\\b(?:CH-)?\\d{4} (?:Zürich|Zurich|Genève|Geneva|Basel|Bern|Lausanne)\\b',
    ),
  ],
  [
    'FR',
    P(
      "\\bFrance\\b|\\b\\d{5} (?:Paris|Lyon|Marseille|Toulouse|Nice|Nantes|Bordeaux|Lille)\\b|\\b(?:rue|avenue|boulevard|bd) (?:de |du |des |d[’'])",
    ),
  ],
  [
    'ES',
    P(
      '\\bEspaña\\b|\\bSpain\\b|\\b\\d{5} (?:Madrid|Barcelona|Valencia|Sevilla|Bilbao|Málaga)\\b|\\b(?:Calle|Avenida|Paseo|Plaza) de\\b',
    ),
  ],
  [
    'IT',
    P(
      '\\bItalia\\b|\\bItaly\\b|\\b\\d{5} (?:Roma|Milano|Torino|Napoli|Firenze|Bologna|Venezia)\\b|\\b(?:Via|Viale|Piazza|Corso) ',
    ),
  ],
  [
    'NL',
    P(
      '\\bNederland\\b|\\bNetherlands\\b|\\b\\d{4} ?[A-Z]{2} (?:Amsterdam|Rotterdam|Den Haag|Utrecht|Eindhoven)\\b|gracht\\b',
    ),
  ],
  ['BE', P('\\bBelgi(?:um|ë|que)\\b|\\b\\d{4} (?:Brussel|Bruxelles|Antwerpen|Gent|Liège)\\b')],
  [
    'GB',
    P('\\bUnited Kingdom\\b|\\bU\\.?K\\.?$|\\bEngland\\b|\\bScotland\\b|\\b[A-Z]{1,2}\\d[A-Z\\d]? \\d[A-Z]{2}\\b'),
  ],
  ['AU', P('\\bAustralia\\b|\\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT) \\d{4}\\b')],
  ['CA', P('\\bCanada\\b|\\b(?:ON|QC|BC|AB|MB|NS) [A-Z]\\d[A-Z] ?\\d[A-Z]\\d\\b')],
  [
    'US',
    P(
      '\\bUSA\\b|\\bU\\.S\\.A?\\.?\\b|\\bUnited States\\b|\\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]) \\d{5}(?:-\\d{4})?\\b',
    ),
  ],
  ['JP', P('日本|東京都|大阪府|\\bJapan\\b|〒\\s?\\d{3}-\\d{4}')],
  ['KR', P('대한민국|서울|\\bKorea\\b|\\bSeoul\\b')],
  ['MY', P('\\bMalaysia\\b|\\bKuala Lumpur\\b|吉隆坡')],
];

/** Legal forms of one country or a few ("Van Dijk Techniek BV"; a GmbH is German, Austrian or Swiss), a weak vote like a domain. */
const LEGAL_FORMS: [CountryCode[], RegExp][] = [
  [['NL'], /\s(?:B\.?V\.?|N\.?V\.?)$/u],
  [['DE', 'AT', 'CH'], /\s(?:GmbH|GmbH & Co\.? KG)$/u],
  [['DE'], /\s(?:KGaA|OHG|GbR|e\.K\.)$/u],
  [['FR'], /\s(?:SAS|SARL|S\.A\.S\.|EURL)$/u],
  [['CH'], /\s(?:Sàrl|Sagl)$/u],
  [['ES'], /\s(?:S\.L\.U?\.?|SLU?)$/u],
  [['IT'], /\s(?:S\.r\.l\.|S\.p\.A\.|Srl|SpA)$/u],
  [['SG'], /\sPte\.?\s?Ltd\.?$/iu],
  [['MY'], /\sSdn\.?\s?Bhd\.?$/iu],
  [['AU'], /\sPty\.?\s?Ltd\.?$/iu],
];

const PRINTED_CODE = /(?:^|[^\d+])\+\s?\(?(\d{1,3})\)?[\s\-.(]/g;
const DOMAIN = /[\w-]+(?:\.[\w-]+)*\.([a-z]{2})\b(?![.@\w])/gi;

/** Mobile numbers printed without a code, in shapes only one place uses: mainland 1xx xxxx xxxx, Taiwan 09xx-xxx-xxx. */
const MOBILE_SHAPES: [CountryCode, RegExp][] = [
  ['CN', /(?<![\d+])1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}(?!\d)/u],
  ['TW', /(?<![\d+])09\d{2}[\s-]?\d{3}[\s-]?\d{3}(?!\d)/u],
];
/** A mainland address without a listed city: a city and its district ("东莞市南城区"), a weak vote (Taiwan's read alike and are listed). */
const MAINLAND_ADDRESS = /\p{Script=Han}{2,3}市\p{Script=Han}{2,3}[区區]/u;

/**
 * The country the card says it is from: the one voted for by its printed codes (weight 3),
 * address places and mobile shapes (2), domains, legal forms and unlisted mainland addresses (1),
 * when one has more votes than any other; null when the card says nothing or is torn.
 */
export function printedRegion(texts: readonly string[]): CountryCode | null {
  const votes = regionVotes(texts);
  let best: CountryCode | null = null;
  let bestVotes = 0;
  for (const [country, n] of votes) {
    if (n > bestVotes) {
      best = country;
      bestVotes = n;
    } else if (n === bestVotes) best = null;
  }
  return best;
}

function regionVotes(texts: readonly string[]): Map<CountryCode, number> {
  const votes = new Map<CountryCode, number>();
  const vote = (country: CountryCode | undefined, weight: number) => {
    if (country) votes.set(country, (votes.get(country) ?? 0) + weight);
  };
  for (const text of texts) {
    for (const m of text.matchAll(PRINTED_CODE)) {
      const code = m[1] ?? '';
      vote(CALLING[code] ?? CALLING[code.slice(0, 2)], 3);
    }
    for (const [country, place] of PLACES) if (place.test(text)) vote(country, 2);
    for (const [country, shape] of MOBILE_SHAPES) if (shape.test(text)) vote(country, 2);
    if (MAINLAND_ADDRESS.test(text)) vote('CN', 1);
    for (const m of text.matchAll(DOMAIN)) vote(DOMAINS[(m[1] ?? '').toLowerCase()], 1);
    for (const [countries, form] of LEGAL_FORMS) if (form.test(text.trim())) for (const c of countries) vote(c, 1);
  }
  // The card's language backs the countries that speak it the card already names (a German card
  // with a Bern address: Switzerland), else the likeliest of them.
  const spoken = languageCountries(texts);
  const named = spoken.filter((c) => votes.has(c));
  for (const country of named.length > 0 ? named : spoken.slice(0, 1)) vote(country, 1);
  return votes;
}

/**
 * The country of the card's numbers printed without a code: the country the card says it is
 * from (printedRegion), else `fallback`; a tie that includes `fallback` goes to it, another to
 * the likeliest country of the card's language among the tied, else to `fallback`.
 */
export function cardRegion(texts: readonly string[], fallback: CountryCode): CountryCode {
  const votes = regionVotes(texts);
  const top = Math.max(0, ...votes.values());
  if (top === 0) return fallback;
  const leaders = [...votes].filter(([, n]) => n === top).map(([c]) => c);
  if (leaders.length === 1) return leaders[0] ?? fallback;
  if (leaders.includes(fallback)) return fallback;
  // A tie the card's language settles: a German GmbH is German first (its numbers are tried in
  // Austria and Switzerland next: phones.ts NEIGHBOURS).
  return languageCountries(texts).find((c) => leaders.includes(c)) ?? fallback;
}
