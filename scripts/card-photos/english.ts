/**
 * English cards: en (United States, United Kingdom, Canada, Australia) and sg (Singapore:
 * Chinese, Indian and Malay names, sometimes the Chinese name in Simplified).
 */
import type { CountryCode } from 'libphonenumber-js/max';
import {
  type CardDraft,
  emailUser,
  groups,
  latinAddress,
  lineOf,
  type Pair,
  type PhoneKind,
  type PhoneLabels,
  type Printed,
  phoneList,
  type Rng,
  slug,
  validNumber,
} from './common';

// en -----------------------------------------------------------------------------------------

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
  'Priyanka',
  'Marcus',
  'Aisha',
  'Ethan',
  'Megan',
  'Liam',
  'Chloe',
  'Nathaniel',
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
  "O'Brien",
  'McAllister',
  'Nguyen',
  'Kim',
  'Patel',
  'Fitzgerald',
  'MacDonald',
  'Connor',
  'Singh',
  'Tremblay',
];
const EN_COMPANY_STEMS = [
  'Brightwater',
  'Northfield',
  'Blue Harbor',
  'Redwood',
  'Silverline',
  'Oakridge',
  'Greenleaf',
  'Maple & Finch',
  'Southern Cross',
  'Granite Peak',
  'Harbourside',
];
const EN_INDUSTRIES = [
  'Analytics',
  'Consulting',
  'Design',
  'Systems',
  'Logistics',
  'Capital',
  'Labs',
  'Health',
  'Energy',
  'Partners',
];
const EN_POSITIONS = [
  'Senior Software Engineer',
  'Account Executive',
  'Marketing Director',
  'Chief Executive Officer',
  'Product Manager',
  'Operations Manager',
  'Head of Sales',
  'Principal Consultant',
  'VP, Business Development',
  'Senior Associate',
  'Regional Sales Manager',
  'Founder & CEO',
];
const SLOGANS_EN = [
  'Building trust since 1998',
  'Your partner in growth',
  'Quality first',
  'Design that works',
  'Ideas into action',
];

type EnCity = {
  /** The line with city, state or region and postcode. */
  city: string;
  streets: readonly string[];
  /** US/CA: area codes; GB/AU: the landline code without its trunk 0, and the local length. */
  codes: readonly string[];
  local?: number;
};
const EN_COUNTRIES: { country: CountryCode; name: string; cities: EnCity[] }[] = [
  {
    country: 'US',
    name: 'USA',
    cities: [
      { city: 'San Francisco, CA 94103', streets: ['Market Street', 'Mission Street'], codes: ['415', '628'] },
      { city: 'New York, NY 10016', streets: ['Madison Avenue', 'Park Avenue South'], codes: ['212', '646'] },
      { city: 'Chicago, IL 60611', streets: ['Michigan Avenue', 'Wacker Drive'], codes: ['312'] },
      { city: 'Austin, TX 78701', streets: ['Congress Avenue'], codes: ['512'] },
      { city: 'Seattle, WA 98101', streets: ['Pike Street', '4th Avenue'], codes: ['206'] },
      { city: 'Boston, MA 02110', streets: ['State Street', 'Atlantic Avenue'], codes: ['617'] },
      { city: 'Atlanta, GA 30303', streets: ['Peachtree Street NE'], codes: ['404'] },
      { city: 'Los Angeles, CA 90017', streets: ['Wilshire Boulevard', 'Figueroa Street'], codes: ['213'] },
    ],
  },
  {
    country: 'GB',
    name: 'United Kingdom',
    cities: [
      { city: 'London EC2V 8AU', streets: ['King Street', 'Gresham Street'], codes: ['20'], local: 8 },
      { city: 'Manchester M3 2BW', streets: ['Deansgate'], codes: ['161'], local: 7 },
      { city: 'Edinburgh EH2 2LR', streets: ['George Street'], codes: ['131'], local: 7 },
      { city: 'Birmingham B3 2HJ', streets: ['Colmore Row'], codes: ['121'], local: 7 },
      { city: 'Bristol BS1 4DJ', streets: ['Queen Square'], codes: ['117'], local: 7 },
    ],
  },
  {
    country: 'CA',
    name: 'Canada',
    cities: [
      { city: 'Toronto, ON M5X 1C9', streets: ['King Street West', 'Bay Street'], codes: ['416', '647'] },
      { city: 'Vancouver, BC V6C 3E8', streets: ['West Georgia Street', 'Burrard Street'], codes: ['604'] },
      { city: 'Montréal, QC H3B 4W8', streets: ['Boulevard René-Lévesque Ouest'], codes: ['514'] },
      { city: 'Calgary, AB T2P 1J9', streets: ['8 Avenue SW'], codes: ['403'] },
    ],
  },
  {
    country: 'AU',
    name: 'Australia',
    cities: [
      { city: 'Sydney NSW 2000', streets: ['Martin Place', 'George Street'], codes: ['2'], local: 8 },
      { city: 'Melbourne VIC 3000', streets: ['Collins Street', 'Bourke Street'], codes: ['3'], local: 8 },
      { city: 'Brisbane QLD 4000', streets: ['Queen Street', 'Eagle Street'], codes: ['7'], local: 8 },
      { city: 'Perth WA 6000', streets: ['St Georges Terrace'], codes: ['8'], local: 8 },
    ],
  },
];

