import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveExtract } from '../../bench/ocr/naive-extract';
import { cardFieldsSchema } from '../../src/api/cloud';
import {
  type CardFields,
  detectChineseScript,
  EMPTY_FIELDS,
  extractFields,
  type OcrLine,
} from '../../src/lib/card-fields';
import { findPhones } from '../../src/lib/card-fields/phones';
import { f1, fieldF1, scoreFields } from '../../src/lib/card-fields/score';
import { scriptPairs } from '../../src/lib/card-fields/script';

/**
 * Recognized lines as tesseract.js gives them for a card photo: one line per row, top to bottom,
 * each `height` pixels tall (the name's type is the largest), 12 px apart.
 */
function card(rows: ReadonlyArray<readonly [text: string, height: number, confidence?: number]>): OcrLine[] {
  let y = 30;
  return rows.map(([text, height, confidence = 91]) => {
    const line = {
      text,
      bbox: { x0: 40, y0: y, x1: 40 + Math.round(text.length * height * 0.55), y1: y + height },
      confidence,
    };
    y += height + 12;
    return line;
  });
}

const fields = (f: Partial<CardFields>): CardFields => ({ ...EMPTY_FIELDS, ...f });

describe('extractFields on whole cards', () => {
  it('reads a bilingual Hong Kong card: Chinese and English name, company, title and address', () => {
    const lines = card([
      ['陳 大 文', 58],
      ['Peter CHAN Tai Man', 30],
      ['高級項目經理', 24],
      ['Senior Project Manager', 20],
      ['宏達科技有限公司', 26],
      ['Wang Tat Technology Limited', 22],
      ['香港九龍觀塘道 388 號創紀之城1期20樓2001室', 18],
      ['Room 2001, 20/F, Millennium City 1,', 18],
      ['388 Kwun Tong Road, Kowloon, Hong Kong', 18],
      ['Tel: +852 2345 6789  Mobile: +852 9123 4567', 18],
      ['Email: peter.chan@wangtat.com.hk', 18],
      ['www.wangtat.com.hk', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: '陳大文',
        english_name: 'Peter CHAN Tai Man',
        company: ['宏達科技有限公司', 'Wang Tat Technology Limited'],
        position: ['高級項目經理', 'Senior Project Manager'],
        tel: ['+852 2345 6789', '+852 9123 4567'],
        email: ['peter.chan@wangtat.com.hk'],
        website: ['www.wangtat.com.hk'],
        address: [
          '香港九龍觀塘道388號創紀之城1期20樓2001室',
          'Room 2001, 20/F, Millennium City 1, 388 Kwun Tong Road, Kowloon, Hong Kong',
        ],
      }),
    );
  });

  it('reads a plain US card: company above the name, address over two lines, US numbers', () => {
    const lines = card([
      ['Acme Robotics, Inc.', 28],
      ['Sarah J. Miller', 44],
      ['Vice President, Business Development', 20],
      ['1600 Amphitheatre Parkway', 18],
      ['Mountain View, CA 94043', 18],
      ['Office (650) 253-0000', 18],
      ['Cell +1 415 555 0132', 18],
      ['sarah.miller@acmerobotics.com', 18],
      ['acmerobotics.com', 18],
    ]);
    // A US card in a Hong Kong user's hands: "(650) 253-0000" is no Hong Kong number, it is a US one.
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: 'Sarah J. Miller',
        company: ['Acme Robotics, Inc.'],
        position: ['Vice President, Business Development'],
        tel: ['+1 650 253 0000', '+1 415 555 0132'],
        email: ['sarah.miller@acmerobotics.com'],
        website: ['acmerobotics.com'],
        address: ['1600 Amphitheatre Parkway, Mountain View, CA 94043'],
      }),
    );
  });

  it('reads a plain UK card with single-letter labels and a postcode', () => {
    const lines = card([
      ['James Whitfield', 40],
      ['Senior Solicitor', 22],
      ['Harbour & Lane LLP', 24],
      ['12 Bishopsgate', 18],
      ['London EC2N 4AY', 18],
      ['United Kingdom', 18],
      ['T +44 20 7946 0958', 18],
      ['E j.whitfield@harbourlane.co.uk', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: 'James Whitfield',
        company: ['Harbour & Lane LLP'],
        position: ['Senior Solicitor'],
        tel: ['+44 20 7946 0958'],
        email: ['j.whitfield@harbourlane.co.uk'],
        address: ['12 Bishopsgate, London EC2N 4AY, United Kingdom'],
      }),
    );
  });

  it('reads a Simplified Chinese mainland card with 手机, 电话, 邮箱 and a two-line 地址', () => {
    const lines = card([
      ['深圳市云帆科技有限公司', 26],
      ['李 明', 60],
      ['销售总监', 24],
      ['手机：138 0013 8000', 18],
      ['电话：0755-8888 6666', 18],
      ['邮箱：liming@yunfan.cn', 18],
      ['地址：广东省深圳市南山区科技园', 18],
      ['科苑路15号科兴科学园B栋3楼', 18],
    ]);
    expect(extractFields(lines, { area: 'ch' })).toEqual(
      fields({
        name: '李明',
        company: ['深圳市云帆科技有限公司'],
        position: ['销售总监'],
        tel: ['+86 138 0013 8000', '+86 755 8888 6666'],
        email: ['liming@yunfan.cn'],
        address: ['广东省深圳市南山区科技园科苑路15号科兴科学园B栋3楼'],
      }),
    );
  });

  it('reads a stacked layout: each label on its own line above its value', () => {
    const lines = card([
      ['Wong Siu Ming', 42],
      ['Creative Director', 22],
      ['Pixel Lane Studio', 24],
      ['Tel', 14],
      ['2811 2233', 18],
      ['Email', 14],
      ['ming@pixellane.hk', 18],
      ['Fax', 14],
      ['2811 2234', 18],
      ['Address', 14],
      ['Unit 5, 8/F, Cyberport 3', 18],
      ['Pok Fu Lam, Hong Kong', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: 'Wong Siu Ming',
        company: ['Pixel Lane Studio'],
        position: ['Creative Director'],
        tel: ['+852 2811 2233'],
        email: ['ming@pixellane.hk'],
        address: ['Unit 5, 8/F, Cyberport 3, Pok Fu Lam, Hong Kong'],
        other: ['Fax: +852 2811 2234'],
      }),
    );
  });

  it('reads a column of labels followed by a column of values, in order', () => {
    const lines = card([
      ['Alice Ng', 40],
      ['Finance Director', 20],
      ['T', 14],
      ['F', 14],
      ['E', 14],
      ['3188 1234', 16],
      ['3188 1200', 16],
      ['alice.ng@example.org', 16],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: 'Alice Ng',
        position: ['Finance Director'],
        tel: ['+852 3188 1234'],
        email: ['alice.ng@example.org'],
        other: ['Fax: +852 3188 1200'],
      }),
    );
  });

  it('reads through OCR noise: stray marks, spaced name, glued labels, O for 0 and l for 1, spaced e-mail', () => {
    const lines = card([
      ['| 張 小 芬 ©', 52, 78],
      ['Fiona CHEUNG', 28, 85],
      ['Marketing Manager', 20, 88],
      ['Bright Harbour Co., Ltd.', 22, 86],
      ['Tel:+852 23O4 5678 M.9l23 4567', 18, 70],
      ['fiona . cheung @ brightharbour . com', 18, 65],
      ['~ . ,', 10, 20],
      ['i|l ;', 10, 30],
      ['W: brightharbour,com', 18, 60],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: '張小芬',
        english_name: 'Fiona CHEUNG',
        company: ['Bright Harbour Co., Ltd.'],
        position: ['Marketing Manager'],
        tel: ['+852 2304 5678', '+852 9123 4567'],
        email: ['fiona.cheung@brightharbour.com'],
        website: ['brightharbour.com'],
      }),
    );
  });

  it('sends a fax to other and reads two phones on one line', () => {
    const lines = card([
      ['ABC Trading Limited', 24],
      ['Tony Lee', 40],
      ['Sales Manager', 20],
      ['T: 2345 6789  F: 2345 6780', 18],
      ['M: 9876 5432 / 6123 4567', 18],
      ['傳真：3111 2222', 18],
      ['tony@abctrading.com.hk', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: 'Tony Lee',
        company: ['ABC Trading Limited'],
        position: ['Sales Manager'],
        tel: ['+852 2345 6789', '+852 9876 5432', '+852 6123 4567'],
        email: ['tony@abctrading.com.hk'],
        other: ['Fax: +852 2345 6780', 'Fax: +852 3111 2222'],
      }),
    );
  });

  it('reads a Japanese-labelled card: 電話番号, ファックス, メール, 〒 address', () => {
    const lines = card([
      ['株式会社サンプル商事', 24],
      ['営業部 部長', 20],
      ['山田 太郎', 50],
      ['Taro Yamada', 24],
      ['〒100-0005 東京都千代田区丸の内1-1-1', 18],
      ['電話番号 03-1234-5678', 18],
      ['ファックス 03-1234-5679', 18],
      ['メール taro.yamada@sample.co.jp', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: '山田太郎',
        english_name: 'Taro Yamada',
        company: ['株式会社サンプル商事'],
        position: ['営業部部長'],
        tel: ['+81 3 1234 5678'],
        email: ['taro.yamada@sample.co.jp'],
        address: ['〒100-0005東京都千代田区丸の内1-1-1'],
        other: ['Fax: +81 3 1234 5679'],
      }),
    );
  });

  it('reads a Korean card: Hangul name, 주식회사, 주소, 전화, 이메일', () => {
    const lines = card([
      ['김민수', 48],
      ['Minsu Kim', 24],
      ['마케팅 팀장', 20],
      ['주식회사 한빛소프트', 24],
      ['주소: 서울특별시 강남구 테헤란로 123, 5층', 18],
      ['전화 +82 2 555 1234', 18],
      ['이메일 minsu.kim@hanbit.co.kr', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: '김민수',
        english_name: 'Minsu Kim',
        company: ['주식회사 한빛소프트'],
        position: ['마케팅 팀장'],
        tel: ['+82 2 555 1234'],
        email: ['minsu.kim@hanbit.co.kr'],
        address: ['서울특별시 강남구 테헤란로 123, 5층'],
      }),
    );
  });

  it('reads a Thai card and keeps Thai text as printed', () => {
    const lines = card([
      ['Somchai Prasert', 40],
      ['ผู้จัดการฝ่ายขาย', 20],
      ['บริษัท สยามเทค จำกัด', 24],
      ['ที่อยู่ 99 ถนนสุขุมวิท กรุงเทพฯ 10110', 18],
      ['โทร +66 2 123 4567', 18],
      ['อีเมล somchai@siamtech.co.th', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: 'Somchai Prasert',
        company: ['บริษัท สยามเทค จำกัด'],
        position: ['ผู้จัดการฝ่ายขาย'],
        tel: ['+66 2 123 4567'],
        email: ['somchai@siamtech.co.th'],
        address: ['99 ถนนสุขุมวิท กรุงเทพฯ 10110'],
      }),
    );
  });

  it('splits a bilingual name on one line, keeps slogans and licences as other, and a printed website of the e-mail domain', () => {
    const lines = card([
      ['陳大文 Peter Chan', 44],
      ['Quality you can trust', 16],
      ['Estate Agent Licence No. E-123456', 14],
      ['Tel/Fax: 2345 6789', 16],
      ['peter@chanproperty.com  www.chanproperty.com', 16],
      ['WeChat: peterchan88', 16],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: '陳大文',
        english_name: 'Peter Chan',
        tel: ['+852 2345 6789'],
        email: ['peter@chanproperty.com'],
        website: ['www.chanproperty.com'],
        other: ['Quality you can trust', 'Estate Agent Licence No. E-123456', 'WeChat: peterchan88'],
      }),
    );
  });
});

