/**
 * The words cards print before a value ("Tel:", "M.", "地址：", "電話番号", "주소", "โทร"), in
 * the app's six languages, each mapped to what the value is. A label may stand glued to its
 * value, before it on the same line, or alone on the line above it (stacked layouts).
 */
import { distance } from 'fastest-levenshtein';
import { bare } from './accents';
import { alnumCount } from './text';

export type LabelKind = 'tel' | 'fax' | 'email' | 'web' | 'address' | 'company';

const LABELS: Record<LabelKind, readonly string[]> = {
  tel: [
    'tel',
    'tel no',
    'tele',
    // As OCR misreads them.
    'te1',
    'tei',
    'mobi1e',
    'telephone',
    't',
    'phone',
    'ph',
    'mobile',
    'mob',
    'm',
    'cell',
    'cellphone',
    'direct',
    'direct line',
    'd',
    'dl',
    'office',
    'o',
    'hotline',
    'whatsapp',
    'hp',
    '電話',
    '电话',
    '手機',
    '手提',
    '手提電話',
    '手机',
    '直線',
    '直线',
    '流動',
    '流动',
    '辦公',
    '办公',
    '熱線',
    '热线',
    '座機',
    '座机',
    '行動電話',
    '行動',
    '行动',
    '電話番号',
    '携帯',
    '携帯電話',
    '전화',
    '전화번호',
    '휴대폰',
    '핸드폰',
    '휴대전화',
    'โทร',
    'โทรศัพท์',
    'มือถือ',
    // Europe, as printed on cards of the places the app meets.
    'telefon',
    'telefono',
    'teléfono',
    'téléphone',
    'tél',
    'tel.',
    'tél. fixe',
    'fixe',
    'portable',
    'mobil',
    'mobiel',
    'móvil',
    'movil',
    'cellulare',
    'cell.',
    'handy',
    'gsm',
    'standard',
    'fisso',
    'did',
  ],
  fax: [
    'fax',
    'f',
    'facsimile',
    'telefax',
    'télécopie',
    '傳真',
    '传真',
    'ファックス',
    'ファクス',
    '팩스',
    'แฟกซ์',
    'โทรสาร',
  ],
  email: [
    'email',
    'e-mail',
    'e mail',
    'emai1',
    'emaii',
    'e',
    'mail',
    '電郵',
    '电邮',
    '郵箱',
    '邮箱',
    '電子郵件',
    '电子邮件',
    '電子郵箱',
    '电子邮箱',
    'メール',
    '이메일',
    'อีเมล',
    'อีเมล์',
    'courriel',
    '信箱',
    '電子信箱',
    '电子信箱',
    'correo',
    'posta',
  ],
  web: [
    'web',
    'w',
    'website',
    'web site',
    'www',
    'url',
    'homepage',
    'home page',
    'internet',
    'site',
    '網址',
    '网址',
    '網站',
    '网站',
    '主頁',
    '主页',
    'ホームページ',
    '홈페이지',
    '웹사이트',
    'เว็บไซต์',
  ],
  address: [
    'address',
    'add',
    'addr',
    'adr',
    'a',
    '地址',
    // 地址 as OCR misreads it (no word of Chinese).
    '她址',
    '住所',
    '所在地',
    '주소',
    'ที่อยู่',
    'adresse',
    'anschrift',
    'adres',
    'bezoekadres',
    'postadres',
    'vestigingsadres',
    'postanschrift',
    'besucheradresse',
    'office address',
    'postal address',
    'mailing address',
    'visiting address',
    'domicilio',
    'dirección',
    'direccion',
    'indirizzo',
    // Italian: the head office's address ("Sede Via Montenapoleone 75").
    'sede',
    'sede',
  ],
  company: ['company', '公司', '会社', '회사'],
};
const COMPOUND: Record<LabelKind, readonly string[]> = {
  tel: ['公司電話', '公司电话', '辦公電話', '办公电话', '聯絡電話', '联系电话'],
  fax: ['公司傳真', '公司传真'],
  email: ['公司郵箱', '公司邮箱'],
  web: ['公司網址', '公司网址', '公司網站', '公司网站'],
  address: ['公司地址', '辦公地址', '办公地址', '通訊地址', '通讯地址'],
  company: ['公司名稱', '公司名称'],
};