/** A North American number: area code + exchange + line, printed with or without +1. */
function nanpPhone(rng: Rng, region: CountryCode, city: EnCity): Printed {
  const area = rng.pick(city.codes);
  const { national, international } = validNumber(
    region,
    () => `${area}${rng.int(2, 9)}${rng.digits(2)}${rng.chance(0.2) ? '01' : rng.digits(2)}${rng.digits(2)}`,
  );
  const [a, b, c] = groups(national, 3, 3, 4);
  const shown = rng.pick([
    `+1 (${a}) ${b}-${c}`,
    `(${a}) ${b}-${c}`,
    `${a}-${b}-${c}`,
    `${a}.${b}.${c}`,
    `+1 ${a} ${b} ${c}`,
    `+1 ${a}-${b}-${c}`,
    `1-${a}-${b}-${c}`,
  ]);
  return { shown, international };
}

function ukPhone(rng: Rng, kind: PhoneKind, city: EnCity): Printed {
  if (kind === 'mobile') {
    const { national, international } = validNumber(
      'GB',
      () => `07${rng.pick(['4', '5', '7', '8', '9'])}${rng.digits(8)}`,
      'mobile',
    );
    const [a = '', b = ''] = groups(national, 5, 6);
    const shown = rng.pick([`${a} ${b}`, `+44 ${a.slice(1)} ${b}`, `+44 (0)${a.slice(1)} ${b}`]);
    return { shown, international };
  }
  const code = rng.pick(city.codes);
  const local = city.local ?? 8;
  const first = () => (code === '20' ? rng.pick(['7', '3', '8']) : String(rng.int(2, 9)));
  const { national, international } = validNumber('GB', () => `0${code}${first()}${rng.digits(local - 1)}`, 'fixed');
  const [a, b] = groups(national.slice(code.length + 1), local - 4, 4);
  const shown = rng.pick([
    `0${code} ${a} ${b}`,
    `+44 ${code} ${a} ${b}`,
    `+44 (0)${code} ${a} ${b}`,
    `0${code} ${a} ${b}`,
  ]);
  return { shown, international };
}

function auPhone(rng: Rng, kind: PhoneKind, city: EnCity): Printed {
  if (kind === 'mobile') {
    const { national, international } = validNumber('AU', () => `04${rng.digits(8)}`, 'mobile');
    const [a = '', b, c] = groups(national, 4, 3, 3);
    const shown = rng.pick([`${a} ${b} ${c}`, `+61 ${a.slice(1)} ${b} ${c}`, `${a}${b}${c}`]);
    return { shown, international };
  }
  const code = rng.pick(city.codes);
  const { national, international } = validNumber(
    'AU',
    () => `0${code}${rng.pick(['3', '6', '8', '9'])}${rng.digits(7)}`,
    'fixed',
  );
  const [a, b] = groups(national.slice(2), 4, 4);
  const shown = rng.pick([
    `(0${code}) ${a} ${b}`,
    `0${code} ${a} ${b}`,
    `+61 ${code} ${a} ${b}`,
    `+61 (0)${code} ${a} ${b}`,
  ]);
  return { shown, international };
}

