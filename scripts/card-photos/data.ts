/**
 * Made-up business cards (bilingual Hong Kong, Simplified Chinese, English US/UK) and the
 * fields a perfect extractor returns for each: the model the photo generator draws. Pure and
 * deterministic from the seed (no I/O), so the unit tests and the photos agree.
 */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CardFields } from '../../src/api/cloud';

export type CardKind = 'hk' | 'en' | 'cn';
export const CARD_KINDS: readonly CardKind[] = ['hk', 'en', 'cn'];

/** A small deterministic PRNG (mulberry32) with the helpers the generator needs. */
export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  range(min: number, max: number): number;
  digits(n: number): string;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
    range: (min, max) => min + next() * (max - min),
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
  };
}

/** One phone as printed: its label, the text on the card, and what the truth holds. */
export type CardPhone = { label: string; shown: string; international: string; fax: boolean };

/** An address as printed (one or more lines) and as one truth entry. */
export type CardAddress = { label: string; lines: string[]; joined: string };

/** A card to draw: every text on it, the truth, and how it looks. */
export type CardModel = {
  kind: CardKind;
  /** Chinese name ('' on English cards) and the Latin name ('' on mainland cards). */
  chineseName: string;
  latinName: string;
  company: string[];
  position: string[];
  phones: CardPhone[];
  emailLabel: string;
  email: string[];
  websiteLabel: string;
  website: string[];
  address: CardAddress[];
  /** Slogans printed on the card (they belong to `other`). */
  slogans: string[];
  truth: CardFields;
};

type Pair = readonly [zh: string, en: string];

const HK_SURNAMES: Pair[] = [
  ['陳', 'Chan'],
  ['李', 'Lee'],
  ['張', 'Cheung'],
  ['黃', 'Wong'],
  ['林', 'Lam'],
  ['劉', 'Lau'],
  ['吳', 'Ng'],
  ['梁', 'Leung'],
  ['何', 'Ho'],
  ['郭', 'Kwok'],
  ['馬', 'Ma'],
  ['羅', 'Law'],
  ['鄭', 'Cheng'],
  ['謝', 'Tse'],
  ['麥', 'Mak'],
  ['周', 'Chow'],
  ['曾', 'Tsang'],
  ['蔡', 'Choi'],
];
const HK_GIVEN = [
  '大文',
  '美玲',
  '志明',
  '家豪',
  '嘉欣',
  '俊傑',
  '詠詩',
  '偉強',
  '曉彤',
  '子健',
  '慧敏',
  '國華',
  '敏',
  '傑',
  '穎',
  '浩然',
];
const HK_ENGLISH_GIVEN = [
  'Peter',
  'Mary',
  'Kelvin',
  'Winnie',
  'Jason',
  'Carmen',
  'Eric',
  'Vivian',
  'Alan',
  'Karen',
  'Raymond',
  'Joyce',
  'Terence',
  'Florence',
  'Michael',
  'Grace',
];
const CN_SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '郭',
  '马',
];
const CN_GIVEN = [
  '伟',
  '芳',
  '娜',
  '秀英',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '杰',
  '涛',
  '晓明',
  '海燕',
  '建国',
  '志强',
];
const EN_GIVEN = [
  'James',
  'Sarah',
  'David',
  'Emily',
  'Robert',
  'Olivia',
  'Michael',
  'Sophie',
  'William',
  'Charlotte',
  'Daniel',
  'Hannah',
  'Thomas',
  'Jessica',
  'Andrew',
  'Laura',
];
const EN_SURNAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Taylor',
  'Davies',
  'Miller',
  'Wilson',
  'Anderson',
  'Clarke',
  'Harris',
  'Walker',
  'Wright',
  'Thompson',
  'Martin',
  'Robinson',
];

