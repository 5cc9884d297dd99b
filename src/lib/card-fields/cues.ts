/**
 * What a piece of card text (contacts and labels already cut) looks like: a company, a job
 * title, part of an address, a person's name, or none of these. Word lists cover the app's six
 * languages; the order of the tests is the extractor's (extract.ts).
 */
import { SINGAPORE_UNIT } from './text';

/** Any of `words` as a whole word: no Latin letter, accented ones too ("Stéphane" holds no "St"), on either side. */
const W = (words: string) => new RegExp(`(?<!\\p{Script=Latin})(?:${words})(?!\\p{Script=Latin})`, 'iu');

/** Legal-form suffixes: a line with one is a company whatever else it holds. */
const LEGAL_FORM_LATIN =
  'limited|ltd\\.?|l\\.t\\.d|inc\\.?|incorporated|llc|llp|plc|corp\\.?|corporation|gmbh|pte|pty|bhd|s\\.a\\.|co\\.|co,|co$|k\\.k\\.';
/** European forms with dots, anywhere ("S.r.l.", "B.V."); bare capitals only at the end ("Müller AG"), where no state or region code stands. */
const LEGAL_FORM_EUROPE = [
  /(?<!\p{L})(?:S\.r\.[lI1]\.?|S\.p\.A\.|S\.L\.U?\.?|B\.V\.|N\.V\.|S\.A\.S\.|S\.à\s?r\.l\.|e\.K\.|Sp\.\s?z\s?o\.o\.)(?!\p{L})/u,
  /\s(?:AG|KG|KGaA|OHG|GbR|eG|SE|SA|SARL|Sàrl|Sarl|SAS|SpA|SRL|Srl|SL|SLU|BV|NV|Lda|Ltda|ApS|A\/S|AS|ASA|Oy|AB)\.?$/u,
];
const LEGAL_FORM_CJK =
  /有限公司|有限責任公司|有限责任公司|股份公司|株式会社|有限会社|合同会社|\(株\)|주식회사|\(주\)|บริษัท|จำกัด|律師行|律師事務所|律师事务所|會計師事務所|会计师事务所/;
const COMPANY_STRONG = [W(LEGAL_FORM_LATIN), /\bcompany\s?(?:\([^)]*\))?$/i, ...LEGAL_FORM_EUROPE, LEGAL_FORM_CJK];
/** Words that name a kind of organisation; weaker than a job title. */
const COMPANY_WEAK = [
  W(
    'group|holdings?|bank|banking corporation|partners|associates|enterprises?|industries|international|technologies|technology|solutions|studios?|consulting|capital|ventures|trading|labs?|agency|foundation|university|college|hospital|clinic|school|institute|association|firm|services|systems|investments?|properties|logistics|media|securities|insurance|restaurant|hotel',
  ),
  /公司|集團|集团|銀行|银行|事務所|事务所|控股|基金會|基金会|協會|协会|學院|学院|大學|大学|醫院|医院|診所|诊所|工作室|酒店|餐廳|餐厅|商行|貿易|贸易|科技|實業|实业|會社|会社|협회|은행|그룹|ธนาคาร/,
];
const POSITION = [
  W(
    'manager|managing|director|engineer|officer|ceo|cto|cfo|coo|cio|cmo|founder|co-founder|partner|consultant|designer|sales|president|vp|svp|evp|vice president|head of|assistant|analyst|executive|supervisor|specialist|coordinator|administrator|architect|developer|programmer|accountant|auditor|lawyer|solicitor|barrister|attorney|advisor|adviser|representative|agent|associate|chairman|chairwoman|chairperson|chair|secretary|intern|team lead|leader|owner|principal|professor|lecturer|physician|nurse|teacher|producer|editor|photographer|chef|marketing|department|dept\\.?|division|technician|surveyor|planner|strategist|receptionist|cashier|buyer|merchandiser|trainer|coach|therapist|pharmacist|broker|investigator|researcher|scientist|chief|purchasing|procurement',
  ),
  // German, French, Italian, Spanish, Portuguese, Dutch (Latin words above are English).
  // German and Dutch compounds end in the title word ("Vertriebsleiter", "Entwicklungsingenieur", "Projectleider").
  /\p{L}(?:leiter(?:in)?|führer(?:in)?|berater(?:in)?|referent(?:in)?|ingenieur(?:in)?|leider|manager)(?!\p{L})/iu,
  /(?<!\p{L})(?:geschäftsführer(?:in)?|managerin|cheffe|direktor(?:in)?|leiter(?:in)?|vertrieb|verkauf|berater(?:in)?|ingenieur(?:in)?|inhaber(?:in)?|vorstand|prokurist(?:in)?|referent(?:in)?|sachbearbeiter(?:in)?|directeur|directrice|gérant(?:e)?|responsable|ingénieur(?:e)?|conseill(?:er|ère)|chargée?|associée?|avocat(?:e)?|direttore|direttrice|responsabile|amministrat(?:ore|rice)|delegat[oa]|delegad[oa]|consejer[oa]|consultor(?:a)?|coordinador(?:a)?|administrador(?:a)?|consulente|coordinat(?:ore|rice)|ingegnere|vendite|avvocato|directora|gerente|jef[ea]|ventas|ingenier[oa]|asesora?|abogad[oa]|diretora?|vendas|advogad[oa]|verkoop|adviseur|eigenaar|bedrijfsleider|medewerker|directeur|président(?:e)?|presidente|consigliere|socio|socia|partner|fondat(?:eur|rice)|fondatore|fundador(?:a)?|gründer(?:in)?|achats|acquisti|compras|einkauf|inkoop)(?!\p{L})/iu,
  /經理|经理|總監|总监|工程師|工程师|主任|董事|總裁|总裁|設計師|设计师|顧問|顾问|主管|助理|秘書|秘书|會計|会计|律師|律师|主席|協理|协理|襄理|創辦人|创办人|創始人|创始人|合夥人|合伙人|專員|专员|經紀|经纪|行政|銷售|销售|業務|业务|部長|部长|科長|科长|處長|处长|院長|院长|校長|校长|教授|醫生|医生|老師|老师|店長|店长|組長|组长|^副|部門|部门|部$|社長|課長|課|係長|取締役|代表|マネージャー|エンジニア|デザイナー|営業|대표|부장|과장|차장|팀장|이사|사원|매니저|엔지니어|디자이너|ผู้จัดการ|กรรมการ|วิศวกร|ผู้อำนวยการ/,
];