const EN_LABELS: Record<string, PhoneLabels> = {
  US: {
    tel: ['Tel', 'Phone', 'T', 'Office', 'P', 'Direct'],
    mobile: ['Mobile', 'Cell', 'M', 'Cell', 'C', 'Mobile'],
    fax: ['Fax', 'Fax', 'F', 'Fax', 'F', 'Fax'],
  },
  GB: {
    tel: ['Tel', 'T', 'Office', 'DD', 'Tel', 'Telephone'],
    mobile: ['Mobile', 'M', 'Mob', 'Mobile', 'Mob', 'Mobile'],
    fax: ['Fax', 'F', 'Fax', 'Fax', 'F', 'Fax'],
  },
  AU: {
    tel: ['Ph', 'T', 'Phone', 'Tel', 'P', 'Office'],
    mobile: ['Mob', 'M', 'Mobile', 'Mobile', 'M', 'Mob'],
    fax: ['Fax', 'F', 'Fax', 'Fax', 'F', 'Fax'],
  },
};

const SUFFIXES: Partial<Record<CountryCode, readonly string[]>> = {
  US: ['PhD', 'MBA', 'CPA', 'Esq.'],
  GB: ['MBA', 'PhD', 'FCA'],
  CA: ['P.Eng.', 'CPA', 'PhD'],
  AU: ['PhD', 'FCPA'],
};
const COMPANY_FORMS: Partial<Record<CountryCode, readonly string[]>> = {
  US: ['Inc.', 'LLC', 'Inc.', 'Corp.', 'Group'],
  GB: ['Ltd.', 'Limited', 'Ltd', 'LLP', 'plc'],
  CA: ['Inc.', 'Ltd.', 'Corp.'],
  AU: ['Pty Ltd', 'Pty. Ltd.', 'Pty Ltd'],
};
const TLDS: Partial<Record<CountryCode, readonly string[]>> = {
  US: ['.com', '.io', '.com', '.co'],
  GB: ['.co.uk', '.com', '.uk'],
  CA: ['.ca', '.com'],
  AU: ['.com.au', '.com.au', '.au'],
};

export function enCard(rng: Rng): CardDraft {
  const place = rng.pick([0, 0, 0, 1, 1, 2, 3].map((i) => EN_COUNTRIES[i] ?? EN_COUNTRIES[0]));
  if (!place) throw new Error('no English country');
  const { country } = place;
  const city = rng.pick(place.cities);
  const given = rng.pick(EN_GIVEN);
  const surname = rng.pick(EN_SURNAMES);
  const middle = rng.chance(0.2) ? ` ${rng.pick('ABCDEFGHJKLMNPRSTW'.split(''))}.` : '';
  const suffixes = SUFFIXES[country] ?? [];
  const nameSuffix = rng.chance(0.12) ? `, ${rng.pick(suffixes)}` : '';
  const stem = rng.pick(EN_COMPANY_STEMS);
  const company = [`${stem} ${rng.pick(EN_INDUSTRIES)} ${rng.pick(COMPANY_FORMS[country] ?? ['Inc.'])}`];
  const number = rng.int(1, 2400);
  const street = rng.pick(city.streets);
  let parts: string[];
  if (country === 'AU') {
    parts = [`Level ${rng.int(2, 40)}`, `${rng.int(1, 400)} ${street}`, city.city];
  } else if (country === 'GB') {
    parts = [
      ...(rng.chance(0.4) ? [rng.pick(['Floor', 'Suite', 'Unit'])] : []),
      `${rng.int(1, 150)} ${street}`,
      city.city,
    ];
    if (parts.length === 3) parts[0] = `${parts[0]} ${rng.int(1, 9)}`;
  } else {
    const unit = rng.chance(0.25)
      ? `Floor ${rng.int(2, 60)}`
      : `${rng.pick(['Suite', 'Suite', 'Ste.'])} ${rng.int(1, 30)}${rng.pick(['00', '10', '50'])}`;
    parts = [`${number} ${street}`, unit, city.city];
  }
  if (rng.chance(country === 'US' ? 0.15 : 0.45)) parts.push(place.name);
  const domain = `${slug(stem)}${rng.pick(TLDS[country] ?? ['.com'])}`;
  const labels = EN_LABELS[country] ?? EN_LABELS.US;
  if (!labels) throw new Error('no labels');
  const make = (k: PhoneKind): Printed =>
    country === 'GB' ? ukPhone(rng, k, city) : country === 'AU' ? auPhone(rng, k, city) : nanpPhone(rng, country, city);
  return {
    kind: 'en',
    country,
    lang: 'en',
    chineseName: '',
    latinName: `${given}${middle} ${surname}`,
    nameSuffix,
    company,
    position: [rng.pick(EN_POSITIONS)],
    phones: phoneList(rng, country, labels, make),
    emailLabel: rng.pick(['Email', 'E', '', 'E-mail']),
    email: [`${emailUser(rng, given, surname)}@${domain}`],
    websiteLabel: rng.pick(['Web', 'W', '']),
    website: rng.chance(0.7) ? [`www.${domain}`] : [],
    address: [latinAddress(rng, rng.pick(['Address', '', '', 'A']), parts)],
    slogans: rng.chance(0.2) ? [rng.pick(SLOGANS_EN)] : [],
  };
}