const HK_COMPANY_STEMS: Pair[] = [
  ['金輝', 'Golden Glory'],
  ['恒發', 'Hang Fat'],
  ['德信', 'Tak Shun'],
  ['嘉華', 'Ka Wah'],
  ['新峰', 'New Summit'],
  ['利豐源', 'Lee Fung Yuen'],
  ['東昇', 'Eastern Rise'],
  ['寶德', 'Po Tak'],
];
const HK_INDUSTRIES: Pair[] = [
  ['貿易', 'Trading'],
  ['科技', 'Technology'],
  ['物業管理', 'Property Management'],
  ['建築工程', 'Engineering'],
  ['投資', 'Investment'],
  ['物流', 'Logistics'],
  ['設計', 'Design'],
];
const HK_POSITIONS: Pair[] = [
  ['市場經理', 'Marketing Manager'],
  ['銷售總監', 'Sales Director'],
  ['高級工程師', 'Senior Engineer'],
  ['董事總經理', 'Managing Director'],
  ['項目經理', 'Project Manager'],
  ['客戶服務主任', 'Customer Service Officer'],
  ['財務總監', 'Chief Financial Officer'],
  ['行政助理', 'Administrative Assistant'],
];
const CN_CITIES = ['上海', '北京', '深圳', '广州', '杭州'] as const;
const CN_COMPANY_STEMS = ['恒泰', '鼎盛', '瑞丰', '博远', '天诚', '启明', '润和', '嘉禾'];
const CN_INDUSTRIES = ['科技', '贸易', '信息技术', '建设工程', '文化传媒', '供应链管理'];
const CN_POSITIONS = [
  '总经理',
  '销售经理',
  '技术总监',
  '高级工程师',
  '市场部经理',
  '项目经理',
  '人力资源主管',
  '副总裁',
];
const EN_COMPANY_STEMS = ['Brightwater', 'Northfield', 'Blue Harbor', 'Redwood', 'Silverline', 'Oakridge', 'Greenleaf'];
const EN_INDUSTRIES = ['Analytics', 'Consulting', 'Design', 'Systems', 'Logistics', 'Capital', 'Labs'];
const EN_POSITIONS = [
  'Senior Software Engineer',
  'Account Executive',
  'Marketing Director',
  'Chief Executive Officer',
  'Product Manager',
  'Operations Manager',
  'Head of Sales',
  'Principal Consultant',
];
const SLOGANS_EN = ['Building trust since 1998', 'Your partner in growth', 'Quality first', 'Design that works'];
const SLOGANS_ZH = ['誠信為本 客戶至上', '專業 創新 共贏'];
const SLOGANS_CN = ['诚信 专业 创新', '客户至上 追求卓越'];

