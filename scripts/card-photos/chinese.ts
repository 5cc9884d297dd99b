/**
 * Cards with a Chinese name: bilingual Hong Kong (hk), mainland Simplified only (cn), mainland
 * Simplified + English (cnen) and Taiwan (tw, Traditional, often with English).
 */
import {
  type CardAddress,
  type CardDraft,
  chineseAddress,
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

// Hong Kong ------------------------------------------------------------------------------------

/** Surnames: Chinese and Cantonese romanization. */
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
  ['鍾', 'Chung'],
  ['鄧', 'Tang'],
  ['蕭', 'Siu'],
  ['譚', 'Tam'],
  ['盧', 'Lo'],
  ['馮', 'Fung'],
  ['駱', 'Lok'],
  ['葉', 'Yip'],
  ['袁', 'Yuen'],
  ['潘', 'Poon'],
  ['彭', 'Pang'],
  ['蘇', 'So'],
];
/** Given names: Chinese and Cantonese romanization (as on an HKID: 'Tai Man'). */
const HK_GIVEN: Pair[] = [
  ['大文', 'Tai Man'],
  ['美玲', 'Mei Ling'],
  ['志明', 'Chi Ming'],
  ['家豪', 'Ka Ho'],
  ['嘉欣', 'Ka Yan'],
  ['俊傑', 'Chun Kit'],
  ['詠詩', 'Wing Sze'],
  ['偉強', 'Wai Keung'],
  ['曉彤', 'Hiu Tung'],
  ['子健', 'Tsz Kin'],
  ['慧敏', 'Wai Man'],
  ['國華', 'Kwok Wah'],
  ['敏', 'Man'],
  ['傑', 'Kit'],
  ['穎', 'Wing'],
  ['浩然', 'Ho Yin'],
  ['卓霖', 'Cheuk Lam'],
  ['凱琪', 'Hoi Ki'],
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
  'Ivan',
  'Queenie',
  'Samson',
  'Cherry',
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
  ['永盛', 'Wing Shing'],
  ['偉業', 'Wai Yip'],
  ['環亞', 'Pan Asia'],
];
const HK_INDUSTRIES: Pair[] = [
  ['貿易', 'Trading'],
  ['科技', 'Technology'],
  ['物業管理', 'Property Management'],
  ['建築工程', 'Engineering'],
  ['投資', 'Investment'],
  ['物流', 'Logistics'],
  ['設計', 'Design'],
  ['財務', 'Finance'],
  ['印刷', 'Printing'],
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
  ['業務發展經理', 'Business Development Manager'],
  ['會計主任', 'Accounting Officer'],
];
/** Hong Kong districts: Chinese, English, region in Chinese and English, streets. */
const HK_DISTRICTS: { zh: string; en: string; region: Pair; streets: Pair[] }[] = [
  {
    zh: '尖沙咀',
    en: 'Tsim Sha Tsui',
    region: ['九龍', 'Kowloon'],
    streets: [
      ['彌敦道', 'Nathan Road'],
      ['廣東道', 'Canton Road'],
      ['加連威老道', 'Granville Road'],
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
  {
    zh: '銅鑼灣',
    en: 'Causeway Bay',
    region: ['香港', 'Hong Kong'],
    streets: [
      ['怡和街', 'Yee Wo Street'],
      ['軒尼詩道', 'Hennessy Road'],
    ],
  },
  {
    zh: '上環',
    en: 'Sheung Wan',
    region: ['香港', 'Hong Kong'],
    streets: [
      ['干諾道中', 'Connaught Road Central'],
      ['文咸東街', 'Bonham Strand East'],
    ],
  },
  { zh: '北角', en: 'North Point', region: ['香港', 'Hong Kong'], streets: [['英皇道', "King's Road"]] },
  { zh: '觀塘', en: 'Kwun Tong', region: ['九龍', 'Kowloon'], streets: [['觀塘道', 'Kwun Tong Road']] },
  {
    zh: '九龍灣',
    en: 'Kowloon Bay',
    region: ['九龍', 'Kowloon'],
    streets: [
      ['宏照道', 'Wang Chiu Road'],
      ['常悅道', 'Sheung Yuet Road'],
    ],
  },
  { zh: '長沙灣', en: 'Cheung Sha Wan', region: ['九龍', 'Kowloon'], streets: [['長沙灣道', 'Cheung Sha Wan Road']] },
  { zh: '荃灣', en: 'Tsuen Wan', region: ['新界', 'New Territories'], streets: [['沙咀道', 'Sha Tsui Road']] },
  { zh: '葵涌', en: 'Kwai Chung', region: ['新界', 'New Territories'], streets: [['葵涌道', 'Kwai Chung Road']] },
  { zh: '沙田', en: 'Sha Tin', region: ['新界', 'New Territories'], streets: [['沙田正街', 'Sha Tin Centre Street']] },
];
const HK_BUILDINGS: Pair[] = [
  ['美麗華大廈', 'Mirador Mansion'],
  ['富利大廈', 'Fu Lee Building'],
  ['德美中心', 'Tak Mei Centre'],
  ['新光商業大廈', 'Sun Kwong Commercial Building'],
  ['利華廣場', 'Lee Wah Plaza'],
  ['宏利中心', 'Wang Lee Centre'],
  ['興業商業中心', 'Hing Yip Commercial Centre'],
  ['永安大廈', 'Wing On House'],
  ['康德工業大廈', 'Hong Tak Industrial Building'],
  ['環球貿易中心', 'Global Trade Centre'],
];
const SLOGANS_HK = ['誠信為本 客戶至上', '專業 創新 共贏', '品質保證 服務至上'];

function hkPhone(rng: Rng, kind: PhoneKind): Printed {
  const first = kind === 'mobile' ? rng.pick(['5', '6', '9']) : rng.pick(['2', '3']);
  const { national, international } = validNumber('HK', () => first + rng.digits(7), lineOf(kind));
  const a = national.slice(0, 4);
  const b = national.slice(4);
  const shown = rng.pick([
    `${a} ${b}`,
    `+852 ${a} ${b}`,
    `(852) ${a} ${b}`,
    `+852-${a}-${b}`,
    `${a}-${b}`,
    `+852 ${a}${b}`,
  ]);
  return { shown, international };
}

const HK_LABELS: PhoneLabels = {
  tel: ['電話 Tel', 'Tel', 'T', '電話', 'Office', 'Tel'],
  mobile: ['手機 Mobile', 'Mobile', 'M', '手提', 'Mobile', 'Cell'],
  fax: ['傳真 Fax', 'Fax', 'F', '傳真', 'Fax', 'Fax'],
};

export function hkCard(rng: Rng): CardDraft {
  const [surname, surnameEn] = rng.pick(HK_SURNAMES);
  const [given, givenEn] = rng.pick(HK_GIVEN);
  const englishGiven = rng.pick(HK_ENGLISH_GIVEN);
  const style = rng.int(0, 9);
  const latinName =
    style < 4
      ? `${englishGiven} ${surnameEn}`
      : style < 6
        ? `${englishGiven} ${surnameEn.toUpperCase()}`
        : style < 8
          ? `${surnameEn} ${givenEn}`
          : `${englishGiven} ${surnameEn} ${givenEn}`;
  const [stem, stemEn] = rng.pick(HK_COMPANY_STEMS);
  const [industry, industryEn] = rng.pick(HK_INDUSTRIES);
  const company = [
    `${stem}${industry}有限公司`,
    `${stemEn} ${industryEn} ${rng.pick(['Limited', 'Company Limited', 'Co., Ltd.', 'Ltd.'])}`,
  ];
  const [position, positionEn] = rng.pick(HK_POSITIONS);
  const district = rng.pick(HK_DISTRICTS);
  const [street, streetEn] = rng.pick(district.streets);
  const [building, buildingEn] = rng.pick(HK_BUILDINGS);
  const number = rng.int(1, 388);
  const floor = rng.int(2, 32);
  const room = `${floor}${rng.pick(['01', '03', '08', '12', '15'])}`;
  const withRoom = rng.chance(0.4);
  const region = district.region[0] === '香港' ? '香港' : `香港${district.region[0]}`;
  const zhHead = `${region}${district.zh}${street}${number}號`;
  const zh = `${zhHead}${building}${floor}樓${withRoom && rng.chance(0.6) ? `${room}室` : ''}`;
  const unit = withRoom ? `${rng.pick(['Room', 'Unit', 'Rm'])} ${room}, ` : '';
  const enParts = [`${unit}${floor}/F`, buildingEn, `${number} ${streetEn}`, district.en, district.region[1]];
  if (district.region[1] !== 'Hong Kong' && rng.chance(0.2)) enParts.push('Hong Kong');
  const domain = `${slug(stemEn)}${rng.pick(['.com.hk', '.hk', '.com'])}`;
  const address = [chineseAddress(rng, '地址', zh, zhHead.length), latinAddress(rng, 'Address', enParts)];
  return {
    kind: 'hk',
    country: 'HK',
    lang: 'zh-Hant-HK',
    chineseName: `${surname}${given}`,
    latinName,
    nameSuffix: '',
    company,
    position: [position, positionEn],
    phones: phoneList(rng, 'HK', HK_LABELS, (k) => hkPhone(rng, k)),
    emailLabel: rng.pick(['電郵 Email', 'Email', 'E', 'E-mail']),
    // The e-mail of the English name printed, or of the Cantonese given name.
    email: [`${emailUser(rng, style < 6 || style >= 8 ? englishGiven : givenEn, surnameEn)}@${domain}`],
    websiteLabel: rng.pick(['網址', 'Web', 'W', '']),
    website: rng.chance(0.7) ? [`www.${domain}`] : [],
    // Both languages' addresses, or one of them.
    address: rng.chance(0.5) ? address : address.slice(rng.int(0, 1)).slice(0, 1),
    slogans: rng.chance(0.2) ? [rng.pick(SLOGANS_HK)] : [],
  };
}

// Mainland ----------------------------------------------------------------------------------

/** Surnames and given names: Simplified and pinyin. */
const CN_SURNAMES: Pair[] = [
  ['王', 'Wang'],
  ['李', 'Li'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
  ['杨', 'Yang'],
  ['赵', 'Zhao'],
  ['黄', 'Huang'],
  ['周', 'Zhou'],
  ['吴', 'Wu'],
  ['徐', 'Xu'],
  ['孙', 'Sun'],
  ['胡', 'Hu'],
  ['朱', 'Zhu'],
  ['高', 'Gao'],
  ['林', 'Lin'],
  ['郭', 'Guo'],
  ['马', 'Ma'],
  ['罗', 'Luo'],
  ['梁', 'Liang'],
  ['宋', 'Song'],
  ['郑', 'Zheng'],
  ['谢', 'Xie'],
  ['韩', 'Han'],
  ['唐', 'Tang'],
  ['冯', 'Feng'],
  ['邓', 'Deng'],
  ['曹', 'Cao'],
  ['彭', 'Peng'],
  ['萧', 'Xiao'],
  ['钟', 'Zhong'],
  ['卢', 'Lu'],
];
const CN_GIVEN: Pair[] = [
  ['伟', 'Wei'],
  ['芳', 'Fang'],
  ['娜', 'Na'],
  ['秀英', 'Xiuying'],
  ['敏', 'Min'],
  ['静', 'Jing'],
  ['丽', 'Li'],
  ['强', 'Qiang'],
  ['磊', 'Lei'],
  ['军', 'Jun'],
  ['洋', 'Yang'],
  ['勇', 'Yong'],
  ['杰', 'Jie'],
  ['涛', 'Tao'],
  ['晓明', 'Xiaoming'],
  ['海燕', 'Haiyan'],
  ['建国', 'Jianguo'],
  ['志强', 'Zhiqiang'],
  ['雨涵', 'Yuhan'],
  ['子轩', 'Zixuan'],
  ['思远', 'Siyuan'],
  ['欣怡', 'Xinyi'],
];
type CnCity = {
  zh: string;
  en: string;
  province: string;
  code: string;
  districts: Pair[];
  roads: Pair[];
};
const CN_CITIES: CnCity[] = [
  {
    zh: '上海',
    en: 'Shanghai',
    province: '',
    code: '21',
    districts: [
      ['浦东新区', 'Pudong New Area'],
      ['徐汇区', 'Xuhui District'],
      ['静安区', "Jing'an District"],
    ],
    roads: [
      ['世纪大道', 'Century Avenue'],
      ['淮海中路', 'Middle Huaihai Road'],
      ['南京西路', 'West Nanjing Road'],
    ],
  },
  {
    zh: '北京',
    en: 'Beijing',
    province: '',
    code: '10',
    districts: [
      ['朝阳区', 'Chaoyang District'],
      ['海淀区', 'Haidian District'],
      ['东城区', 'Dongcheng District'],
    ],
    roads: [
      ['建国路', 'Jianguo Road'],
      ['中关村大街', 'Zhongguancun Street'],
      ['东长安街', "East Chang'an Avenue"],
    ],
  },
  {
    zh: '深圳',
    en: 'Shenzhen',
    province: 'Guangdong',
    code: '755',
    districts: [
      ['南山区', 'Nanshan District'],
      ['福田区', 'Futian District'],
      ['宝安区', "Bao'an District"],
    ],
    roads: [
      ['深南大道', 'Shennan Avenue'],
      ['科技路', 'Keji Road'],
      ['滨海大道', 'Binhai Avenue'],
    ],
  },
  {
    zh: '广州',
    en: 'Guangzhou',
    province: 'Guangdong',
    code: '20',
    districts: [
      ['天河区', 'Tianhe District'],
      ['越秀区', 'Yuexiu District'],
    ],
    roads: [
      ['天河路', 'Tianhe Road'],
      ['环市东路', 'Huanshi East Road'],
    ],
  },
  {
    zh: '杭州',
    en: 'Hangzhou',
    province: 'Zhejiang',
    code: '571',
    districts: [
      ['西湖区', 'Xihu District'],
      ['滨江区', 'Binjiang District'],
    ],
    roads: [
      ['文三路', 'Wensan Road'],
      ['江南大道', 'Jiangnan Avenue'],
    ],
  },
  {
    zh: '苏州',
    en: 'Suzhou',
    province: 'Jiangsu',
    code: '512',
    districts: [
      ['工业园区', 'Suzhou Industrial Park'],
      ['姑苏区', 'Gusu District'],
    ],
    roads: [
      ['星湖街', 'Xinghu Street'],
      ['干将西路', 'Ganjiang West Road'],
    ],
  },
  {
    zh: '成都',
    en: 'Chengdu',
    province: 'Sichuan',
    code: '28',
    districts: [
      ['高新区', 'High-tech Zone'],
      ['锦江区', 'Jinjiang District'],
    ],
    roads: [
      ['天府大道', 'Tianfu Avenue'],
      ['红星路', 'Hongxing Road'],
    ],
  },
  {
    zh: '武汉',
    en: 'Wuhan',
    province: 'Hubei',
    code: '27',
    districts: [
      ['洪山区', 'Hongshan District'],
      ['江汉区', 'Jianghan District'],
    ],
    roads: [
      ['珞喻路', 'Luoyu Road'],
      ['解放大道', 'Jiefang Avenue'],
    ],
  },
  {
    zh: '南京',
    en: 'Nanjing',
    province: 'Jiangsu',
    code: '25',
    districts: [
      ['鼓楼区', 'Gulou District'],
      ['建邺区', 'Jianye District'],
    ],
    roads: [
      ['中山北路', 'North Zhongshan Road'],
      ['江东中路', 'Middle Jiangdong Road'],
    ],
  },
  {
    zh: '东莞',
    en: 'Dongguan',
    province: 'Guangdong',
    code: '769',
    districts: [
      ['南城区', 'Nancheng District'],
      ['松山湖', 'Songshan Lake'],
    ],
    roads: [
      ['鸿福路', 'Hongfu Road'],
      ['工业北路', 'Industrial North Road'],
    ],
  },
];
const CN_COMPANY_STEMS: Pair[] = [
  ['恒泰', 'Hengtai'],
  ['鼎盛', 'Dingsheng'],
  ['瑞丰', 'Ruifeng'],
  ['博远', 'Boyuan'],
  ['天诚', 'Tiancheng'],
  ['启明', 'Qiming'],
  ['润和', 'Runhe'],
  ['嘉禾', 'Jiahe'],
  ['华创', 'Huachuang'],
  ['中科', 'Zhongke'],
  ['汇通', 'Huitong'],
  ['云帆', 'Yunfan'],
];
const CN_INDUSTRIES: Pair[] = [
  ['科技', 'Technology'],
  ['智能科技', 'Intelligent Technology'],
  ['贸易', 'Trading'],
  ['信息技术', 'Information Technology'],
  ['建设工程', 'Construction Engineering'],
  ['文化传媒', 'Culture Media'],
  ['供应链管理', 'Supply Chain Management'],
  ['电子', 'Electronics'],
  ['新材料', 'New Materials'],
  ['医疗器械', 'Medical Devices'],
];
const CN_POSITIONS: Pair[] = [
  ['总经理', 'General Manager'],
  ['销售经理', 'Sales Manager'],
  ['技术总监', 'Technical Director'],
  ['高级工程师', 'Senior Engineer'],
  ['市场部经理', 'Marketing Manager'],
  ['项目经理', 'Project Manager'],
  ['人力资源主管', 'HR Supervisor'],
  ['副总裁', 'Vice President'],
  ['采购经理', 'Purchasing Manager'],
  ['海外销售经理', 'Overseas Sales Manager'],
  ['董事长', 'Chairman'],
  ['客户经理', 'Account Manager'],
];
const CN_BUILDINGS: Pair[] = [
  ['恒泰大厦', 'Hengtai Building'],
  ['创新大厦', 'Innovation Building'],
  ['国际金融中心', 'International Finance Centre'],
  ['科技广场', 'Tech Plaza'],
  ['财富中心', 'Fortune Centre'],
  ['软件园', 'Software Park'],
  ['环球中心', 'Global Center'],
];
const SLOGANS_CN = ['诚信 专业 创新', '客户至上 追求卓越', '科技改变生活'];

function cnPhone(rng: Rng, kind: PhoneKind, city: CnCity): Printed {
  if (kind === 'mobile') {
    const { national, international } = validNumber('CN', () => `1${rng.int(3, 9)}${rng.digits(9)}`, 'mobile');
    const [a, b, c] = groups(national, 3, 4, 4);
    const shown = rng.pick([`${a} ${b} ${c}`, national, `+86 ${a} ${b} ${c}`, `${a}-${b}-${c}`, `+86-${national}`]);
    return { shown, international };
  }
  const { code } = city;
  const { national, international } = validNumber('CN', () => `0${code}${rng.int(5, 8)}${rng.digits(7)}`, 'fixed');
  const local = national.slice(code.length + 1);
  const split = `${local.slice(0, 4)} ${local.slice(4)}`;
  const shown = rng.pick([
    `0${code}-${local}`,
    `(0${code}) ${split}`,
    `+86 ${code} ${split}`,
    `0${code}-${split}`,
    `+86-${code}-${local}`,
    `86-${code}-${local}`,
  ]);
  return { shown, international };
}

const CN_LABELS: PhoneLabels = {
  tel: ['电话', '电话', 'Tel', '座机', 'T', '电话'],
  mobile: ['手机', '手机', 'Mob', '手机', 'M', '手机'],
  fax: ['传真', '传真', 'Fax', '传真', 'F', '传真'],
};
const CNEN_LABELS: PhoneLabels = {
  tel: ['电话 Tel', 'Tel', 'T', '电话', 'Tel', '电话 Tel'],
  mobile: ['手机 Mob', 'Mobile', 'M', '手机', 'Mob', '手机 Mobile'],
  fax: ['传真 Fax', 'Fax', 'F', '传真', 'Fax', '传真 Fax'],
};

type CnAddress = { zh: string; zhHead: string; enParts: string[] };

function cnAddressOf(rng: Rng, city: CnCity): CnAddress {
  const [district, districtEn] = rng.pick(city.districts);
  const [road, roadEn] = rng.pick(city.roads);
  const [building, buildingEn] = rng.pick(CN_BUILDINGS);
  const number = rng.int(1, 999);
  const floor = rng.int(2, 40);
  const block = rng.chance(0.35) ? rng.pick(['A', 'B', 'C', '1', '2']) : '';
  const room = rng.chance(0.6) ? `${floor}${rng.pick(['01', '03', '05', '08', '12'])}` : '';
  const zhHead = `${city.zh}市${district}${road}${number}号`;
  const blockZh = block === '' ? '' : /\d/.test(block) ? `${block}栋` : `${block}座`;
  const zh = `${zhHead}${building}${blockZh}${room ? `${room}室` : `${floor}${rng.pick(['楼', '层'])}`}`;
  const enParts = [
    room ? `Room ${room}` : `${floor}/F`,
    ...(block ? [/\d/.test(block) ? `Building ${block}` : `Block ${block}`] : []),
    buildingEn,
    `${number} ${roadEn}`,
    districtEn,
    city.en,
  ];
  if (rng.chance(0.4)) enParts.push(...(city.province ? [city.province] : []), rng.pick(['China', 'P.R. China']));
  return { zh, zhHead, enParts };
}

export function cnCard(rng: Rng): CardDraft {
  const city = rng.pick(CN_CITIES);
  const name = `${rng.pick(CN_SURNAMES)[0]}${rng.pick(CN_GIVEN)[0]}`;
  const [stem, pinyin] = rng.pick(CN_COMPANY_STEMS);
  const prefix = rng.chance(0.7) ? `${city.zh}${rng.chance(0.6) ? '市' : ''}` : '';
  const company = [
    `${prefix}${stem}${rng.pick(CN_INDUSTRIES)[0]}${rng.pick(['有限公司', '有限公司', '股份有限公司'])}`,
  ];
  const { zh, zhHead } = cnAddressOf(rng, city);
  const domain = `${slug(pinyin)}${rng.pick(['.com.cn', '.cn', '.com'])}`;
  const user = rng.pick(['sales', 'info', 'service', 'market', 'contact']) + (rng.chance(0.5) ? rng.digits(2) : '');
  return {
    kind: 'cn',
    country: 'CN',
    lang: 'zh-Hans',
    chineseName: name,
    latinName: '',
    nameSuffix: '',
    company,
    position: [rng.pick(CN_POSITIONS)[0]],
    phones: phoneList(rng, 'CN', CN_LABELS, (k) => cnPhone(rng, k, city)),
    emailLabel: rng.pick(['邮箱', '邮箱', 'E-mail', '电子邮箱']),
    email: [`${user}@${domain}`],
    websiteLabel: rng.pick(['网址', '网站', '']),
    website: rng.chance(0.6) ? [`www.${domain}`] : [],
    address: [chineseAddress(rng, '地址', zh, zhHead.length)],
    slogans: rng.chance(0.2) ? [rng.pick(SLOGANS_CN)] : [],
  };
}

/** Mainland bilingual: Simplified name, company, title and address, each with its English. */
export function cnenCard(rng: Rng): CardDraft {
  const city = rng.pick(CN_CITIES);
  const [surname, surnamePy] = rng.pick(CN_SURNAMES);
  const [given, givenPy] = rng.pick(CN_GIVEN);
  const latinName = rng.pick([
    `${surnamePy} ${givenPy}`,
    `${givenPy} ${surnamePy}`,
    `${surnamePy.toUpperCase()} ${givenPy}`,
    `${givenPy} ${surnamePy.toUpperCase()}`,
  ]);
  const [stem, stemPy] = rng.pick(CN_COMPANY_STEMS);
  const [industry, industryEn] = rng.pick(CN_INDUSTRIES);
  const withCity = rng.chance(0.7);
  const joint = rng.chance(0.25);
  const company = [
    `${withCity ? `${city.zh}市` : ''}${stem}${industry}${joint ? '股份有限公司' : '有限公司'}`,
    `${withCity ? `${city.en} ` : ''}${stemPy} ${industryEn} ${joint ? rng.pick(['Co., Ltd.', 'Corporation']) : rng.pick(['Co., Ltd.', 'Co., Ltd', 'Limited'])}`,
  ];
  const [position, positionEn] = rng.pick(CN_POSITIONS);
  const { zh, zhHead, enParts } = cnAddressOf(rng, city);
  const addressLabel = rng.pick(['地址', '地址 Add', 'Add']);
  const addresses: CardAddress[] = [
    chineseAddress(rng, addressLabel === 'Add' ? '地址' : addressLabel, zh, zhHead.length),
    latinAddress(rng, addressLabel === '地址 Add' ? '' : 'Add', enParts),
  ];
  const domain = `${slug(stemPy)}${rng.pick(['.com.cn', '.cn', '.com', '-tech.com'])}`;
  return {
    kind: 'cnen',
    country: 'CN',
    lang: 'zh-Hans',
    chineseName: `${surname}${given}`,
    latinName,
    nameSuffix: '',
    company,
    position: [position, positionEn],
    phones: phoneList(rng, 'CN', CNEN_LABELS, (k) => cnPhone(rng, k, city)),
    emailLabel: rng.pick(['邮箱 E-mail', 'E-mail', 'Email', 'E']),
    email: [
      `${rng.chance(0.6) ? `${slug(givenPy)}.${slug(surnamePy)}` : `${slug(surnamePy)}${slug(givenPy)}`}@${domain}`,
    ],
    websiteLabel: rng.pick(['网址 Web', 'Web', 'W', '']),
    website: rng.chance(0.6) ? [`www.${domain}`] : [],
    // Both addresses mostly, or the Chinese one only.
    address: rng.chance(0.75) ? addresses : addresses.slice(0, 1),
    slogans: rng.chance(0.15) ? [rng.pick(SLOGANS_CN)] : [],
  };
}

// Taiwan ---------------------------------------------------------------------------------------

/** Surnames: Traditional and the romanization Taiwan prints (Wade–Giles mostly). */
const TW_SURNAMES: Pair[] = [
  ['林', 'Lin'],
  ['陳', 'Chen'],
  ['黃', 'Huang'],
  ['張', 'Chang'],
  ['李', 'Lee'],
  ['王', 'Wang'],
  ['吳', 'Wu'],
  ['劉', 'Liu'],
  ['蔡', 'Tsai'],
  ['楊', 'Yang'],
  ['許', 'Hsu'],
  ['鄭', 'Cheng'],
  ['謝', 'Hsieh'],
  ['郭', 'Kuo'],
  ['洪', 'Hung'],
  ['曾', 'Tseng'],
  ['邱', 'Chiu'],
  ['廖', 'Liao'],
  ['賴', 'Lai'],
  ['周', 'Chou'],
  ['簡', 'Chien'],
  ['蕭', 'Hsiao'],
];
const TW_GIVEN: Pair[] = [
  ['志偉', 'Chih-Wei'],
  ['雅婷', 'Ya-Ting'],
  ['俊宏', 'Chun-Hung'],
  ['怡君', 'Yi-Chun'],
  ['家豪', 'Chia-Hao'],
  ['淑芬', 'Shu-Fen'],
  ['建宏', 'Chien-Hung'],
  ['佳穎', 'Chia-Ying'],
  ['冠廷', 'Kuan-Ting'],
  ['宗翰', 'Tsung-Han'],
  ['美玲', 'Mei-Ling'],
  ['承恩', 'Cheng-En'],
  ['明哲', 'Ming-Che'],
  ['詩涵', 'Shih-Han'],
];
const TW_ENGLISH_GIVEN = [
  'David',
  'Kevin',
  'Vicky',
  'Amy',
  'Jerry',
  'Tina',
  'Frank',
  'Irene',
  'Allen',
  'Peggy',
  'Jack',
  'Cindy',
  'Steven',
  'Wendy',
];
const TW_COMPANY_STEMS: Pair[] = [
  ['永昕', 'Yung Hsin'],
  ['宏昇', 'Hung Sheng'],
  ['鼎新', 'Ting Hsin'],
  ['冠群', 'Kuan Chun'],
  ['晶采', 'Jing Tsai'],
  ['全盛', 'Chuan Sheng'],
  ['茂林', 'Mao Lin'],
  ['聯宇', 'Lien Yu'],
];
const TW_INDUSTRIES: Pair[] = [
  ['科技', 'Technology'],
  ['電子', 'Electronics'],
  ['國際', 'International'],
  ['實業', 'Industrial'],
  ['資訊', 'Information'],
  ['生技', 'Biotech'],
  ['精密工業', 'Precision Industry'],
  ['光電', 'Optoelectronics'],
];
const TW_POSITIONS: Pair[] = [
  ['經理', 'Manager'],
  ['業務經理', 'Sales Manager'],
  ['副總經理', 'Vice President'],
  ['工程師', 'Engineer'],
  ['專案經理', 'Project Manager'],
  ['總經理', 'General Manager'],
  ['資深工程師', 'Senior Engineer'],
  ['業務代表', 'Sales Representative'],
  ['行銷專員', 'Marketing Specialist'],
  ['協理', 'Assistant Vice President'],
  ['董事長', 'Chairman'],
  ['採購課長', 'Purchasing Section Chief'],
];
type TwCity = {
  zh: string;
  /** The other form of 台 (臺) printed on some cards, or ''. */
  alt: string;
  en: string;
  /** The area code without its trunk 0, and how many digits the local number has. */
  code: string;
  localDigits: number;
  districts: { zh: string; en: string; postcode: string; roads: Pair[] }[];
};
const TW_CITIES: TwCity[] = [
  {
    zh: '台北市',
    alt: '臺北市',
    en: 'Taipei City',
    code: '2',
    localDigits: 8,
    districts: [
      {
        zh: '信義區',
        en: 'Xinyi Dist.',
        postcode: '110',
        roads: [
          ['信義路五段', 'Sec. 5, Xinyi Rd.'],
          ['松仁路', 'Songren Rd.'],
          ['松高路', 'Songgao Rd.'],
        ],
      },
      {
        zh: '大安區',
        en: "Da'an Dist.",
        postcode: '106',
        roads: [
          ['敦化南路二段', 'Sec. 2, Dunhua S. Rd.'],
          ['忠孝東路四段', 'Sec. 4, Zhongxiao E. Rd.'],
        ],
      },
      {
        zh: '內湖區',
        en: 'Neihu Dist.',
        postcode: '114',
        roads: [
          ['瑞光路', 'Ruiguang Rd.'],
          ['內湖路一段', 'Sec. 1, Neihu Rd.'],
        ],
      },
      {
        zh: '中山區',
        en: 'Zhongshan Dist.',
        postcode: '104',
        roads: [
          ['南京東路三段', 'Sec. 3, Nanjing E. Rd.'],
          ['民生東路二段', 'Sec. 2, Minsheng E. Rd.'],
        ],
      },
    ],
  },
  {
    zh: '新北市',
    alt: '',
    en: 'New Taipei City',
    code: '2',
    localDigits: 8,
    districts: [
      {
        zh: '板橋區',
        en: 'Banqiao Dist.',
        postcode: '220',
        roads: [
          ['文化路一段', 'Sec. 1, Wenhua Rd.'],
          ['縣民大道二段', 'Sec. 2, Xianmin Blvd.'],
        ],
      },
      { zh: '新店區', en: 'Xindian Dist.', postcode: '231', roads: [['北新路三段', 'Sec. 3, Beixin Rd.']] },
      { zh: '汐止區', en: 'Xizhi Dist.', postcode: '221', roads: [['新台五路一段', 'Sec. 1, Xintai 5th Rd.']] },
    ],
  },
  {
    zh: '台中市',
    alt: '臺中市',
    en: 'Taichung City',
    code: '4',
    localDigits: 8,
    districts: [
      {
        zh: '西屯區',
        en: 'Xitun Dist.',
        postcode: '407',
        roads: [
          ['台灣大道三段', 'Sec. 3, Taiwan Blvd.'],
          ['市政北二路', 'Shizheng N. 2nd Rd.'],
        ],
      },
      { zh: '南屯區', en: 'Nantun Dist.', postcode: '408', roads: [['公益路二段', 'Sec. 2, Gongyi Rd.']] },
    ],
  },
  {
    zh: '高雄市',
    alt: '',
    en: 'Kaohsiung City',
    code: '7',
    localDigits: 7,
    districts: [
      { zh: '前鎮區', en: 'Qianzhen Dist.', postcode: '806', roads: [['中山二路', 'Sec. 2, Zhongshan Rd.']] },
      { zh: '苓雅區', en: 'Lingya Dist.', postcode: '802', roads: [['四維三路', 'Siwei 3rd Rd.']] },
    ],
  },
  {
    zh: '桃園市',
    alt: '',
    en: 'Taoyuan City',
    code: '3',
    localDigits: 7,
    districts: [
      { zh: '桃園區', en: 'Taoyuan Dist.', postcode: '330', roads: [['中正路', 'Zhongzheng Rd.']] },
      { zh: '中壢區', en: 'Zhongli Dist.', postcode: '320', roads: [['中華路二段', 'Sec. 2, Zhonghua Rd.']] },
    ],
  },
];
const SLOGANS_TW = ['專業 誠信 創新', '品質第一 服務至上', '用心 創造價值'];

function twPhone(rng: Rng, kind: PhoneKind, city: TwCity): Printed {
  if (kind === 'mobile') {
    const { national, international } = validNumber('TW', () => `09${rng.digits(8)}`, 'mobile');
    const [a, b, c] = groups(national, 4, 3, 3);
    const intl = national.slice(1);
    const [ia, ib, ic] = groups(intl, 3, 3, 3);
    const shown = rng.pick([
      `${a}-${b}-${c}`,
      `${a} ${b} ${c}`,
      `${a}-${b}${c}`,
      `+886 ${ia} ${ib} ${ic}`,
      `+886-${ia}-${ib}-${ic}`,
      `+886 ${intl}`,
    ]);
    return { shown, international };
  }
  const { code, localDigits } = city;
  const { national, international } = validNumber(
    'TW',
    () => `0${code}${rng.int(2, 8)}${rng.digits(localDigits - 1)}`,
    'fixed',
  );
  const local = national.slice(code.length + 1);
  const [a, b] = groups(local, localDigits - 4, 4);
  const shown = rng.pick([
    `(0${code}) ${a}-${b}`,
    `0${code}-${a}-${b}`,
    `0${code}-${a}${b}`,
    `+886-${code}-${a}-${b}`,
    `+886 ${code} ${a} ${b}`,
    `(0${code})${a}-${b}`,
  ]);
  return { shown, international };
}

const TW_LABELS: PhoneLabels = {
  tel: ['電話', 'Tel', 'TEL', '電話 Tel', 'T', '電話'],
  mobile: ['手機', 'Mobile', 'Mobile', '手機 Mobile', 'M', '行動'],
  fax: ['傳真', 'Fax', 'FAX', '傳真 Fax', 'F', '傳真'],
};

export function twCard(rng: Rng): CardDraft {
  const [surname, surnameEn] = rng.pick(TW_SURNAMES);
  const [given, givenEn] = rng.pick(TW_GIVEN);
  const englishGiven = rng.pick(TW_ENGLISH_GIVEN);
  const latinName = rng.chance(0.7)
    ? rng.pick([
        `${englishGiven} ${surnameEn}`,
        `${surnameEn} ${givenEn}`,
        `${givenEn} ${surnameEn}`,
        `${englishGiven} ${surnameEn.toUpperCase()}`,
      ])
    : '';
  const mailGiven = latinName.includes(givenEn) ? givenEn : englishGiven;
  const english = rng.chance(0.65);
  const [stem, stemEn] = rng.pick(TW_COMPANY_STEMS);
  const [industry, industryEn] = rng.pick(TW_INDUSTRIES);
  const joint = rng.chance(0.6);
  const company = [`${stem}${industry}${joint ? '股份有限公司' : '有限公司'}`];
  if (english) company.push(`${stemEn} ${industryEn} ${rng.pick(['Co., Ltd.', 'Co., Ltd.', 'Corp.', 'Inc.'])}`);
  const [position, positionEn] = rng.pick(TW_POSITIONS);
  const city = rng.pick(TW_CITIES);
  const district = rng.pick(city.districts);
  const [road, roadEn] = rng.pick(district.roads);
  const number = rng.int(1, 399);
  const floor = rng.int(2, 28);
  const sub = rng.chance(0.25) ? rng.int(1, 9) : 0;
  const cityZh = city.alt && rng.chance(0.35) ? city.alt : city.zh;
  const postcode = rng.chance(0.4) ? district.postcode : '';
  const zhHead = `${postcode}${cityZh}${district.zh}${road}${number}號`;
  const zh = `${zhHead}${floor}樓${sub ? `之${sub}` : ''}`;
  const addresses = [chineseAddress(rng, rng.pick(['地址', '地址', '公司地址']), zh, zhHead.length)];
  if (english && rng.chance(0.4)) {
    const parts = [
      `${floor}F.${sub ? `-${sub}` : ''}`,
      `No. ${number}`,
      roadEn,
      district.en,
      `${city.en} ${district.postcode}`,
    ];
    if (rng.chance(0.6)) parts.push(rng.pick(['Taiwan', 'Taiwan (R.O.C.)']));
    addresses.push(latinAddress(rng, rng.pick(['Add', 'Address', '']), parts));
  }
  const domain = `${slug(stemEn)}${rng.pick(['.com.tw', '.com.tw', '.com', '.tw'])}`;
  const user = rng.chance(0.6) ? emailUser(rng, mailGiven, surnameEn) : rng.pick(['sales', 'service', 'info']);
  return {
    kind: 'tw',
    country: 'TW',
    lang: 'zh-Hant-TW',
    chineseName: `${surname}${given}`,
    latinName,
    nameSuffix: '',
    company,
    position: english ? [position, positionEn] : [position],
    phones: phoneList(rng, 'TW', TW_LABELS, (k) => twPhone(rng, k, city)),
    emailLabel: rng.pick(['E-mail', 'Email', '信箱', '電子郵件']),
    email: [`${user}@${domain}`],
    websiteLabel: rng.pick(['網址', 'Web', 'W', '']),
    website: rng.chance(0.6) ? [`www.${domain}`] : [],
    address: addresses,
    slogans: rng.chance(0.15) ? [rng.pick(SLOGANS_TW)] : [],
  };
}