// sg ------------------------------------------------------------------------------------------

/** Surnames as Singapore prints them (Hokkien, Teochew, Cantonese…) beside the Simplified form. */
const SG_SURNAMES: Pair[] = [
  ['陈', 'Tan'],
  ['林', 'Lim'],
  ['李', 'Lee'],
  ['黄', 'Ng'],
  ['吴', 'Goh'],
  ['王', 'Ong'],
  ['郑', 'Tay'],
  ['杨', 'Yeo'],
  ['许', 'Koh'],
  ['蔡', 'Chua'],
  ['刘', 'Lau'],
  ['梁', 'Leong'],
  ['谢', 'Chia'],
  ['叶', 'Yap'],
  ['张', 'Teo'],
];
const SG_GIVEN: Pair[] = [
  ['伟明', 'Wei Ming'],
  ['慧敏', 'Hui Min'],
  ['俊杰', 'Jun Jie'],
  ['美玲', 'Mei Ling'],
  ['志强', 'Chee Keong'],
  ['嘉欣', 'Jia Xin'],
  ['建华', 'Kian Hua'],
  ['丽华', 'Li Hua'],
  ['家伟', 'Kah Wai'],
  ['淑仪', 'Shu Yi'],
];
const SG_ENGLISH_GIVEN = [
  'Rachel',
  'Benjamin',
  'Jasmine',
  'Marcus',
  'Cheryl',
  'Desmond',
  'Vanessa',
  'Kelvin',
  'Germaine',
];
const SG_INDIAN = [
  'Priya Nair',
  'Rajesh Kumar',
  'Arun Pillai',
  'Kavitha Subramaniam',
  'Suresh Menon',
  'Deepa Krishnan',
  'Ravi Chandran',
  'Anjali Raj',
];
const SG_MALAY = [
  'Muhammad Faiz bin Ismail',
  'Nurul Huda binte Ahmad',
  'Siti Aisyah binte Rahman',
  'Ahmad Hafiz bin Osman',
  'Nur Syafiqah binte Yusof',
  'Mohamed Irfan bin Abdullah',
];
const SG_COMPANY_STEMS: Pair[] = [
  ['狮城', 'Lion City'],
  ['海峡', 'Straits'],
  ['兰花', 'Orchid'],
  ['滨海', 'Marina'],
  ['鱼尾狮', 'Merlion'],
  ['常青', 'Evergreen'],
  ['加冷', 'Kallang'],
];
const SG_INDUSTRIES: Pair[] = [
  ['贸易', 'Trading'],
  ['工程', 'Engineering'],
  ['科技', 'Technologies'],
  ['物流', 'Logistics'],
  ['咨询', 'Consulting'],
  ['资本', 'Capital'],
];
const SG_POSITIONS: Pair[] = [
  ['董事', 'Director'],
  ['高级经理', 'Senior Manager, Business Development'],
  ['助理副总裁', 'Assistant Vice President'],
  ['销售主管', 'Sales Executive'],
  ['区域销售经理', 'Regional Sales Manager'],
  ['软件工程师', 'Software Engineer'],
  ['董事经理', 'Managing Director'],
  ['财务经理', 'Finance Manager'],
];
/** Street, building ('' for none), postal code. */
const SG_ADDRESSES: readonly (readonly [string, string, string])[] = [
  ['1 Raffles Place', 'One Raffles Place', '048616'],
  ['10 Anson Road', 'International Plaza', '079903'],
  ['80 Robinson Road', '', '068898'],
  ['6 Shenton Way', 'OUE Downtown', '068809'],
  ['3 Temasek Boulevard', 'Suntec Tower One', '038983'],
  ['391 Orchard Road', 'Ngee Ann City', '238872'],
  ['1 Fusionopolis Way', 'Connexis', '138632'],
  ['50 Ubi Avenue 3', 'Frontier', '408866'],
];