/** Hong Kong districts: Chinese, English, region in Chinese and English, streets. */
const HK_DISTRICTS: { zh: string; en: string; region: Pair; streets: Pair[] }[] = [
  {
    zh: '尖沙咀',
    en: 'Tsim Sha Tsui',
    region: ['九龍', 'Kowloon'],
    streets: [
      ['彌敦道', 'Nathan Road'],
      ['廣東道', 'Canton Road'],
    ],
  },
  {
    zh: '旺角',
    en: 'Mong Kok',
    region: ['九龍', 'Kowloon'],
    streets: [
      ['亞皆老街', 'Argyle Street'],
      ['彌敦道', 'Nathan Road'],
    ],
  },
  {
    zh: '中環',
    en: 'Central',
    region: ['香港', 'Hong Kong'],
    streets: [
      ['皇后大道中', "Queen's Road Central"],
      ['德輔道中', 'Des Voeux Road Central'],
    ],
  },
  {
    zh: '灣仔',
    en: 'Wan Chai',
    region: ['香港', 'Hong Kong'],
    streets: [
      ['軒尼詩道', 'Hennessy Road'],
      ['告士打道', 'Gloucester Road'],
    ],
  },
  { zh: '觀塘', en: 'Kwun Tong', region: ['九龍', 'Kowloon'], streets: [['觀塘道', 'Kwun Tong Road']] },
  { zh: '荃灣', en: 'Tsuen Wan', region: ['新界', 'New Territories'], streets: [['沙咀道', 'Sha Tsui Road']] },
];
const HK_BUILDINGS: Pair[] = [
  ['美麗華大廈', 'Mirador Mansion'],
  ['富利大廈', 'Fu Lee Building'],
  ['德美中心', 'Tak Mei Centre'],
  ['新光商業大廈', 'Sun Kwong Commercial Building'],
  ['利華廣場', 'Lee Wah Plaza'],
];
const CN_DISTRICTS: Record<(typeof CN_CITIES)[number], { districts: string[]; roads: string[] }> = {
  上海: { districts: ['浦东新区', '徐汇区', '静安区'], roads: ['世纪大道', '淮海中路', '南京西路'] },
  北京: { districts: ['朝阳区', '海淀区', '东城区'], roads: ['建国路', '中关村大街', '东长安街'] },
  深圳: { districts: ['南山区', '福田区'], roads: ['深南大道', '科技园路'] },
  广州: { districts: ['天河区', '越秀区'], roads: ['天河路', '环市东路'] },
  杭州: { districts: ['西湖区', '滨江区'], roads: ['文三路', '江南大道'] },
};
const CN_LANDLINE_CODES: Record<(typeof CN_CITIES)[number], string> = {
  上海: '21',
  北京: '10',
  深圳: '755',
  广州: '20',
  杭州: '571',
};
const CN_BUILDINGS = ['恒泰大厦', '创新大厦', '国际金融中心', '科技广场', '财富中心'];
const US_ADDRESSES = [
  ['Market Street', 'San Francisco, CA 94103'],
  ['Madison Avenue', 'New York, NY 10016'],
  ['Michigan Avenue', 'Chicago, IL 60611'],
  ['Congress Avenue', 'Austin, TX 78701'],
] as const;
const UK_ADDRESSES = [
  ['King Street', 'London EC2V 8AU'],
  ['Deansgate', 'Manchester M3 2BW'],
  ['George Street', 'Edinburgh EH2 2LR'],
] as const;

/** A phone number of `region` valid by libphonenumber, drawn from `make` until it is. */
function validNumber(region: CountryCode, make: () => string): { national: string; international: string } {
  for (let i = 0; i < 100; i += 1) {
    const national = make();
    const parsed = parsePhoneNumberFromString(national, region);
    if (parsed?.isValid()) return { national, international: parsed.formatInternational() };
  }
  throw new Error(`no valid ${region} number made in 100 tries`);
}

type PhoneKind = 'tel' | 'mobile' | 'fax';

function hkPhone(rng: Rng, kind: PhoneKind): { shown: string; international: string } {
  const first = kind === 'mobile' ? rng.pick(['5', '6', '9']) : rng.pick(['2', '3']);
  const { national, international } = validNumber('HK', () => first + rng.digits(7));
  const a = national.slice(0, 4);
  const b = national.slice(4);
  const shown = rng.pick([`${a} ${b}`, `+852 ${a} ${b}`, `(852) ${a} ${b}`, `+852-${a}-${b}`]);
  return { shown, international };
}

function cnPhone(
  rng: Rng,
  kind: PhoneKind,
  city: (typeof CN_CITIES)[number],
): { shown: string; international: string } {
  if (kind === 'mobile') {
    const { national, international } = validNumber('CN', () => `1${rng.int(3, 9)}${rng.digits(9)}`);
    const a = national.slice(0, 3);
    const b = national.slice(3, 7);
    const c = national.slice(7);
    const shown = rng.pick([`${a} ${b} ${c}`, national, `+86 ${a} ${b} ${c}`, `${a}-${b}-${c}`]);
    return { shown, international };
  }
  const code = CN_LANDLINE_CODES[city];
  const { national, international } = validNumber('CN', () => `0${code}${rng.int(5, 8)}${rng.digits(7)}`);
  const local = national.slice(code.length + 1);
  const split = `${local.slice(0, 4)} ${local.slice(4)}`;
  const shown = rng.pick([`0${code}-${local}`, `(0${code}) ${split}`, `+86 ${code} ${split}`, `0${code}-${split}`]);
  return { shown, international };
}