const KIND_OF = new Map<string, LabelKind>();
for (const table of [LABELS, COMPOUND]) {
  for (const [kind, words] of Object.entries(table) as [LabelKind, readonly string[]][]) {
    for (const word of words) KIND_OF.set(word, kind);
  }
}

/** A vowel and the accents OCR reads on it ("Direcciôn", "Teléfono" read "Telefono"). */
const VOWEL: Record<string, string> = { a: '[aáàâä]', e: '[eéèêë]', i: '[iíìîï]', o: '[oóòôö]', u: '[uúùûü]' };
/** A Latin label without its accents (other scripts as they are: NFD splits Hangul and kana). */
const plain = (word: string) => (/^[\p{Script=Latin}\s.-]+$/u.test(word) ? bare(word) : word);
const pattern = (s: string) =>
  plain(s)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/ /g, '\\s?')
    .replace(/[aeiou]/g, (v) => VOWEL[v] ?? v);
const WORDS = [...KIND_OF.keys()].sort((a, b) => b.length - a.length);
/** One label word: Latin ones whole words, others (no word spaces in CJK) as they come. */
const ONE = `(?:(?<![A-Za-z])(?:${WORDS.filter((w) => /^[a-z]/.test(w))
  .map(pattern)
  .join('|')})(?![A-Za-z])|${WORDS.filter((w) => !/^[a-z]/.test(w))
  .map(pattern)
  .join('|')})`;
/** "Tel", "Tel / Fax", "Mobile & WhatsApp", "T/F", "地址Add" (a Chinese label and its English one, run together). */
const CHAIN = `${ONE}(?:(?:\\s?(?:/|&|,|\\||and|或)\\s?|(?<=\\p{Script=Han})\\s?(?=[A-Za-z]))${ONE}){0,3}`;
/** Between a label and its value: a colon, a stop, a dash, or what OCR made of a colon (_ ; ! ;:). */
const SEP = '\\s?(?:[:：;!.\\-–_]{1,2}|\\s)?\\s?';

const LABEL_ONLY = new RegExp(`^(${CHAIN})\\s?[:.]?$`, 'iu');
/** Two or more labels side by side, one over each column of values ("電話 TEL 傳真 FAX", "电话传真"). */
const LABEL_ROW = new RegExp(`^(?:${ONE}\\s?[:：.]?\\s?){2,8}$`, 'iu');
const ONE_GLOBAL = new RegExp(ONE, 'giu');
const TRAILING = new RegExp(`(${CHAIN})${SEP}$`, 'iu');
/** Address labels long enough to be no word of an address: one is a label before any value ("Address Unit 1403, …"). */
const ADDRESS_WORD = '(?<=address|adresse|adres|anschrift|direcci[oóô]n|indirizzo|sede|domicilio|add|addr)';
const LEADING = new RegExp(
  `^(${CHAIN})\\s?(?:[:：;.]|[-–](?=\\s)|(?<=[^\\x00-\\x7f])\\s?|(?<=[A-Za-z]{3})\\s?(?=[\\d\\p{Script=Han}])|${ADDRESS_WORD}\\s(?=[\\p{Lu}\\d#]))`,
  'iu',
);

/** What a chain of label words says the value is: a phone labelled "Tel/Fax" counts as tel. */
function kindOfChain(chain: string): LabelKind | null {
  const words = chain
    .toLowerCase()
    .split(/\s?(?:\/|&|,|\||\band\b|或)\s?|(?<=\p{Script=Han})\s?(?=[a-z])/u)
    .map((w) => w.trim().replace(/\s+/g, ' '));
  const kinds = words.map((w) => KIND_OF.get(w) ?? KIND_OF.get(w.replace(/\s/g, '')) ?? KIND_OF.get(plain(w)) ?? null);
  if (kinds.includes('tel')) return 'tel';
  return kinds.find((k) => k !== null) ?? null;
}

/**
 * Whether a short line is a label OCR misread by a letter ("Emajl", "Office ("), or by one
 * character of a Chinese one ("雷話", "當話" for 電話): nothing for `other`.
 */