describe('extractFields on OCR quirks', () => {
  it('joins CJK text tesseract spaced out, digits included', () => {
    const lines = card([
      ['黃 志 強', 50],
      ['集 團 財 務 總 監', 20],
      ['恒 昌 集 團 控 股 有 限 公 司', 24],
      ['香 港 九 龍 觀 塘 道 388 號', 18],
      ['創 紀 之 城 1 期 20 樓', 18],
      ['電 話 ： 2345 6789', 18],
      ['手 機 ： 9123 4567', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: '黃志強',
        company: ['恒昌集團控股有限公司'],
        position: ['集團財務總監'],
        tel: ['+852 2345 6789', '+852 9123 4567'],
        address: ['香港九龍觀塘道388號創紀之城1期20樓'],
      }),
    );
  });

  it('reads "@" misread as "©", keeps underscores, continues an address after a comma, drops network names', () => {
    const lines = card([
      ['Ho Ka Yan', 40],
      ['Flat A, 12/F, Block 3,', 18],
      ['Tai Koo Shing,', 18],
      ['Hong Kong', 18],
      ['ka_yan.ho © abc.com.hk', 18],
      ['LinkedIn: linkedin.com/in/kayan', 18],
      ['9123 4567 (WhatsApp)', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: 'Ho Ka Yan',
        tel: ['+852 9123 4567'],
        email: ['ka_yan.ho@abc.com.hk'],
        website: ['linkedin.com/in/kayan'],
        address: ['Flat A, 12/F, Block 3, Tai Koo Shing, Hong Kong'],
      }),
    );
  });
});