function usPhone(rng: Rng): { shown: string; international: string } {
  const area = rng.pick(['415', '212', '312', '512', '646']);
  const { national, international } = validNumber('US', () => `${area}${rng.int(2, 9)}${rng.digits(6)}`);
  const a = national.slice(0, 3);
  const b = national.slice(3, 6);
  const c = national.slice(6);
  const shown = rng.pick([`+1 (${a}) ${b}-${c}`, `+1 ${a}-${b}-${c}`, `+1 ${a} ${b} ${c}`, `+1 ${a}.${b}.${c}`]);
  return { shown, international };
}

function ukPhone(rng: Rng, kind: PhoneKind): { shown: string; international: string } {
  if (kind === 'mobile') {
    const { national, international } = validNumber(
      'GB',
      () => `07${rng.pick(['4', '5', '7', '8', '9'])}${rng.digits(8)}`,
    );
    const shown = rng.pick([
      `+44 ${national.slice(1, 5)} ${national.slice(5)}`,
      `+44 (0)${national.slice(1, 5)} ${national.slice(5)}`,
    ]);
    return { shown, international };
  }
  const { national, international } = validNumber('GB', () => `020${rng.pick(['7', '3'])}${rng.digits(7)}`);
  const shown = rng.pick([
    `+44 20 ${national.slice(3, 7)} ${national.slice(7)}`,
    `+44 (0)20 ${national.slice(3, 7)} ${national.slice(7)}`,
  ]);
  return { shown, international };
}

const PHONE_LABELS: Record<CardKind, Record<PhoneKind, readonly string[]>> = {
  hk: {
    tel: ['電話 Tel', 'Tel', 'T', '電話'],
    mobile: ['手機 Mobile', 'Mobile', 'M', '手機'],
    fax: ['傳真 Fax', 'Fax', 'F', '傳真'],
  },
  cn: { tel: ['电话', '电话', 'Tel'], mobile: ['手机', '手机', 'Mob'], fax: ['传真', '传真', 'Fax'] },
  en: { tel: ['Tel', 'Phone', 'T', 'Office'], mobile: ['Mobile', 'Cell', 'M'], fax: ['Fax', 'F'] },
};