export function misreadLabel(text: string): boolean {
  const han = text.replace(/[\s:：]/g, '');
  if (/^\p{Script=Han}{2,3}$/u.test(han)) {
    return HAN_WORDS.some((w) => w.length === han.length && distance(w, han) === 1);
  }
  const word = text.replace(/[^\p{Script=Latin}]/gu, '').toLowerCase();
  if (word.length < 4 || word.length > 8 || alnumCount(text) !== word.length) return false;
  return LATIN_WORDS.some((w) => Math.abs(w.length - word.length) <= 1 && distance(w, word) <= 1);
}

const LATIN_WORDS = WORDS.filter((w) => /^[a-z]{4,}$/.test(w));
const HAN_WORDS = WORDS.filter((w) => /^\p{Script=Han}{2,3}$/u.test(w));

/** The label a line consists of, or null ("Tel", "地址:", "E-mail"). */
export function labelOnly(text: string): LabelKind | null {
  const trimmed = text.trim();
  // A stray mark OCR made of an icon before a label in capitals ("FHL MOBILE", "wi E-MAIL").
  const m =
    LABEL_ONLY.exec(trimmed) ??
    LABEL_ONLY.exec(trimmed.replace(/^[^\s\p{Script=Han}]{1,3}\s(?=\p{Lu}[\p{Lu}-]{2,}$)/u, ''));
  return m?.[1] ? kindOfChain(m[1]) : null;
}

/**
 * The kinds of a row of labels printed over columns of values, in order, a label repeated in the
 * other language counted once ("手機 MOBILE 電話 TEL 傳真 FAX": tel, tel, fax); null when the line
 * is not only labels. A stray mark of one or two letters OCR made of a rule or an icon before
 * the labels is skipped ("WH EMAIL WEB").
 */
export function labelRow(text: string): LabelKind[] | null {
  const trimmed = text.trim();
  const row = LABEL_ROW.test(trimmed) ? trimmed : trimmed.replace(/^\S{1,2}\s/u, '');
  if (!LABEL_ROW.test(row)) return null;
  const kinds: LabelKind[] = [];
  let previous: { kind: LabelKind; latin: boolean } | null = null;
  for (const m of row.matchAll(ONE_GLOBAL)) {
    const kind = kindOfChain(m[0]);
    if (!kind) continue;
    const latin = /^[a-z]/i.test(m[0]);
    // The same label in the other language is the same column ("手機 MOBILE"); "MOBILE TEL" is two.
    if (previous && previous.kind === kind && previous.latin !== latin) {
      previous = null;
      continue;
    }
    kinds.push(kind);
    previous = { kind, latin };
  }
  return kinds.length > 0 ? kinds : null;
}

/** The label that ends `before` (the text just before a value), and where it starts. */
export function trailingLabel(before: string): { kind: LabelKind; start: number } | null {
  const m = TRAILING.exec(before);
  if (!m?.[1]) return null;
  const kind = kindOfChain(m[1]);
  return kind ? { kind, start: m.index } : null;
}

/**
 * The label a line starts with when a separator follows it ("Address: …", "地址 …", "Add. …",
 * "Address; …" with its colon misread), and the text after it. A single Latin letter counts only
 * before a colon ("A: …").
 */
export function leadingLabel(text: string): { kind: LabelKind; rest: string } | null {
  const m = LEADING.exec(text);
  if (!m?.[1]) return null;
  const colon = m[0].includes(':');
  if (/^[a-z]$/i.test(m[1]) && !colon) return null;
  const kind = kindOfChain(m[1]);
  const rest = text.slice(m[0].length);
  // "公司" begins company names too: a label only before a colon or another label ("公司 Company:").
  if (kind === 'company' && !colon && !leadingLabel(rest.trimStart())) return null;
  return kind ? { kind, rest } : null;
}

/** An address label inside a line, where two columns were read as one ("Managing Director Address 1 Fusionopolis Way"). */
const INNER_ADDRESS =
  /(?:(?<=\s)|(?<=\p{Script=Han}))(?:地址|Address|Addr\.|Adresse|Anschrift|Dirección|Indirizzo)\s?[:：;]?\s?(?=[\p{L}\p{N}])/u;

/** The line parted before an address label in its middle, or the line alone. */
export function splitAtInnerAddress(text: string): string[] {
  const m = INNER_ADDRESS.exec(text);
  if (!m || m.index === 0 || text.slice(0, m.index).trim() === '') return [text];
  return [text.slice(0, m.index), text.slice(m.index)];
}