function sgPhone(rng: Rng, kind: PhoneKind): Printed {
  const first = kind === 'mobile' ? rng.pick(['8', '9']) : '6';
  const { national, international } = validNumber('SG', () => `${first}${rng.digits(7)}`, lineOf(kind));
  const [a, b] = groups(national, 4, 4);
  const shown = rng.pick([
    `+65 ${a} ${b}`,
    `${a} ${b}`,
    `(65) ${a} ${b}`,
    `+65-${a}-${b}`,
    `+65 ${a}${b}`,
    `${a} ${b}`,
  ]);
  return { shown, international };
}

const SG_LABELS: PhoneLabels = {
  tel: ['Tel', 'T', 'DID', 'Office', 'Tel', 'O'],
  mobile: ['Mobile', 'M', 'HP', 'Mobile', 'Mob', 'H/P'],
  fax: ['Fax', 'F', 'Fax', 'Fax', 'F', 'F'],
};

export function sgCard(rng: Rng): CardDraft {
  const origin = rng.pick(['chinese', 'chinese', 'chinese', 'indian', 'malay']);
  let chineseName = '';
  let latinName: string;
  let given: string;
  let surname: string;
  if (origin === 'chinese') {
    const [zhSurname, enSurname] = rng.pick(SG_SURNAMES);
    const [zhGiven, enGiven] = rng.pick(SG_GIVEN);
    const english = rng.pick(SG_ENGLISH_GIVEN);
    latinName = rng.pick([
      `${enSurname} ${enGiven}`,
      `${english} ${enSurname}`,
      `${english} ${enSurname} ${enGiven}`,
      `${enSurname.toUpperCase()} ${enGiven}`,
    ]);
    if (rng.chance(0.45)) chineseName = `${zhSurname}${zhGiven}`;
    given = latinName.startsWith(english) ? english : enGiven;
    surname = enSurname;
  } else {
    latinName = rng.pick(origin === 'indian' ? SG_INDIAN : SG_MALAY);
    const words = latinName.split(' ');
    given = words[0] ?? 'info';
    surname = words[origin === 'indian' ? 1 : words.length - 1] ?? 'info';
  }
  const [stem, stemEn] = rng.pick(SG_COMPANY_STEMS);
  const [industry, industryEn] = rng.pick(SG_INDUSTRIES);
  const chineseToo = chineseName !== '' && rng.chance(0.5);
  const company = [`${stemEn} ${industryEn} ${rng.pick(['Pte. Ltd.', 'Pte Ltd', 'Pte. Ltd.', 'Pte Ltd.'])}`];
  const [positionZh, position] = rng.pick(SG_POSITIONS);
  if (chineseToo) company.unshift(`${stem}${industry}私人有限公司`);
  const [street, building, postal] = rng.pick(SG_ADDRESSES);
  const unit = `#${String(rng.int(2, 40)).padStart(2, '0')}-${String(rng.int(1, 20)).padStart(2, '0')}`;
  const parts = [street, building ? `${unit} ${building}` : unit, `Singapore ${postal}`];
  const domain = `${slug(stemEn)}${rng.pick(['.com.sg', '.sg', '.com', '.com.sg'])}`;
  return {
    kind: 'sg',
    country: 'SG',
    lang: chineseName ? 'en-SG' : 'en',
    chineseName,
    latinName,
    nameSuffix: '',
    company,
    position: chineseToo ? [positionZh, position] : [position],
    phones: phoneList(rng, 'SG', SG_LABELS, (k) => sgPhone(rng, k)),
    emailLabel: rng.pick(['Email', 'E', '', 'E-mail']),
    email: [`${emailUser(rng, given, surname)}@${domain}`],
    websiteLabel: rng.pick(['Web', 'W', '']),
    website: rng.chance(0.6) ? [`www.${domain}`] : [],
    address: [latinAddress(rng, rng.pick(['Address', '', 'A']), parts)],
    slogans: rng.chance(0.15) ? [rng.pick(SLOGANS_EN)] : [],
  };
}