/** 1–3 phones: a mobile or an office line first, then maybe the other, then maybe a fax. */
function phones(rng: Rng, kind: CardKind, make: (k: PhoneKind) => { shown: string; international: string }) {
  const kinds: PhoneKind[] = [rng.chance(0.6) ? 'tel' : 'mobile'];
  if (rng.chance(0.6)) kinds.push(kinds[0] === 'tel' ? 'mobile' : 'tel');
  if (rng.chance(0.35)) kinds.push('fax');
  const style = rng.int(0, 3);
  return kinds.map((k): CardPhone => {
    const labels = PHONE_LABELS[kind][k];
    return { label: labels[style % labels.length] ?? k, ...make(k), fax: k === 'fax' };
  });
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Splits an address into 1–2 printed lines at a ", " (Latin) or anywhere after the district (Chinese). */
function latinAddress(rng: Rng, label: string, full: string): CardAddress {
  const cuts = [...full.matchAll(/, /g)].map((m) => m.index);
  if (cuts.length === 0 || rng.chance(0.3)) return { label, lines: [full], joined: full };
  const cut = cuts[Math.floor(cuts.length / 2)] ?? 0;
  return { label, lines: [full.slice(0, cut + 1), full.slice(cut + 2)], joined: full };
}

function chineseAddress(rng: Rng, label: string, full: string, cutAt: number): CardAddress {
  if (rng.chance(0.5)) return { label, lines: [full], joined: full };
  return { label, lines: [full.slice(0, cutAt), full.slice(cutAt)], joined: full };
}

function hkCard(rng: Rng): Omit<CardModel, 'truth'> {
  const [surname, surnameEn] = rng.pick(HK_SURNAMES);
  const given = rng.pick(HK_GIVEN);
  const englishGiven = rng.pick(HK_ENGLISH_GIVEN);
  const latinName = rng.chance(0.3) ? `${englishGiven} ${surnameEn.toUpperCase()}` : `${englishGiven} ${surnameEn}`;
  const [stem, stemEn] = rng.pick(HK_COMPANY_STEMS);
  const [industry, industryEn] = rng.pick(HK_INDUSTRIES);
  const company = [
    `${stem}${industry}有限公司`,
    `${stemEn} ${industryEn} ${rng.pick(['Limited', 'Company Limited', 'Co., Ltd.'])}`,
  ];
  const [position, positionEn] = rng.pick(HK_POSITIONS);
  const district = rng.pick(HK_DISTRICTS);
  const [street, streetEn] = rng.pick(district.streets);
  const [building, buildingEn] = rng.pick(HK_BUILDINGS);
  const number = rng.int(1, 388);
  const floor = rng.int(2, 32);
  const region = district.region[0] === '香港' ? '香港' : `香港${district.region[0]}`;
  const zhHead = `${region}${district.zh}${street}${number}號`;
  const zh = `${zhHead}${building}${floor}樓`;
  const unit = rng.chance(0.4) ? `Room ${floor}${rng.pick(['01', '03', '08', '12'])}, ` : '';
  const en = `${unit}${floor}/F, ${buildingEn}, ${number} ${streetEn}, ${district.en}, ${district.region[1]}`;
  const domain = `${slug(stemEn)}${rng.pick(['.com.hk', '.hk', '.com'])}`;
  const emailUser = rng.chance(0.5)
    ? `${slug(englishGiven)}.${slug(surnameEn)}`
    : `${slug(englishGiven).charAt(0)}${slug(surnameEn)}`;
  const address = [chineseAddress(rng, '地址', zh, zhHead.length), latinAddress(rng, 'Address', en)];
  return {
    kind: 'hk',
    chineseName: `${surname}${given}`,
    latinName,
    company,
    position: [position, positionEn],
    phones: phones(rng, 'hk', (k) => hkPhone(rng, k)),
    emailLabel: rng.pick(['電郵 Email', 'Email', 'E']),
    email: [`${emailUser}@${domain}`],
    websiteLabel: rng.pick(['網址', 'Web', 'W', '']),
    website: rng.chance(0.7) ? [`www.${domain}`] : [],
    // Both languages' addresses, or one of them.
    address: rng.chance(0.5) ? address : address.slice(rng.int(0, 1)).slice(0, 1),
    slogans: rng.chance(0.2) ? [rng.pick(SLOGANS_ZH)] : [],
  };
}

function cnCard(rng: Rng): Omit<CardModel, 'truth'> {
  const city = rng.pick(CN_CITIES);
  const name = `${rng.pick(CN_SURNAMES)}${rng.pick(CN_GIVEN)}`;
  const stem = rng.pick(CN_COMPANY_STEMS);
  const company = [`${city}${stem}${rng.pick(CN_INDUSTRIES)}${rng.pick(['有限公司', '有限公司', '股份有限公司'])}`];
  const { districts, roads } = CN_DISTRICTS[city];
  const district = rng.pick(districts);
  const head = `${city}市${district}${rng.pick(roads)}${rng.int(1, 999)}号`;
  const full = `${head}${rng.pick(CN_BUILDINGS)}${rng.int(2, 40)}${rng.pick(['楼', '层'])}${rng.chance(0.5) ? `${rng.int(1, 30)}${rng.pick(['01', '05', '08'])}室` : ''}`;
  const pinyin = ['hengtai', 'dingsheng', 'ruifeng', 'boyuan', 'tiancheng', 'qiming', 'runhe', 'jiahe'][
    CN_COMPANY_STEMS.indexOf(stem)
  ];
  const domain = `${pinyin ?? 'company'}${rng.pick(['.com.cn', '.cn', '.com'])}`;
  const user = rng.pick(['sales', 'info', 'service', 'market', 'contact']) + (rng.chance(0.5) ? rng.digits(2) : '');
  return {
    kind: 'cn',
    chineseName: name,
    latinName: '',
    company,
    position: [rng.pick(CN_POSITIONS)],
    phones: phones(rng, 'cn', (k) => cnPhone(rng, k, city)),
    emailLabel: rng.pick(['邮箱', '邮箱', 'E-mail']),
    email: [`${user}@${domain}`],
    websiteLabel: rng.pick(['网址', '网站', '']),
    website: rng.chance(0.6) ? [`www.${domain}`] : [],
    address: [chineseAddress(rng, '地址', full, head.length)],
    slogans: rng.chance(0.2) ? [rng.pick(SLOGANS_CN)] : [],
  };
}

function enCard(rng: Rng): Omit<CardModel, 'truth'> {
  const uk = rng.chance(0.4);
  const given = rng.pick(EN_GIVEN);
  const surname = rng.pick(EN_SURNAMES);
  const stem = rng.pick(EN_COMPANY_STEMS);
  const suffix = uk ? rng.pick(['Ltd.', 'Limited', 'Ltd']) : rng.pick(['Inc.', 'LLC', 'Inc.']);
  const company = [`${stem} ${rng.pick(EN_INDUSTRIES)} ${suffix}`];
  const [street, city] = uk ? rng.pick(UK_ADDRESSES) : rng.pick(US_ADDRESSES);
  const full = uk
    ? `${rng.int(2, 120)} ${street}, ${city}, United Kingdom`
    : `${rng.int(100, 2400)} ${street}, Suite ${rng.int(1, 30)}00, ${city}`;
  const domain = `${slug(stem)}${uk ? rng.pick(['.co.uk', '.com']) : rng.pick(['.com', '.io'])}`;
  const user = rng.chance(0.5) ? `${slug(given)}.${slug(surname)}` : `${slug(given).charAt(0)}${slug(surname)}`;
  return {
    kind: 'en',
    chineseName: '',
    latinName: `${given} ${surname}`,
    company,
    position: [rng.pick(EN_POSITIONS)],
    phones: phones(rng, 'en', (k) => (uk ? ukPhone(rng, k) : usPhone(rng))),
    emailLabel: rng.pick(['Email', 'E', '']),
    email: [`${user}@${domain}`],
    websiteLabel: rng.pick(['Web', 'W', '']),
    website: rng.chance(0.7) ? [`www.${domain}`] : [],
    address: [latinAddress(rng, rng.pick(['Address', '']), full)],
    slogans: rng.chance(0.25) ? [rng.pick(SLOGANS_EN)] : [],
  };
}

/** What a perfect extractor returns for the card (the rules: ./index.ts). */
export function truthOf(card: Omit<CardModel, 'truth'>): CardFields {
  return {
    // name: the Chinese name if any, else the Latin one; english_name: the Latin name beside a Chinese one.
    name: card.chineseName || card.latinName,
    english_name: card.chineseName ? card.latinName : '',
    company: [...card.company],
    position: [...card.position],
    tel: card.phones.filter((p) => !p.fax).map((p) => p.international),
    email: [...card.email],
    website: [...card.website],
    address: card.address.map((a) => a.joined),
    other: [...card.phones.filter((p) => p.fax).map((p) => `Fax: ${p.international}`), ...card.slogans],
  };
}

/** The model of one card of `kind`, everything drawn from `rng`. */
export function makeCard(rng: Rng, kind: CardKind): CardModel {
  const card = kind === 'hk' ? hkCard(rng) : kind === 'cn' ? cnCard(rng) : enCard(rng);
  return { ...card, truth: truthOf(card) };
}