describe('extractFields rules', () => {
  it('takes the tallest name-shaped line as the name, not the first', () => {
    const lines = card([
      ['Global Vision', 20],
      ['Mary Lam', 46],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({ name: 'Mary Lam', other: ['Global Vision'] });
  });

  it('prefers a Han name with a common surname to a larger two-character logo', () => {
    const lines = card([
      ['宏達', 70],
      ['陳大文', 44],
      ['項目經理', 20],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({ name: '陳大文', other: ['宏達'] });
  });

  it('keeps out of other the name or a phone number read again, whole or in part, and one character read twice', () => {
    const lines = card([
      ['謝宗翰', 44],
      ['專案經理', 20],
      ['理翰', 16],
      ['石石', 16],
      ['謝宗翰', 16],
      ['用心 創造價值', 16],
      ['電話 2375 1733', 16],
      ['751733', 16],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({ name: '謝宗翰', other: ['用心創造價值'] });
  });

  it('parts a name from a title on one line, and reads misread labels', () => {
    const lines = card([
      ['Peter Chan - Sales Manager', 30],
      ['Te1: 2345 6789', 18],
      ['手提: 9123 4567', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({ name: 'Peter Chan', position: ['Sales Manager'], tel: ['+852 2345 6789', '+852 9123 4567'] }),
    );
  });

  it('reads a Han name followed by an English given name on one line', () => {
    const lines = card([
      ['陳大文 Peter', 40],
      ['Sales Manager', 20],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({ name: '陳大文', english_name: 'Peter', position: ['Sales Manager'] }),
    );
  });

  it('takes no place name for an English name', () => {
    const lines = card([
      ['陳大文', 40],
      ['Causeway Bay', 30],
      ['Chan Tai Man (Peter)', 20],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({ name: '陳大文', english_name: 'Chan Tai Man (Peter)', other: ['Causeway Bay'] }),
    );
  });

  it('reads labels in two languages before one value, and trims stray quotes', () => {
    const lines = card([
      ['Peter Chan ‘', 30],
      ['地址 Address: 香港中環', 18],
      ['公司 Company: Hang Tat Ltd.', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({ name: 'Peter Chan', company: ['Hang Tat Ltd.'], address: ['香港中環'] }),
    );
  });

  it('drops lone Chinese characters OCR made of specks on a card printed with no Chinese', () => {
    const lines = card([
      ['Camille Dubois', 30],
      ['23 rue Esquermoise 让,', 18],
      ['59800 Lille 导', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual(['23 rue Esquermoise, 59800 Lille']);
  });

  it('takes a section chief or a purchasing title for a position', () => {
    const lines = card([
      ['蔡淑芬', 30],
      ['採購課長', 18],
      ['Purchasing Section Chief', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).position).toEqual(['採購課長', 'Purchasing Section Chief']);
  });

  it('reads a Chinese and an English label run together, with no space or colon after them ("地址Add南京市…")', () => {
    const lines = card([
      ['王建国', 30],
      ['地址Add南京市建邺区江东中路321号', 18],
      ['电话Tel021 6514 8062', 18],
    ]);
    expect(extractFields(lines, { area: 'ch' })).toEqual(
      fields({ name: '王建国', address: ['南京市建邺区江东中路321号'], tel: ['+86 21 6514 8062'] }),
    );
  });

  it('reads an Italian street with a particle, a company that lost a dot of S.r.l., and a website under "Internet"', () => {
    const lines = card([
      ['Costruzioni Galli S.rl.', 20],
      ['Martina Galli', 40],
      ['Via dell’Indipendenza 172', 18],
      ['40121 Bologna', 18],
      ['Internet', 14],
      ['www.galli.it', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({
      name: 'Martina Galli',
      company: ['Costruzioni Galli S.r.l.'],
      address: ['Via dell’Indipendenza 172, 40121 Bologna'],
      website: ['www.galli.it'],
      other: [],
    });
  });

  it('joins a country read without its umlaut to the address above, and restores the accents of an Austrian card', () => {
    const lines = card([
      ['Jan Holler', 40],
      ['T +43 316 841777', 18],
      ['Adresse Herrengasse 175, 8010 Graz', 18],
      ['Osterreich', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({
      name: 'Jan Höller',
      address: ['Herrengasse 175, 8010 Graz, Österreich'],
      other: [],
    });
  });

  it('puts a postcode printed alone after the city or state, and reads a Canadian postcode as an address', () => {
    const us = card([
      ['Ethan Martin', 40],
      ['A 1542 Mission Street,', 18],
      ['Suite 100, San Francisco, CA', 18],
      ['94103,', 18],
      ['USA', 18],
    ]);
    expect(extractFields(us, { area: 'hk' }).address).toEqual([
      '1542 Mission Street, Suite 100, San Francisco, CA 94103, USA',
    ]);
    const canada = card([
      ['Aisha Williams', 40],
      ['2331 Boulevard René-Lévesque Ouest', 18],
      ['Suite 1900', 18],
      ['Montréal, QC H3B 4W8, Canada', 18],
    ]);
    expect(extractFields(canada, { area: 'hk' }).address).toEqual([
      '2331 Boulevard René-Lévesque Ouest, Suite 1900, Montréal, QC H3B 4W8, Canada',
    ]);
    const wrapped = card([
      ['Ethan Wright', 40],
      ['752 Burrard Street,', 18],
      ['Suite 2650, Vancouver, BC V6C', 18],
      ['3E8', 16],
    ]);
    expect(extractFields(wrapped, { area: 'hk' }).address).toEqual([
      '752 Burrard Street, Suite 2650, Vancouver, BC V6C 3E8',
    ]);
  });

  it('reads a Taiwan card: 協理 is a title, 行動 a label, and an address stopping at its road goes on in larger type', () => {
    const lines = card([
      ['周淑芬', 40],
      ['協理', 20],
      ['行動', 14],
      ['0912-345-678', 18],
      ['地址: 320桃園市中壢區中華路', 18],
      ['二段22號4樓', 30],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({
      name: '周淑芬',
      position: ['協理'],
      tel: ['+886 912 345 678'],
      address: ['320桃園市中壢區中華路二段22號4樓'],
      other: [],
    });
  });

  it('reads a label behind an icon OCR read as letters, and a Chinese domain read as ".en"', () => {
    const lines = card([
      ['李丽', 40],
      ['FHL MOBILE', 14],
      ['+86 139 1234 5678', 18],
      ['wi E-MAIL', 14],
      ['lili@huachuang.com.en', 18],
      ['www.huachuang.com.en', 18],
      ['deluca@deluca.jt', 18],
    ]);
    expect(extractFields(lines, { area: 'ch' })).toMatchObject({
      tel: ['+86 139 1234 5678'],
      email: ['lili@huachuang.com.cn', 'deluca@deluca.it'],
      website: ['www.huachuang.com.cn'],
      other: [],
    });
  });

  it('takes no label for a name ("Email Sa"), nor a misread title without a surname ("上程師")', () => {
    const latin = card([
      ['Email Sa', 40],
      ['Suresh Menon', 30],
      ['Regional Sales Manager', 18],
    ]);
    expect(extractFields(latin, { area: 'hk' }).name).toBe('Suresh Menon');
    const han = card([
      ['上程師', 40],
      ['許俊宏', 30],
      ['晶采光電股份有限公司', 18],
    ]);
    expect(extractFields(han, { area: 'hk' }).name).toBe('許俊宏');
  });

  it('writes a Chinese address without the spaces OCR put in it, joined across a company read on the same line', () => {
    const lines = card([
      ['周磊', 40],
      ['地址东莞市南城区鸿福路595号', 18],
      ['东莞市嘉禾电子有限公司创新大厦 A 座 36 层', 18],
    ]);
    expect(extractFields(lines, { area: 'ch' })).toMatchObject({
      company: ['东莞市嘉禾电子有限公司'],
      address: ['东莞市南城区鸿福路595号创新大厦A座36层'],
    });
  });

  it('drops a scrap OCR read after a title', () => {
    const lines = card([
      ['Peter Pang Wai Man', 40],
      ['Marketing Manager ug', 18],
      ['Head of IT', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).position).toEqual(['Marketing Manager', 'Head of IT']);
  });

  it('reads a Latin name past a mark before it and a misread degree after it', () => {
    expect(extractFields(card([['i] Nathaniel Martin', 30]]), { area: 'hk' }).name).toBe('Nathaniel Martin');
    expect(extractFields(card([['| Peter Chan', 30]]), { area: 'hk' }).name).toBe('Peter Chan');
    expect(extractFields(card([['Hannah Davies, php', 30]]), { area: 'hk' }).name).toBe('Hannah Davies');
    expect(extractFields(card([['CHAN Tai Man, Peter', 30]]), { area: 'hk' }).name).toBe('CHAN Tai Man, Peter');
  });

  it('keeps the Latin name as the English name on a card in Chinese whose Chinese name was not read', () => {
    const lines = card([
      ['中科智能科技股份有限公司', 24],
      ['i 1h', 44],
      ['Xiao Wei', 26],
      ['副总裁', 18],
    ]);
    expect(extractFields(lines, { area: 'ch' })).toMatchObject({ name: '', english_name: 'Xiao Wei' });
    // A card all in English keeps it as the name.
    const english = card([
      ['Zhongke Intelligent Technology Ltd.', 24],
      ['Xiao Wei', 26],
      ['Vice President', 18],
    ]);
    expect(extractFields(english, { area: 'ch' })).toMatchObject({ name: 'Xiao Wei', english_name: '' });
  });

  it('prefers a whole Latin name to a short word beside Han type, and takes a given name OCR read in lower case', () => {
    const lines = card([
      ['宏昇科技股份有限公司', 24],
      ['人人 Fp', 48],
      ['簡俊宏', 36],
      ['Jack Chien', 20],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({ name: '簡俊宏', english_name: 'Jack Chien' });
    const lower = card([
      ['杨杰', 40],
      ['Yang jie', 20],
      ['Innovation forward together', 30],
    ]);
    expect(extractFields(lower, { area: 'ch' })).toMatchObject({ name: '杨杰', english_name: 'Yang jie' });
  });

  it('drops a title before a Latin name and credentials after it (they are how the name is printed, no contact detail)', () => {
    const lines = card([['Dr. Kenneth Ho, PhD', 40]]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({ name: 'Kenneth Ho', other: [] });
  });

  it('keeps a Malay name whose last line was lost as the name, and a company with specks after its legal form', () => {
    const cut = card([
      ['Evergreen Consulting Pte Ltd.', 20],
      ['Muhammad Faiz bin', 40],
      ['Assistant Vice President', 20],
    ]);
    expect(extractFields(cut, { area: 'hk' })).toMatchObject({ name: 'Muhammad Faiz bin', other: [] });
    const whole = card([
      ['Muhammad Faiz bin', 40],
      ['Ismail', 40],
      ['Assistant Vice President', 20],
    ]);
    expect(extractFields(whole, { area: 'hk' }).name).toBe('Muhammad Faiz bin Ismail');
    const specked = card([
      ['Etoile Digital Sarl 一 x', 20],
      ['Céline Moreau', 40],
    ]);
    expect(extractFields(specked, { area: 'hk' })).toMatchObject({ company: ['Etoile Digital Sarl'], other: [] });
  });

  it('knows a credential OCR read in odd case or without its comma, and a name behind a stray sign', () => {
    const mixed = card([
      ['Jessica Patel, FcpA', 40],
      ['Operations Manager', 20],
    ]);
    expect(extractFields(mixed, { area: 'hk' })).toMatchObject({ name: 'Jessica Patel', other: [] });
    const bare = card([
      ['Megan H. Walker esq', 40],
      ['Founder & CEO', 20],
    ]);
    expect(extractFields(bare, { area: 'hk' })).toMatchObject({ name: 'Megan H. Walker', other: [] });
    // "Stéphane" holds no street's "St".
    const signed = card([
      ['Étoile Immobilier SARL', 20],
      ['© Stéphane Rousseau', 40],
      ['Business Development Manager', 20],
    ]);
    expect(extractFields(signed, { area: 'hk' })).toMatchObject({ name: 'Stéphane Rousseau', other: [] });
    const specked = card([
      ['Céline Moreau O', 40],
      ['Directrice', 20],
    ]);
    expect(extractFields(specked, { area: 'hk' }).name).toBe('Céline Moreau');
    // A Canadian engineer's P.Eng. with its P read as r.
    const engineer = card([
      ['Laura Fitzgerald, r.eng.', 40],
      ['Operations Manager', 20],
    ]);
    expect(extractFields(engineer, { area: 'hk' })).toMatchObject({ name: 'Laura Fitzgerald', other: [] });
  });

  it("puts back a Hong Kong floor's lost comma, a Taiwanese floor's stop, and reads the French model's Taïwan as Taiwan", () => {
    const hk = card([["Unit 1108, 11/F Lee Wah Plaza, 13 King's Road, North Point, Hong Kong", 18]]);
    expect(extractFields(hk, { area: 'hk' }).address).toEqual([
      "Unit 1108, 11/F, Lee Wah Plaza, 13 King's Road, North Point, Hong Kong",
    ]);
    const tw = card([['18F, No. 211, Siwei 3rd Rd., Lingya Dist., Kaohsiung City 802, Taïwan (R.O.C.)', 18]]);
    expect(extractFields(tw, { area: 'hk' }).address).toEqual([
      '18F., No. 211, Siwei 3rd Rd., Lingya Dist., Kaohsiung City 802, Taiwan (R.O.C.)',
    ]);
  });

  it("puts back what OCR loses in addresses: a district's comma, a place's apostrophe, a Spanish floor's ª, a UK postcode's J", () => {
    const address = (text: string) => extractFields(card([[text, 18]]), { area: 'hk' }).address;
    expect(address('34/F, Software Park, 20 Luoyu Road, Jianghan District Wuhan, Hubei, China')).toEqual([
      '34/F, Software Park, 20 Luoyu Road, Jianghan District, Wuhan, Hubei, China',
    ]);
    expect(address('Room 1308, Innovation Building, 800 Century Avenue, Jingan District, Shanghai, China')).toEqual([
      "Room 1308, Innovation Building, 800 Century Avenue, Jing'an District, Shanghai, China",
    ]);
    expect(address('Paseo de la Castellana, 5, 9.2 planta, 28046 Madrid')).toEqual([
      'Paseo de la Castellana, 5, 9.ª planta, 28046 Madrid',
    ]);
    expect(address('79 Colmore Row, Birmingham B3 2H), United Kingdom')).toEqual([
      '79 Colmore Row, Birmingham B3 2HJ, United Kingdom',
    ]);
    expect(address('Floor 2, 13 Gresham Street, London EC2V BAU')).toEqual([
      'Floor 2, 13 Gresham Street, London EC2V 8AU',
    ]);
    expect(address('Kärntner Strafe 148, 1010 Wien')).toEqual(['Kärntner Straße 148, 1010 Wien']);
    expect(address('A Level 2, 37 Eagle Street, Brisbane QLD 4000')).toEqual([
      'Level 2, 37 Eagle Street, Brisbane QLD 4000',
    ]);
    expect(address('28/F Lee Wah Plaza, 110 Sha Tin Centre Street, Sha Tin, New Territories')).toEqual([
      '28/F, Lee Wah Plaza, 110 Sha Tin Centre Street, Sha Tin, New Territories',
    ]);
    expect(address('Sede Via dei Calzaiuoli 5, 50122 Firenze')).toEqual(['Via dei Calzaiuoli 5, 50122 Firenze']);
  });

  it("puts a Taiwanese floor's unit wrapped onto its own line back after the floor, past a column's line between", () => {
    const lines = card([
      ['陳冠廷', 40],
      ['地址 : 豪北市大安區敦化南路二段 82 號 19 樓', 18],
      ['永昕光電有限公司', 20],
      ['之 5', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual(['臺北市大安區敦化南路二段82號19樓之5']);
  });

  it('reads a label whatever accent OCR put on it, a ß read as fs, a separator read twice (;:)', () => {
    const spanish = card([
      ['Lucía Pérez', 30],
      ['Direcciôn Calle Ercilla, 40', 18],
      ['48009 Bilbao', 18],
    ]);
    expect(extractFields(spanish, { area: 'hk' }).address).toEqual(['Calle Ercilla, 40, 48009 Bilbao']);
    const german = card([
      ['Björn Wöhrle', 30],
      ['Entwicklungsingenieur', 18],
      ['Maximilianstrafse 79, 80539', 18],
      ['München', 18],
      ['Germany', 18],
    ]);
    expect(extractFields(german, { area: 'hk' })).toMatchObject({
      position: ['Entwicklungsingenieur'],
      address: ['Maximilianstraße 79, 80539 München, Germany'],
    });
    const fax = card([
      ['张芳', 40],
      ['电话: +86 21 6514 8062', 18],
      ['传真;: (021) 7772 4256', 18],
    ]);
    expect(extractFields(fax, { area: 'ch' })).toMatchObject({
      tel: ['+86 21 6514 8062'],
      other: ['Fax: +86 21 7772 4256'],
    });
  });

  it("takes a building's name ending with a comma between two address lines for the address, and 项目经 for 项目经理", () => {
    const lines = card([
      ['吴伟', 40],
      ['项目经', 20],
      ['Address: 10 Anson', 18],
      ['Road, #03-15', 18],
      ['International Plaza,', 18],
      ['Singapore 079903', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({
      position: ['项目经理'],
      company: [],
      address: ['10 Anson Road, #03-15 International Plaza, Singapore 079903'],
    });
  });

  it("joins a Chinese address's building and room to its street in other type; parts a name run together; puts back an e-mail's initial read as 1", () => {
    const lines: OcrLine[] = [
      { text: '曹军', bbox: { x0: 70, y0: 310, x1: 220, y1: 386 }, confidence: 100 },
      { text: '销售经理', bbox: { x0: 67, y0: 410, x1: 208, y1: 443 }, confidence: 93 },
      { text: '武汉市汇通科技股份有限公司', bbox: { x0: 68, y0: 452, x1: 598, y1: 507 }, confidence: 94 },
      { text: '地址 : 武汉市江汉区解放大道 994 号', bbox: { x0: 706, y0: 409, x1: 1228, y1: 456 }, confidence: 90 },
      { text: '恒泰大厦1108室', bbox: { x0: 706, y0: 451, x1: 947, y1: 506 }, confidence: 96 },
    ];
    expect(extractFields(lines, { area: 'ch' }).address).toEqual(['武汉市江汉区解放大道994号恒泰大厦1108室']);
    const runTogether = card([
      ['赵伟', 40],
      ['WeiZHAO', 24],
    ]);
    expect(extractFields(runTogether, { area: 'ch' })).toMatchObject({ name: '赵伟', english_name: 'Wei ZHAO' });
    const initial = card([
      ['Lucía Pérez', 30],
      ['E-mail: 1.perez@perez-ingenieria.es', 18],
    ]);
    expect(extractFields(initial, { area: 'hk' }).email).toEqual(['l.perez@perez-ingenieria.es']);
  });

  it('gives a value no label printed below it, which waits for a line further down its column', () => {
    const line = (text: string, x0: number, y0: number, x1: number, y1: number): OcrLine => ({
      text,
      bbox: { x0, y0, x1, y1 },
      confidence: 95,
    });
    const lines = [
      line('Nurul Huda binte Ahmad', 290, 76, 1327, 133),
      line('HP', 73, 345, 107, 364),
      line('9396 7778', 73, 381, 251, 407),
      line('ADDRESS', 71, 525, 205, 544),
      line('FAX', 724, 345, 773, 364),
      line('+65 68483118', 725, 381, 974, 407),
      line('3 Temasek Boulevard, #05-08 Suntec Tower One,', 73, 560, 902, 590),
      line('Singapore 038983', 73, 605, 378, 638),
    ];
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({
      tel: ['+65 9396 7778'],
      other: ['Fax: +65 6848 3118'],
      address: ['3 Temasek Boulevard, #05-08 Suntec Tower One, Singapore 038983'],
    });
  });

  it('keeps a label OCR misread by a letter out of other, and reads 總經理 whose 理 came out 埋', () => {
    const lines = card([
      ['陳大文', 40],
      ['總經埋', 20],
      ['Emajl', 18],
      ['Office (', 18],
      ['Excellence in every detail', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({
      position: ['總經理'],
      other: ['Excellence in every detail'],
    });
  });

  it("reads a website's www with a w too many or its dot lost (a space after a dot too), and a domain's end alone as nothing", () => {
    const lines = card([
      ['W: wwwlienyu.tw', 18],
      ['wwww.redwood.au', 18],
      ['wwwwingshing. hk', 18],
      ['com.tw', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toMatchObject({
      website: ['www.lienyu.tw', 'www.redwood.au', 'www.wingshing.hk'],
      other: [],
    });
  });

  it('reads an Australian state and postcode as the end of the address above it', () => {
    const lines = card([
      ['Level 25, 25 Queen Street', 18],
      ['Brisbane QLD 4000', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual(['Level 25, 25 Queen Street, Brisbane QLD 4000']);
  });

  it('reads numbers without a country code in the area, and in Hong Kong when they are no mainland number', () => {
    const lines = card([
      ['Mobile 138 0013 8000', 18],
      ['Tel 2345 6789', 18],
    ]);
    expect(extractFields(lines, { area: 'ch' }).tel).toEqual(['+86 138 0013 8000', '+852 2345 6789']);
    expect(extractFields(card([['Tel (020) 8888 6666', 18]]), { area: 'ch' }).tel).toEqual(['+86 20 8888 6666']);
  });

  it('takes no room, licence or postcode numbers for phones, even under a stray label letter', () => {
    const lines = card([
      ['M', 12, 40],
      ['Room 2301-2305, Tower 1, 18 Harbour Road', 18],
      ['Lic No. 2345 6789', 18],
      ['邮编 200120', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).tel).toEqual([]);
  });

  it('reads three labelled values on one line, extensions, and numbers without "+" before the country code', () => {
    const got = extractFields(
      card([
        ['T. 2345 6789 M. 9123 4567 E. peter@abc.com', 18],
        ['+86 21 6888 8888 转 123', 18],
        ['852-3757 1234', 18],
      ]),
      { area: 'hk' },
    );
    expect(got).toEqual(
      fields({
        tel: ['+852 2345 6789', '+852 9123 4567', '+86 21 6888 8888 ext. 123', '+852 3757 1234'],
        email: ['peter@abc.com'],
      }),
    );
  });

  it('tells a title with "Company" or "Bank" in it from a company, and parts a title from a company on one line', () => {
    const got = extractFields(
      card([
        ['Company Secretary', 18],
        ['Head of Digital Banking', 18],
        ['HKMA Licensed Bank', 18],
        ['Sun Fat Company', 18],
        ['Engineer at Foo Bar Ltd.', 18],
        ['Director, Sales & Marketing', 18],
      ]),
      { area: 'hk' },
    );
    expect(got).toEqual(
      fields({
        company: ['HKMA Licensed Bank', 'Sun Fat Company', 'Foo Bar Ltd.'],
        position: ['Company Secretary', 'Head of Digital Banking', 'Engineer', 'Director, Sales & Marketing'],
      }),
    );
  });

  it('keeps a labelled number no region accepts as printed', () => {
    expect(extractFields(card([['Tel: 1234 5678', 18]]), { area: 'hk' }).tel).toEqual(['1234 5678']);
  });

  it('reads e-mails with a comma for a dot and does not swallow the next word', () => {
    const got = extractFields(card([['E: info@abc-trading,com.hk Web. www.abc-trading.com.hk', 18]]), { area: 'hk' });
    expect(got.email).toEqual(['info@abc-trading.com.hk']);
    expect(got.website).toEqual(['www.abc-trading.com.hk']);
  });

  it('does not join addresses of different scripts or with a line between them', () => {
    const lines = card([
      ['香港中環皇后大道中99號', 18],
      ['99 Queen’s Road Central, Hong Kong', 18],
      ['Tel 2345 6789', 18],
      ['Branch: 2/F, 8 Nathan Road, Kowloon', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual([
      '香港中環皇后大道中99號',
      '99 Queen’s Road Central, Hong Kong',
      'Branch: 2/F, 8 Nathan Road, Kowloon',
    ]);
  });
});

describe('addresses over several lines', () => {
  it('joins a line wrapped inside a building name, after a street number or a Singapore unit with a space', () => {
    const hongKong = card([
      ['Address Unit 2503, 25/F, Sun Kwong', 18],
      ['Commercial Building, 139', 18],
      ['Kwai Chung Road, Kwai Chung, New', 18],
      ['Territories', 18],
    ]);
    expect(extractFields(hongKong, { area: 'hk' }).address).toEqual([
      'Unit 2503, 25/F, Sun Kwong Commercial Building, 139 Kwai Chung Road, Kwai Chung, New Territories',
    ]);
    const singapore = card([
      ['1 Fusionopolis Way, #16-20', 18],
      ['Connexis, Singapore 138632', 18],
    ]);
    expect(extractFields(singapore, { area: 'hk' }).address).toEqual([
      '1 Fusionopolis Way, #16-20 Connexis, Singapore 138632',
    ]);
    // A town and its postcode after the unit are a part of their own.
    const town = card([
      ['A: 80 Robinson Road, #22-20', 18],
      ['Singapore 068898', 18],
    ]);
    expect(extractFields(town, { area: 'hk' }).address).toEqual(['80 Robinson Road, #22-20, Singapore 068898']);
  });

  it('keeps parts printed a line each apart with commas', () => {
    const lines = card([
      ['Unit 1403, 14/F, 233 Yee Wo Street', 18],
      ['Causeway Bay', 18],
      ['Hong Kong', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual([
      'Unit 1403, 14/F, 233 Yee Wo Street, Causeway Bay, Hong Kong',
    ]);
    const us = card([
      ['350 Fifth Avenue, Suite 2650', 18],
      ['New York, NY 10118', 18],
    ]);
    expect(extractFields(us, { area: 'hk' }).address).toEqual(['350 Fifth Avenue, Suite 2650, New York, NY 10118']);
  });

  it('goes on after a line ending in a comma even when its box came out too tall', () => {
    const lines = card([
      ['Ahmad Hafiz bin Osman', 40],
      ['Address: 6 Shenton Way, #25-16 OUE Downtown,', 34],
      ['Singapore 068809', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual([
      '6 Shenton Way, #25-16 OUE Downtown, Singapore 068809',
    ]);
  });

  it('drops what is left of a misread label or an icon read as a letter before an address', () => {
    const singapore = card([
      ['Jasmine Yap', 36],
      ['A 3 Temasek Boulevard, #03-11 Suntec Tower One, Singapore 038983', 16],
    ]);
    expect(extractFields(singapore, { area: 'hk' }).address).toEqual([
      '3 Temasek Boulevard, #03-11 Suntec Tower One, Singapore 038983',
    ]);
    const canada = card([
      ['Hannah Davies', 36],
      ['s: 1819 West Georgia Street, Ste. 1350, Vancouver, BC V6C 3E8', 16],
    ]);
    expect(extractFields(canada, { area: 'hk' }).address).toEqual([
      '1819 West Georgia Street, Ste. 1350, Vancouver, BC V6C 3E8',
    ]);
  });

  it('drops the labels of both languages before a mainland address', () => {
    const lines = card([
      ['萧伟', 40],
      ['地址 Add 苏州市姑苏区星湖街97号国际金融中心2705室', 18],
    ]);
    expect(extractFields(lines, { area: 'ch' }).address).toEqual(['苏州市姑苏区星湖街97号国际金融中心2705室']);
  });
});

describe('company names', () => {
  it('joins "Company Limited" wrapped onto its own line and drops scraps read after a legal form', () => {
    const wrapped = card([
      ['寶德物流有限公司 Z 5', 22],
      ['Po Tak Logistics', 20],
      ['Company Limited', 20],
      ['張凱琪', 40],
    ]);
    expect(extractFields(wrapped, { area: 'hk' }).company).toEqual([
      '寶德物流有限公司',
      'Po Tak Logistics Company Limited',
    ]);
    const short = card([
      ['Moreau Digital SA', 22],
      ['François Moreau', 36],
    ]);
    expect(extractFields(short, { area: 'hk' }).company).toEqual(['Moreau Digital SA']);
  });
});

describe('lines nothing else takes', () => {
  it('keeps a slogan read surely in other, and drops a logo read as letters', () => {
    const lines = card([
      ['RBAPMNEIRZ', 30, 20],
      ['Marina Trading Pte Ltd', 22],
      ['Goh Jia Xin', 36],
      ['Ideas into action', 16, 96],
      ['MERE FLEE', 16, 30],
    ]);
    expect(extractFields(lines, { area: 'hk' }).other).toEqual(['Ideas into action']);
  });
});

describe('what OCR makes of Chinese labels and slogans', () => {
  it('reads a dash between Chinese characters as 一, and drops a label misread by a character', () => {
    const lines = card([
      ['林志明', 40],
      ['品質第—服務至上', 18, 92],
      ['雷話', 16, 90],
      ['+886 2 2345 6789', 16],
    ]);
    const got = extractFields(lines, { area: 'hk' });
    expect(got.other).toEqual(['品質第一服務至上']);
    expect(got.tel).toEqual(['+886 2 2345 6789']);
  });

  it("keeps 涌 in Hong Kong's places, and takes a label whose colon was read as a semicolon", () => {
    const lines = card([
      ['Carmen Chung', 36],
      ['地址：香港新界葵湧葵湧道103號新光商業大廈11樓', 18],
      ['Address; 11/F, Sun Kwong Commercial Building,', 18],
      ['103 Kwai Chung Road, Kwai Chung, New Territories', 18],
      ['+852 2510 3388', 16],
    ]);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual([
      '香港新界葵涌葵涌道103號新光商業大廈11樓',
      '11/F, Sun Kwong Commercial Building, 103 Kwai Chung Road, Kwai Chung, New Territories',
    ]);
  });
});

describe('names in large type', () => {
  it('takes a Han name with a common surname, Traditional or Simplified, single or double, over a larger logo', () => {
    for (const name of ['馮志強', '冯志强', '駱家輝', '骆家辉', '東方曉', '东方晓', '司徒明']) {
      const lines = card([
        ['創維', 64],
        [name, 48],
        ['銷售經理', 20],
      ]);
      expect(extractFields(lines, { area: 'hk' })).toMatchObject({ name, position: ['銷售經理'], other: ['創維'] });
    }
  });

  it('takes a Han name with address characters in it (區, 道) as the name, not an address', () => {
    const lines = card([
      ['區志道', 56],
      ['香港九龍彌敦道88號', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(fields({ name: '區志道', address: ['香港九龍彌敦道88號'] }));
  });

  it('prefers the name in clearly larger type to a smaller piece that also starts with a surname', () => {
    const lines = card([
      ['金科', 24],
      ['區志明', 56],
    ]);
    expect(extractFields(lines, { area: 'ch' })).toMatchObject({ name: '區志明', other: ['金科'] });
  });

  it('drops a stray letter OCR reads beside a large Han name', () => {
    const lines = card([
      ['王建国 I', 56],
      ['技术总监', 20],
    ]);
    expect(extractFields(lines, { area: 'ch' })).toEqual(fields({ name: '王建国', position: ['技术总监'] }));
    const glued = card([
      ['0朱欣怡', 56],
      ['技术总监', 20],
    ]);
    expect(extractFields(glued, { area: 'ch' }).name).toBe('朱欣怡');
  });

  it('joins a letter-spaced Latin name back into its words', () => {
    const lines = card([
      ['J essica M a rti n', 40],
      ['Marketing Director', 20],
      ['Acme Ltd.', 20],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({ name: 'Jessica Martin', company: ['Acme Ltd.'], position: ['Marketing Director'] }),
    );
    expect(extractFields(card([['Wong T a i M a n', 40]]), { area: 'hk' }).name).toBe('Wong Tai Man');
    // A Malay name keeps its patronymic as a word of its own.
    const malay = extractFields(
      card([
        ['Nu r Syafiqah binte Yusof', 40],
        ['Sales Executive', 20],
      ]),
      { area: 'hk' },
    );
    expect(malay.name).toBe('Nur Syafiqah binte Yusof');
    expect(malay.other).toEqual([]);
  });

  it('joins no ordinary words, no word without a lone letter, and no title or place', () => {
    const lines = card([
      ['Quality you can trust', 40],
      ['I am Peter', 38],
      ['Ma ry Smi th', 36],
      ['S ales M anager', 34],
      ['H arbour R oad', 32],
    ]);
    const got = extractFields(lines, { area: 'hk' });
    expect(got.name).toBe('');
    expect(got.other).toEqual([
      'Quality you can trust',
      'I am Peter',
      'Ma ry Smi th',
      'S ales M anager',
      'H arbour R oad',
    ]);
  });
});

describe('Chinese script', () => {
  it('keeps a Simplified card in Simplified characters in every field', () => {
    const lines = card([
      ['深圳市华创智能科技有限公司', 24],
      ['王建国', 56],
      ['技术总监', 22],
      ['手机：139 2345 6789', 18],
      ['地址：深圳市南山区科技园南区科技南十二路18号', 18],
    ]);
    const got = extractFields(lines, { area: 'hk' });
    expect(got).toEqual(
      fields({
        name: '王建国',
        company: ['深圳市华创智能科技有限公司'],
        position: ['技术总监'],
        tel: ['+86 139 2345 6789'],
        address: ['深圳市南山区科技园南区科技南十二路18号'],
      }),
    );
    for (const value of [got.name, ...got.company, ...got.position, ...got.address]) {
      expect(detectChineseScript(value)).not.toBe('traditional');
    }
  });

  it('tells Simplified from Traditional text by the characters that differ', () => {
    expect(detectChineseScript('深圳市华创智能科技有限公司 王建国 技术总监')).toBe('simplified');
    expect(detectChineseScript('新加坡华侨银行 业务发展经理')).toBe('simplified');
    expect(detectChineseScript('香港九龍觀塘道388號 陳大文 高級項目經理')).toBe('traditional');
    expect(detectChineseScript('臺北市信義區 張志明 業務經理')).toBe('traditional');
    // One stray character of the other script does not turn a card.
    expect(detectChineseScript('香港中環皇后大道中99號 陳大文 總经理')).toBe('traditional');
  });

  it('says nothing of text with no telling characters, of even mixes, and of Japanese', () => {
    expect(detectChineseScript('有限公司')).toBeNull();
    expect(detectChineseScript('Peter Chan, Sales Manager')).toBeNull();
    expect(detectChineseScript('')).toBeNull();
    expect(detectChineseScript('国國')).toBeNull();
    expect(detectChineseScript('株式会社サンプル商事 東京都千代田区')).toBeNull();
  });

  it('uses only characters whose form is of one script alone', () => {
    const pairs = scriptPairs();
    const simplified = new Set(pairs.map(([s]) => s));
    const traditional = new Set(pairs.map(([, t]) => t));
    expect(simplified.size).toBe(pairs.length);
    expect(traditional.size).toBe(pairs.length);
    for (const [s, t] of pairs) {
      expect(s).toMatch(/^\p{Script=Han}$/u);
      expect(t).toMatch(/^\p{Script=Han}$/u);
      expect(traditional.has(s)).toBe(false);
      expect(simplified.has(t)).toBe(false);
    }
    // Characters both scripts write are left out.
    for (const shared of '后台干里面余范松表谷斗只于叶着制') {
      expect(simplified.has(shared) || traditional.has(shared)).toBe(false);
    }
  });
});

describe('addresses in Europe, the UK and the US', () => {
  it('reads a German card: "…straße" and a postcode with its town, GmbH, German title', () => {
    const lines = card([
      ['Anna Schmidt', 40],
      ['Leiterin Vertrieb', 20],
      ['Müller & Partner GmbH', 24],
      ['Friedrichstraße 68, 10117 Berlin', 18],
      ['Deutschland', 18],
      ['T +49 30 1234567', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' })).toEqual(
      fields({
        name: 'Anna Schmidt',
        company: ['Müller & Partner GmbH'],
        position: ['Leiterin Vertrieb'],
        tel: ['+49 30 1234567'],
        address: ['Friedrichstraße 68, 10117 Berlin, Deutschland'],
      }),
    );
  });

  it('reads French, Italian and Spanish street words, legal forms, titles and accented names', () => {
    const read = (rows: string[]) =>
      extractFields(card(rows.map((r, i) => [r, i === 0 ? 40 : 18] as const)), { area: 'hk' });
    expect(
      read(['Claire Dubois', 'Directrice Commerciale', 'Lumière Conseil SARL', '12 Rue de Rivoli, 75004 Paris']),
    ).toEqual(
      fields({
        name: 'Claire Dubois',
        company: ['Lumière Conseil SARL'],
        position: ['Directrice Commerciale'],
        address: ['12 Rue de Rivoli, 75004 Paris'],
      }),
    );
    expect(read(['Marco Rossi', 'Direttore Vendite', 'Rossi & Figli S.r.l.', 'Via Roma 10, 00184 Roma'])).toEqual(
      fields({
        name: 'Marco Rossi',
        company: ['Rossi & Figli S.r.l.'],
        position: ['Direttore Vendite'],
        address: ['Via Roma 10, 00184 Roma'],
      }),
    );
    expect(
      read(['Lucía García', 'Directora Comercial', 'Soluciones Ibéricas S.L.', 'Calle Mayor 5', '28013 Madrid']),
    ).toEqual(
      fields({
        name: 'Lucía García',
        company: ['Soluciones Ibéricas S.L.'],
        position: ['Directora Comercial'],
        address: ['Calle Mayor 5, 28013 Madrid'],
      }),
    );
    expect(read(['Álvaro López', 'Consejero Delegado', 'Ingeniería Solana S.L.']).position).toEqual([
      'Consejero Delegado',
    ]);
  });

  it('reads UK postcodes and US suites as addresses', () => {
    const lines = card([
      ['10 Downing Street', 18],
      ['London SW1A 1AA', 18],
      ['Tel 2345 6789', 18],
      ['Suite 200, Austin, TX 78701', 18],
    ]);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual([
      '10 Downing Street, London SW1A 1AA',
      'Suite 200, Austin, TX 78701',
    ]);
  });

  it('parts a company from an address OCR read on the same line, and keeps company names whole', () => {
    const got = extractFields(
      card([
        ['Hang Shun CPA Limited 12/F, Tower 1, Admiralty Centre', 18],
        ['Tel 2345 6789', 18],
        ['宏達科技有限公司香港九龍觀塘道388號', 18],
        ['Tel 2345 6780', 18],
        ['Lumière Conseil SARL 12 Rue de Rivoli, 75004 Paris', 18],
        ['Tel 2345 6781', 18],
        ['Bright Harbour Co., Ltd.', 18],
        ['中国平安保险股份有限公司深圳分公司', 18],
      ]),
      { area: 'hk' },
    );
    expect(got.company).toEqual([
      'Hang Shun CPA Limited',
      '宏達科技有限公司',
      'Lumière Conseil SARL',
      'Bright Harbour Co., Ltd.',
      '中国平安保险股份有限公司深圳分公司',
    ]);
    expect(got.address).toEqual([
      '12/F, Tower 1, Admiralty Centre',
      '香港九龍觀塘道388號',
      '12 Rue de Rivoli, 75004 Paris',
    ]);
  });

  it('does not join a line in much larger type to the address beside it', () => {
    const got = extractFields(
      card([
        ['Kowloon Motor Bus', 32],
        ['9 Po Lun Street, Lai Chi Kok', 18],
      ]),
      { area: 'hk' },
    );
    expect(got.address).toEqual(['9 Po Lun Street, Lai Chi Kok']);
    expect(got.other).toEqual(['Kowloon Motor Bus']);
  });
});

describe('e-mail addresses as OCR reads them', () => {
  const emails = (...rows: string[]) => extractFields(card(rows.map((r) => [r, 18] as const)), { area: 'hk' });

  it('keeps the mailbox before a dot read as a middle dot or bullet, and the whole domain', () => {
    const got = emails(
      'wing·leung@hangshuncpa.hk',
      'E: mei•ling.chan@hangshuncpa.com•hk',
      'tai。man@abc.com.hk',
      'j.whitfield@harbourlane.co.uk',
    );
    expect(got.email).toEqual([
      'wing.leung@hangshuncpa.hk',
      'mei.ling.chan@hangshuncpa.com.hk',
      'tai.man@abc.com.hk',
      'j.whitfield@harbourlane.co.uk',
    ]);
    expect(got.other).toEqual([]);
  });

  it('joins the spacing OCR puts around "@" and dots where it cannot be a sentence', () => {
    const got = emails(
      'wing . leung @ hangshuncpa . com . hk',
      'ka.yan@hangshuncpa.com hk',
      'MING.HO@HANGSHUNCPA.COM. HK',
      'j.smith@harbourlane.co .UK',
      'peter.chan@abc.corn.hk',
    );
    expect(got.email).toEqual([
      'wing.leung@hangshuncpa.com.hk',
      'ka.yan@hangshuncpa.com.hk',
      'ming.ho@hangshuncpa.com.hk',
      'j.smith@harbourlane.co.uk',
      'peter.chan@abc.com.hk',
    ]);
    expect(got.other).toEqual([]);
  });

  it('takes no word before a sentence dot or a comma into the mailbox, and no next address into the domain', () => {
    const got = emails('ABC Co. Ltd. info@abc.com', 'Mobile 9123 4567, peter@abc.com', 'peter@abc.com, mary@abc.com');
    expect(got.email).toEqual(['info@abc.com', 'peter@abc.com', 'mary@abc.com']);
    expect(got.company).toEqual(['ABC Co. Ltd.']);
    expect(got.tel).toEqual(['+852 9123 4567']);
  });
});

describe('findPhones keeps a printed country code', () => {
  const numbers = (text: string, region: 'HK' | 'CN' = 'HK') => findPhones(text, region).map((p) => p.number);

  it("keeps Hong Kong, US, UK, mainland and Taiwan codes as printed, whatever the user's region", () => {
    for (const region of ['HK', 'CN'] as const) {
      expect(numbers('T: +852 3205 6373', region)).toEqual(['+852 3205 6373']);
      expect(numbers('(+852) 2345 6789', region)).toEqual(['+852 2345 6789']);
      expect(numbers('+1 (648) 935-9584', region)).toEqual(['+1 648 935 9584']);
      expect(numbers('Cell +1 415 555 0132', region)).toEqual(['+1 415 555 0132']);
      expect(numbers('+44 (0)20 7946 0958', region)).toEqual(['+44 20 7946 0958']);
      expect(numbers('+86 13800138000', region)).toEqual(['+86 138 0013 8000']);
      expect(numbers('+86 (0755) 8888 6666', region)).toEqual(['+86 755 8888 6666']);
      expect(numbers('+86-0755-8888 6666', region)).toEqual(['+86 755 8888 6666']);
      expect(numbers('+86 (0)755 8888 6666', region)).toEqual(['+86 755 8888 6666']);
      expect(numbers('+886 (0)2 2345 6789', region)).toEqual(['+886 2 2345 6789']);
      expect(numbers('+886 912 345 678', region)).toEqual(['+886 912 345 678']);
    }
  });

  it('reads a North American number printed with its 1 and no plus, and a German or Austrian area code set off by a slash', () => {
    expect(numbers('M 1-628-301-8198', 'CN')).toEqual(['+1 628 301 8198']);
    expect(numbers('Tel 138-0013-8000', 'CN')).toEqual(['+86 138 0013 8000']);
    const german = (text: string) => findPhones(text, 'DE').map((p) => `${p.kind} ${p.number}`);
    expect(german('Mobile 0179 / 85705501')).toEqual(['tel +49 179 85705501']);
    expect(german('Fax 0211/6946618')).toEqual(['fax +49 211 6946618']);
    expect(findPhones('Telefon: 01 / 2185934', 'AT').map((p) => p.number)).toEqual(['+43 1 2185934']);
  });

  it('takes a "!" OCR made of a label\'s colon for the colon', () => {
    expect(findPhones('FAX ! 04-39593020', 'TW').map((p) => `${p.kind} ${p.number}`)).toEqual(['fax +886 4 3959 3020']);
  });

  it('reads a "+" OCR took for 十 as a plus, not after Chinese', () => {
    expect(numbers('F 十65 6507 7542', 'CN')).toEqual(['+65 6507 7542']);
    expect(numbers('電話：十852 2345 6789', 'CN')).toEqual(['+852 2345 6789']);
    expect(numbers('二十3號', 'CN')).toEqual([]);
  });

  it('keeps numbers outside the ranges allocated today under their printed code, grouped as printed', () => {
    expect(numbers('+852 4123 4567')).toEqual(['+852 4123 4567']);
    expect(numbers('+1 555 012 3456')).toEqual(['+1 555 012 3456']);
    expect(numbers('+44 (0) 7700 900 123')).toEqual(['+44 7700 900 123']);
    expect(numbers('+86 100 1234 5678')).toEqual(['+86 100 1234 5678']);
  });

  it('does not read the digits after a code that fits no length as a number of another country', () => {
    // One digit short for the US: "648 935 958" is no number of another country either.
    expect(numbers('+1 648 935 958')).toEqual([]);
    expect(numbers('Tel: +1 648 935 958')).toEqual(['+1 648 935 958']);
    expect(numbers('+852 3205 6373 9123 4567')).toEqual(['+852 3205 6373', '+852 9123 4567']);
  });

  it('reads numbers without a code in the region, elsewhere only as printed there (with the trunk 0)', () => {
    expect(numbers('0755-8888 6666')).toEqual(['+86 755 8888 6666']);
    expect(numbers('138 0013 8000')).toEqual(['+86 138 0013 8000']);
    expect(numbers('02-2345-6789')).toEqual(['+886 2 2345 6789']);
    expect(numbers('2345 6789', 'CN')).toEqual(['+852 2345 6789']);
    // Taiwan's numbers are printed "(03) 205 6373": without the 0 these digits are none of Taiwan's.
    expect(numbers('3205 6373')).not.toContain('+886 3 205 6373');
  });
});

describe('extractFields never throws', () => {
  it('gives empty fields for no lines, blank lines and pure noise', () => {
    expect(extractFields([], { area: 'hk' })).toEqual(EMPTY_FIELDS);
    expect(
      extractFields(
        card([
          ['', 10],
          ['   ', 10],
          ['|', 10],
          ['~ .', 10, 5],
        ]),
        { area: 'ch' },
      ),
    ).toEqual(EMPTY_FIELDS);
  });

  it('survives emoji, control characters and malformed lines', () => {
    const weird = [
      ...card([
        ['😀 陳大文 😀', 40],
        ['\u0000\u0007Tel:\u202e 2345 6789\u200b', 18],
      ]),
      { text: undefined, bbox: undefined, confidence: Number.NaN } as unknown as OcrLine,
      null as unknown as OcrLine,
    ];
    const got = extractFields(weird, { area: 'hk' });
    expect(got.name).toBe('陳大文');
    expect(got.tel).toEqual(['+852 2345 6789']);
  });

  // How long it takes is the OCR bench's to say (npm run bench -- ocr), not a test's.
  it('gives well-formed fields for huge input', () => {
    const big = Array.from({ length: 5000 }, (_, i) => ({
      text: `${'2345 6789 peter @ x . com '.repeat(60)}${i}`,
      bbox: { x0: 0, y0: i * 10, x1: 900, y1: i * 10 + 9 },
      confidence: 90,
    }));
    const got = extractFields(big, { area: 'hk' });
    expect(() => cardFieldsSchema.parse(got)).not.toThrow();
    expect(got.tel.length).toBeGreaterThan(0);
  });

  it('gives well-formed fields for any text', () => {
    const line = fc.record({
      text: fc.string({ maxLength: 80, unit: 'grapheme' }),
      bbox: fc.record({ x0: fc.integer(), y0: fc.integer(), x1: fc.integer(), y1: fc.integer() }),
      confidence: fc.double(),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom('hk' as const, 'ch' as const), (lines, area) => {
        const got = extractFields(lines, { area });
        expect(cardFieldsSchema.safeParse(got).success).toBe(true);
        for (const list of [got.company, got.position, got.tel, got.email, got.website, got.address, got.other]) {
          for (const value of list) expect(value.trim()).not.toBe('');
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('scoreFields and f1', () => {
  const truth = fields({
    name: '陳大文',
    english_name: 'Peter Chan',
    company: ['ABC Limited'],
    tel: ['+852 2345 6789', '+852 9123 4567'],
    email: ['peter@abc.com'],
    other: ['Fax: +852 2345 6780'],
  });

  it('counts a perfect extraction as all true positives, whatever the spacing, case and phone format', () => {
    const got = fields({
      name: '陳 大 文',
      english_name: 'PETER  CHAN',
      company: ['abc limited.'],
      tel: ['(852) 9123-4567', '+852 23456789'],
      email: [' Peter@ABC.com '],
      other: ['FAX: 852 2345 6780'],
    });
    expect(scoreFields(truth, got)).toEqual({ tp: 7, fp: 0, fn: 0 });
    expect(fieldF1(truth, got).f1).toBe(1);
  });

  it('counts a number moved to another country, or without its country code, as a miss', () => {
    const got = { ...truth, tel: ['+886 2 345 6789', '9123 4567'] };
    expect(scoreFields(truth, got)).toEqual({ tp: 5, fp: 2, fn: 2 });
  });

  it('counts a value in the wrong field as one false positive and one false negative', () => {
    const got = { ...truth, company: [], position: ['ABC Limited'] };
    expect(scoreFields(truth, got)).toEqual({ tp: 6, fp: 1, fn: 1 });
  });

  it('counts pairs as a multiset and ignores empty names', () => {
    const got = fields({ tel: ['+852 2345 6789', '+852 2345 6789'] });
    expect(scoreFields(truth, got)).toEqual({ tp: 1, fp: 1, fn: 6 });
    expect(scoreFields(EMPTY_FIELDS, EMPTY_FIELDS)).toEqual({ tp: 0, fp: 0, fn: 0 });
  });

  it('gives F1 from the counts, 1 when nothing was expected or found, 0 when nothing matched', () => {
    expect(f1({ tp: 6, fp: 1, fn: 1 })).toBeCloseTo(12 / 14);
    expect(f1({ tp: 0, fp: 0, fn: 0 })).toBe(1);
    expect(f1({ tp: 0, fp: 3, fn: 2 })).toBe(0);
  });

  it('scores the extractor above the naive baseline on a bilingual card', () => {
    const lines = card([
      ['宏達科技有限公司', 26],
      ['陳大文', 58],
      ['Peter Chan', 30],
      ['項目經理', 24],
      ['T: 2345 6789  F: 2345 6780', 18],
      ['peter@wangtat.com.hk', 18],
    ]);
    const cardTruth = fields({
      name: '陳大文',
      english_name: 'Peter Chan',
      company: ['宏達科技有限公司'],
      position: ['項目經理'],
      tel: ['+852 2345 6789'],
      email: ['peter@wangtat.com.hk'],
      other: ['Fax: +852 2345 6780'],
    });
    const ours = fieldF1(cardTruth, extractFields(lines, { area: 'hk' }));
    const naive = fieldF1(cardTruth, naiveExtract(lines.map((l) => l.text).join('\n')));
    expect(ours.f1).toBe(1);
    expect(naive).toMatchObject({ tp: 1, fp: 3, fn: 6 });
    expect(naive.f1).toBeCloseTo(2 / 11);
  });
});

describe('naiveExtract', () => {
  it('takes the first line as the name and e-mails, phones and URLs by regular expression only', () => {
    const text = 'ABC Limited\nPeter Chan\nTel: +852 2345 6789\npeter@abc.com\nhttps://abc.com/about\nFax 2345 6780';
    expect(naiveExtract(text)).toEqual(
      fields({
        name: 'ABC Limited',
        tel: ['+852 2345 6789', '2345 6780'],
        email: ['peter@abc.com'],
        website: ['https://abc.com/about'],
      }),
    );
  });
});