const ADDRESS_LATIN = W(
  'road|rd\\.?|street|st\\.?|avenue|ave\\.?|lane|drive|boulevard|blvd|highway|parkway|place|square|terrace|crescent|floor|fl\\.|flat|room|rm\\.?|unit|suite|shop|block|blk|tower|building|bldg|centre|center|plaza|court|mansion|estate|industrial|kowloon|hong kong|hk|new territories|n\\.t\\.|kln|central|wan chai|causeway bay|tsim sha tsui|mong kok|kwun tong|kowloon bay|sha tin|admiralty|quarry bay|sheung wan|china|prc|beijing|shanghai|shenzhen|guangzhou|macau|macao|taiwan|taipei|singapore|london|new york|usa|u\\.s\\.a\\.|united states|united kingdom|uk|japan|tokyo|osaka|korea|seoul|thailand|bangkok|p\\.?o\\.? box|district|province|city|germany|deutschland|france|italy|italia|spain|españa|espana|portugal|netherlands|nederland|belgium|belgique|belgië|switzerland|schweiz|suisse|svizzera|austria|österreich|luxembourg|ireland|sweden|sverige|denmark|danmark|norway|norge|finland|poland|polska',
);
/** Street words of continental Europe: Romance ones as words, Germanic ones ending a compound ("Friedrichstraße"). */
const STREET_EUROPE = [
  W(
    'rue|quai|chemin|impasse|allée|allee|avenida|avda\\.|calle|paseo|passeig|avinguda|rambla|plaça|carrer|rua|praça|praca|travessa|piazza|piazzale|viale|vicolo|strada|corso|largo',
  ),
  /(?:^|,\s?)Via\s(?:\p{Lu}|d[ei]|d['’])/u,
  // "Straße" on its own before a house number, its ß misread too ("Kärntner StraBe 78").
  /(?<!\p{L})Stra(?:ß|ss|[8BbpRr])e\s\d/u,
  /[\p{L}-](?:stra(?:ß|ss|fs|[8BbRr])e|str\.|platz|allee|gasse|damm|ufer|weg|straat|laan|gracht|singel|dijk|steeg|plein|kade|gatan|vägen|vej|veien)(?!\p{L})/iu,
  // Endings that are also ordinary words' ("Engineering", "Supermarkt") count only before a
  // house number: "Hohenzollernring 92", "Am Heumarkt 7", "Lindenstieg 3a".
  /\p{L}(?:ring|markt|steig|stieg|pfad|chaussee|graben|hof|tor)\s\d{1,4}[a-z]?(?!\p{L})/iu,
];
/** Cues that make an address on their own: "12/F", a UK postcode, "CA 94043", "QLD 4000", a city. */
const ADDRESS_STRONG = [
  /\b\d{1,3}\s?\/\s?F\b|\bG\/F\b/i,
  // Taiwan's floor and number, or number and section ("14F., No. 94,", "No. 361, Sec. 2").
  /\b\d{1,3}F\.?(?:-\d{1,3})?,\s?No\.\s?\d|\bNo\.\s?\d{1,5}(?:-\d{1,3})?,\s?(?:Sec|Ln|Aly)\.\s/i,
  /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/,
  /\b[A-Z]{2}\s\d{5}(?:-\d{4})?\b/,
  // A Singapore unit ("#15-05 OUE Downtown").
  new RegExp(`(?:^|[\\s,])${SINGAPORE_UNIT}\\b`),
  // An Australian state and postcode: "Brisbane QLD 4000", "Sydney NSW 2000".
  /\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s\d{4}\b/,
  // A Canadian postcode: "QC H3B 4W8", "M5H 2N2".
  /\b[A-CEGHJ-NPR-TVXY]\d[A-Z]\s?\d[A-Z]\d\b/,
  // A European postcode and town at the start of a line or after a comma: "10117 Berlin",
  // "D-10117 Berlin", "1012 AB Amsterdam", "8001 Zürich".
  /(?:^|,\s?)(?:[A-Z]{1,2}[-–]\s?)?\d{4,5}(?:\s[A-Z]{2})?\s\p{Lu}[\p{L}'’.-]+/u,
  /香港|九龍|九龙|新界|澳門|澳门|北京|上海|深圳|廣州|广州|臺北|台北|東京都|東京|大阪|서울|부산|กรุงเทพ|〒/,
];
const ADDRESS_CJK =
  /路|街|道|號|号|樓|楼|室|座|大廈|大厦|中心|廣場|广场|花園|花园|區|区|省|市|縣|县|鎮|镇|村|巷|弄|層|层|邨|苑|都|府|県|町|丁目|番地|ビル/g;
const ADDRESS_KOREAN = /\d+\s?(?:층|호|번지|길|로)|특별시|광역시|[가-힣]+(?:시|구|동)\s/g;
const ADDRESS_THAI = /ถนน|ซอย|แขวง|เขต|ตำบล|อำเภอ|จังหวัด|ชั้น|อาคาร/g;

/**
 * How many address cues a piece of text has; a strong cue (a floor "12/F", a postcode, a city)
 * counts 2, a leading house number ("12 Bishopsgate") 1, a street word ("Rue", "Via",
 * "…straße") 1. An address line scores 2, or 1 with a digit ("88 Queen's Road").
 */
export function addressScore(text: string): number {
  const strong = ADDRESS_STRONG.filter((re) => re.test(text)).length * 2;
  const houseNumber = /^\d{1,5}[A-Za-z]?\s[A-Z][a-z]{2,}/.test(text) ? 1 : 0;
  const latin = text.match(new RegExp(ADDRESS_LATIN.source, 'giu'))?.length ?? 0;
  const europe = STREET_EUROPE.filter((re) => re.test(text)).length;
  const cjk = new Set(text.match(ADDRESS_CJK) ?? []).size;
  const other = (text.match(ADDRESS_KOREAN)?.length ?? 0) + (text.match(ADDRESS_THAI)?.length ?? 0);
  return strong + houseNumber + latin + europe + cjk + other;
}

const LICENCE =
  /licen[cs]e\s?(?:no|number|#|:)|\blic\.?\s?no|\breg(?:istration)?\.?\s?no|\bCE\s?no|牌照|執照|执照|註冊編號|注册号|登記號|登记号|許可|许可/i;

/** A licence or registration number ("Estate Agent Licence No. E-123456", "牌照號碼"): `other`. */
export function isLicence(text: string): boolean {
  return LICENCE.test(text);
}

export function isStrongCompany(text: string): boolean {
  return COMPANY_STRONG.some((re) => re.test(text));
}

/** Every place a legal form ends in a line ("… Co., Ltd." ends twice). */
const LEGAL_FORM_ENDS = [
  new RegExp(`(?<![A-Za-z])(?:${LEGAL_FORM_LATIN})(?![A-Za-z])`, 'gi'),
  new RegExp(LEGAL_FORM_EUROPE[0]?.source ?? '$^', 'gu'),
  new RegExp(LEGAL_FORM_CJK.source, 'g'),
  // The bare capitals of LEGAL_FORM_EUROPE before more text ("Conseil SARL 12 Rue …"), "AB" left out ("Block AB").
  /\s(?:AG|KG|OHG|GbR|SARL|SAS|SpA|SRL|Srl|BV|Lda|Ltda|ApS|A\/S|Oy)\.?(?=[\s,;])/gu,
];

/**
 * "Hang Shun CPA Limited 12/F, Tower 1, Admiralty Centre" or "宏達科技有限公司香港九龍觀塘道388號":
 * a company and an address that OCR read as one line, parted after the legal form when what
 * follows is an address (two cues, or one and a digit) and no company of its own. Null when the
 * line is not so made ("ABC Co., Ltd.", "平安保險股份有限公司深圳分公司").
 */
export function companyThenAddress(text: string): [string, string] | null {
  const ends = LEGAL_FORM_ENDS.flatMap((re) => [...text.matchAll(re)].map((m) => m.index + m[0].length));
  for (const end of ends.sort((a, b) => a - b)) {
    const head = text.slice(0, end).trim();
    const rest = text.slice(end).replace(/^[\s,;.|]+/, '');
    if (!/[\p{L}\p{N}].*[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(head) || rest.length < 4) continue;
    if (isStrongCompany(rest)) continue;
    const score = addressScore(rest);
    const weak = isWeakCompany(rest);
    // A place's name alone after the legal form ("… Management Limited Kowloon") is the address's end.
    const place = score >= 1 && /^\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+){0,2}$/u.test(rest);
    const address = /\d/.test(rest) ? score >= 2 || (score >= 1 && !weak) : (score >= 2 || place) && !weak;
    if (address) return [head, rest];
  }
  return null;
}

export function isWeakCompany(text: string): boolean {
  return COMPANY_WEAK.some((re) => re.test(text));
}

export function isPosition(text: string): boolean {
  return POSITION.some((re) => re.test(text) || re.test(withManagerWhole(text)));
}

/** A Chinese title ending in 經 or 经 lost its 理 ("项目经", "海外销售经"). */
export function withManagerWhole(text: string): string {
  return text.replace(/(?<=\p{Script=Han})([经經])$/u, '$1理');
}

const HONORIFIC_CJK = /(?:先生|小姐|女士|太太|博士|教授|律師|醫生|様|さん|님)$/;
const HONORIFIC_LATIN = /^(?:mr|mrs|ms|miss|dr|prof|sir|madam)\.?\s+/i;
const CREDENTIALS =
  /^(?:(?:[A-Z]{2,6}|Ph\.?D|M\.?B\.?A|B\.?Sc|M\.?Sc|B\.?A|M\.?A|Esq|Jr|Sr|JP|MH|BBS|SBS|CPA|CFA|FCCA|ACCA|PMP|MRICS|FRICS|CEng|RIBA|HKIA)\.?\s?)+$/;
const NOT_NAME_WORDS = W(
  'the|and|of|for|to|with|your|our|we|you|hong|kong|limited|ltd|thank|welcome|e-?mail|tel|phone|mobile|cell|fax|web|website|address|office|direct',
);

/**
 * `likely`: a Han name that starts with a common Chinese surname, or a Hangul one with a common
 * Korean surname; the layout prefers it to a larger two-character logo ("宏達").
 */
export type NameShape = { kind: 'cjk' | 'latin'; name: string; likely: boolean };

const SURNAMES = new Set(
  [
    '陳陈李黃黄張张王劉刘林楊杨吳吴何周趙赵鄭郑梁謝谢郭羅罗馬马胡朱高孫孙徐許许鄧邓曾蕭萧彭葉叶蔡潘袁余盧卢蘇苏',
    '蔣蒋唐韓韩鍾钟江方石姚譚谭廖鄒邹熊金陸陆郝孔白崔康毛邱秦顧顾侯邵孟龍龙萬万段雷錢钱湯汤尹黎易常武喬乔賀贺',
    '賴赖龔龚文莫關关麥麦區区霍岑歐欧戴魏薛閻阎丁沈宋任程董于傅杜范田夏鄺邝伍翁冼凌簡简施洪游柯溫温湛古嚴严俞',
    '甘容祁車车利卓尤倪包單单巫姜章呂吕葛賈贾魯鲁史韋韦鄔邬饒饶成聶聂危童顏颜梅盛覃阮樊殷祝紀纪屈',
    // Less frequent, and Hong Kong's (馮, 駱, 植, 勞…); characters common in brand names (明, 平, 海, 華, 花…) left out.
    '馮冯汪陶駱骆鮑鲍戚龐庞苗牛邢齊齐莊庄岳翟詹申耿蘭兰焦柳寧宁符舒畢毕季裴涂冉藍蓝辛靳柴蒙喻蒲房滕牟艾穆繆缪',
    '項项連连褚婁娄竇窦宮宫費费晏衛卫柏瞿桂佟應应臧閔闵苟邊边卞姬仇欒栾隋刁寇桑郎甄仲虞敖鞏巩佘遲迟談谈匡鞠惠',
    '荊荆樂乐冀郁胥儲储栗鄢勞劳奚粟藺蔺滿满聞闻厲厉伊郜闞阚權权帥帅芮晁辜邰赫茹慕嵇尉植練练廉闕阙浦邸竺',
    '김이박최정강조윤장임한오서신권황안송류홍',
  ].join(''),
);
const COMPOUND_SURNAMES =
  /^(?:歐陽|欧阳|司徒|上官|諸葛|诸葛|司馬|司马|夏侯|皇甫|公孫|公孙|令狐|端木|慕容|尉遲|尉迟|東方|东方|南宮|南宫|西門|西门|長孫|长孙|宇文|軒轅|轩辕|鍾離|钟离|聞人|闻人|呼延|濮陽|濮阳|澹台|百里|萬俟|万俟|太史|申屠|公羊|宗政|拓跋|單于|单于)/;

/** A stray letter or stroke OCR reads beside large Han type ("王建国 I", "l 陳大文", "0朱欣怡"). */
const DUST = /^(?:[A-Za-z|!]\s)+|^[A-Za-z0-9|!](?=\p{Script=Han})|(?:\s[A-Za-z|!])+$/gu;

/**
 * A Han or Hangul name of 2–4 characters ("陳大文", "歐陽志明", "김민수"), honorific and a stray
 * letter beside it dropped.
 */
function cjkName(text: string): string | null {
  const t = text.replace(DUST, '').replace(/\s/g, '').replace(HONORIFIC_CJK, '');
  if (/^\p{Script=Han}{2,4}$/u.test(t) || /^\p{Script=Han}{1,3}[·・]\p{Script=Han}{1,4}$/u.test(t)) return t;
  if (/^\p{Script=Hangul}{2,4}$/u.test(t)) return t;
  return null;
}

/** Lower-case words between the parts of a name. */
const NAME_PARTICLES = new Set(
  'van von der den de del della delle dei di da das do dos du la le ter ten y e bin binti binte al el zu'.split(' '),
);

/** "bin" or "binti" before a Malay father's name. */
const PATRONYMIC = /^(?:bin|binti|binte)$/;

/** A capitalised word of Latin letters, accents included ("García", "Müller", "O’Brien", "(Peter)"). */
const LATIN_NAME_WORD = /^\(?(?=\p{Lu})\p{Script=Latin}[\p{Script=Latin}'’-]*\.?\)?$/u;

/**
 * A Latin name: 2–5 capitalised words ("Peter Chan", "Peter CHAN Tai Man", "CHAN Tai Man,
 * Peter", "Chan Tai Man (Peter)", "Mary J. Smith"), a title ("Dr.") dropped; credentials after
 * a comma ("Peter Chan, CPA") dropped: they are how the name is printed, not a contact detail.
 */
function latinName(text: string): { name: string; likely: boolean } | null {
  const parts = text
    .replace(LEADING_DUST, '')
    .split(/\s?,\s?/)
    .filter((p) => p !== '');
  while (parts.length > 1 && isCredential(parts[parts.length - 1] ?? '')) parts.pop();
  if (parts.length === 1) {
    const words = (parts[0] ?? '').split(' ');
    const last = words.at(-1) ?? '';
    if (words.length >= 3 && KNOWN_CREDENTIAL.test(last)) {
      parts[0] = words.slice(0, -1).join(' ');
    }
  }
  const name = parts.join(', ');
  if (parts.length > 2 || NOT_NAME_WORDS.test(name)) return null;
  // A lone capital after a whole name is a speck OCR read as a letter ("Céline Moreau O").
  const bare = name.replace(HONORIFIC_LATIN, '').replace(/^(\S+(?:\s\S+){1,3})\s\p{Lu}$/u, '$1');
  const words = bare.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 5) return null;
  if (bare.replace(/\P{Script=Latin}/gu, '').length < 4) return null;
  // Particles stand lower-case between the capitalised words ("Sanne van Dijk", "María de la Cruz").
  const ok =
    words.every((w, i) => LATIN_NAME_WORD.test(w) || (i > 0 && i < words.length - 1 && NAME_PARTICLES.has(w))) &&
    words.filter((w) => LATIN_NAME_WORD.test(w)).length >= 2;
  if (ok) return { name: bare, likely: true };
  // A Malay name whose father's name was lost ("Muhammad Faiz bin" / "Ismail" over two lines).
  const head = words.slice(0, -1);
  if (head.length >= 2 && PATRONYMIC.test(words.at(-1) ?? '') && head.every((w) => LATIN_NAME_WORD.test(w)))
    return { name: bare, likely: false };
  // A romanised Chinese name OCR read with its given name in lower case ("Yang jie"): a name,
  // but less likely one than any properly capitalised line.
  const [first, second] = words;
  if (words.length === 2 && first && second && /^\p{Lu}\p{Ll}{1,5}$/u.test(first) && /^\p{Ll}{2,8}$/u.test(second)) {
    if (!NAME_PARTICLES.has(second) && !NOT_SPACED_NAME.has(second)) return { name: bare, likely: false };
  }
  return null;
}

/** A stray mark OCR read before a Latin name: a lone lower-case letter, bracket or sign ("i] Nathaniel Martin", "| Peter Chan", "© Stéphane Rousseau"). */
const LEADING_DUST = /^(?:[a-z]?[\][|!:;©®•·*]*|[a-z])\s+(?=\p{Lu})/u;

/** A degree or credential after a name's comma ("CPA", "Ph.D."), or a short token OCR made of one ("php" for "PhD"). */
function isCredential(text: string): boolean {
  return CREDENTIALS.test(text) || KNOWN_CREDENTIAL.test(text) || /^\p{Ll}[\p{L}.]{1,4}$/u.test(text);
}

/**
 * Credentials OCR may read in any case ("FcpA", "r.eng." for P.Eng.), and after a name with its
 * comma lost ("Megan H. Walker esq").
 */
const KNOWN_CREDENTIAL =
  /^(?:ph\.?d|m\.?b\.?a|esq|cpa|fcpa|cfa|fcca|acca|pmp|mrics|frics|[pr]\.?\s?eng|c\.?\s?eng|ll\.?\s?[bm]|j\.?d|m\.?d)\.?$/i;

/** Lower-case words a letter-spaced name never has; with one, the text is a phrase or a name with a particle. */
const NOT_SPACED_NAME = new Set(
  'a an am and are as at be by de da del der di do du el for he i if in is it la le me my no of on or our so the to up us van von we with y you your'.split(
    ' ',
  ),
);

/**
 * A Latin name that OCR letter-spaced ("J essica M a rti n" → "Jessica Martin"), or null. Only
 * the one sane reading is taken: every word starts at a capital, at least one word is made of
 * several pieces and each such word has a single letter among them ("Ma ry" stays), no piece of
 * two or more letters is an ordinary lower-case word ("I am Peter", "Peter van der Berg" stay as
 * they are), and the result is shaped like a name, not like a title, a company or a place.
 */
export function joinLetterSpaced(text: string): string | null {
  const pieces = text.trim().split(/\s+/);
  if (pieces.length < 3 || !pieces.every((p) => /^\p{Script=Latin}+$/u.test(p))) return null;
  if (!/^\p{Lu}/u.test(pieces[0] ?? '')) return null;
  const words: string[][] = [];
  for (const piece of pieces) {
    // A Malay patronymic stays a word of its own ("Nu r Syafiqah binte Yusof").
    if (/^\p{Lu}/u.test(piece) || (words.length > 0 && PATRONYMIC.test(piece))) words.push([piece]);
    else if (piece.length >= 2 && NOT_SPACED_NAME.has(piece.toLowerCase())) return null;
    else words[words.length - 1]?.push(piece);
  }
  const named = words.filter((w) => !PATRONYMIC.test(w[0] ?? ''));
  const spaced = words.filter((w) => w.length > 1);
  if (named.length < 2 || named.length > 4 || spaced.length === 0) return null;
  if (!spaced.every((w) => w.some((p) => p.length === 1))) return null;
  const joined = words.map((w) => w.join('')).join(' ');
  if (!joined.split(' ').every((w) => /^\p{Lu}\p{Ll}{1,14}$/u.test(w) || PATRONYMIC.test(w))) return null;
  // "C ustomer S ervice", "S ales M anager": joined, but no name.
  if (isPosition(joined) || isStrongCompany(joined) || isWeakCompany(joined) || addressScore(joined) > 0) return null;
  return latinName(joined) ? joined : null;
}

const TITLE_END = /[師师監监員员]$|經理$|经理$/u;

/** The name a piece of text is shaped like, if any. */
export function nameShape(text: string): NameShape | null {
  const cjk = cjkName(text);
  if (cjk) {
    const likely = SURNAMES.has(cjk[0] ?? '') || COMPOUND_SURNAMES.test(cjk);
    // Without a known surname, a title's last character makes a misread title ("上程師" for 工程師), not a name.
    if (!likely && TITLE_END.test(cjk)) return null;
    return { kind: 'cjk', name: cjk, likely };
  }
  const latin = latinName(text);
  if (latin) return { kind: 'latin', ...latin };
  const joined = joinLetterSpaced(text);
  return joined ? { kind: 'latin', name: joined, likely: true } : null;
}

/** A Han name that starts with a common surname ("區志道"): the address characters in it (區, 道) make no address. */
export function isLikelyHanName(text: string): boolean {
  const shape = nameShape(text);
  return shape?.kind === 'cjk' && shape.likely && /^\p{Script=Han}/u.test(shape.name);
}

/** A cue that makes an address on its own ("12/F", a postcode, "香港"). */
export function hasStrongAddressCue(text: string): boolean {
  return ADDRESS_STRONG.some((re) => re.test(text));
}

/** "陳大文 Peter Chan" or "Peter Chan 陳大文": a Han name and a Latin name on one line. */
export function splitBilingualName(text: string): [string, string] | null {
  const m =
    /^(\p{Script=Han}[\p{Script=Han}\s]{1,6})\s([A-Za-z].*)$/u.exec(text) ??
    /^([A-Za-z][^\p{Script=Han}]*?)\s(\p{Script=Han}[\p{Script=Han}\s]{1,6})$/u.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const [han, latin] = /\p{Script=Han}/u.test(m[1]) ? [m[1], m[2]] : [m[2], m[1]];
  // A lone letter beside a Han name is OCR dust, not a Latin name.
  return /[A-Za-z].*[A-Za-z]/.test(latin) ? [han, latin] : null;
}

/**
 * "有限公司" whose last character OCR misread ("有限公局", "有限公同"): the legal form is so
 * common on Chinese cards that a line ending in "有限", "有限公" or either and one other character
 * ("有限双", "有限公局") is one. So is an Italian "S.r.l." that lost a dot ("S.rl."), a "Co.,
 * Ltd." that lost its stop ("Co, Ltd."; "Co. Ltd." is printed so too), a Dutch "N.V." or "B.V." that lost its first ("NV."),
 * and a legal form followed by specks.
 */
export function repairLegalForm(text: string): string {
  const mended = text
    .replace(/有限(?:公[^司\s]?|[^公司\s])?$/u, '有限公司')
    .replace(/(?<!\p{L})S\.\s?rl\.?$|(?<!\p{L})S\.\s?r\.\s?l$/u, 'S.r.l.')
    .replace(/(?<!\p{L})Co,\s?(?=Ltd\.?$|Limited$)/u, 'Co., ')
    .replace(/(?<!\p{L})([NB])V\.$/u, '$1.V.')
    // An Italian "Srl" whose l OCR read as i ("Informatica Solaris Sri").
    .replace(/(?<=\p{Lu}\p{Ll}+\s)Sri$/u, 'Srl');
  // Specks OCR read after the legal form: lone letters and marks ("Etoile Digital Sarl 一 x").
  const bare = mended.replace(/(?:\s+(?:[^\s\p{L}\p{N}]+|\p{L}))+$/u, '');
  return bare !== mended && isStrongCompany(bare) ? bare : mended;
}
