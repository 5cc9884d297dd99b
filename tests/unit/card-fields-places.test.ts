import { describe, expect, it } from 'vitest';
import { extractFields, type OcrLine } from '../../src/lib/card-fields';
import { cardRegion, printedRegion } from '../../src/lib/card-fields/region';
import { stackedLines } from './support/card-lines';

describe('cardRegion', () => {
  it('follows the country codes printed on the card first', () => {
    expect(cardRegion(['Tel: +886 2 2345 6789', 'Mobile: 0912-345-678'], 'HK')).toBe('TW');
    expect(cardRegion(['T +44 20 7946 0958', 'www.example.com'], 'CN')).toBe('GB');
  });

  it("goes by the card's language when it says nothing else, backing the country it names", () => {
    expect(cardRegion(['Ingenieria Mediterraneo S.A.', 'Sofia Fernandez', 'T: 962 14 68 00'], 'HK')).toBe('ES');
    expect(cardRegion(['Nordlicht Logistik GmbH', 'Jörg Schröder', 'Marktgasse 64, 3011 Bern'], 'HK')).toBe('CH');
    expect(cardRegion(['Maria Chan', 'Tel 2345 6789'], 'HK')).toBe('HK');
  });

  it('reads the address and the domains when no code is printed', () => {
    expect(cardRegion(['台北市信義區信義路五段7號', '(02) 2345-6789'], 'HK')).toBe('TW');
    expect(cardRegion(['10 Anson Road, #15-08, Singapore 079903'], 'HK')).toBe('SG');
    expect(cardRegion(['Friedrichstraße 68, 10117 Berlin', 'info@example.de'], 'HK')).toBe('DE');
    expect(cardRegion(['j.dubois@atelier.fr'], 'CN')).toBe('FR');
    expect(cardRegion(['Market Street, San Francisco, CA 94103'], 'HK')).toBe('US');
  });

  it('keeps the area when the card says nothing, or when the area is among equal votes', () => {
    expect(cardRegion(['Peter Chan', 'Sales Manager', '2345 6789'], 'HK')).toBe('HK');
    expect(cardRegion(['www.example.com'], 'CN')).toBe('CN');
    expect(cardRegion(['香港中環德輔道中88號', '深圳市南山区科技园路1号'], 'CN')).toBe('CN');
  });
});

describe('printedRegion', () => {
  it('tells mainland and Taiwan cards by their mobile numbers and addresses', () => {
    expect(printedRegion(['王建国', 'M 188 1069 0220'])).toBe('CN');
    expect(printedRegion(['林淑芬', '手機 0932-687-012'])).toBe('TW');
    expect(printedRegion(['东莞市南城区鸿福路998号'])).toBe('CN');
    expect(printedRegion(['嘉義市東區民族路100號', '0932 687 012'])).toBe('TW');
  });

  it('says nothing for a card that says nothing or is torn', () => {
    expect(printedRegion(['Peter Chan', 'Sales Manager'])).toBeNull();
    expect(printedRegion(['T +852 2345 6789', 'T +86 755 8888 1234'])).toBeNull();
  });
});

describe('numbers printed without a country code on a card from elsewhere', () => {
  it("are numbers of the card's country, not the user's area", () => {
    const taiwan = extractFields(
      stackedLines(['林志偉', '台北市信義區信義路五段7號12樓', '電話 (02) 2345-6789', '手機 0912-345-678']),
      {
        area: 'hk',
      },
    );
    expect(taiwan.tel).toEqual(['+886 2 2345 6789', '+886 912 345 678']);
    const singapore = extractFields(
      stackedLines(['Rachel Lim', '1 Raffles Place, Singapore 048616', 'T 6123 4567', 'M 9123 4567']),
      {
        area: 'ch',
      },
    );
    expect(singapore.tel).toEqual(['+65 6123 4567', '+65 9123 4567']);
    const germany = extractFields(
      stackedLines(['Jürgen Müller', 'Friedrichstraße 68, 10117 Berlin', 'Tel. 030 1234567']),
      {
        area: 'hk',
      },
    );
    expect(germany.tel).toEqual(['+49 30 1234567']);
  });
});

describe('what the OCR of real layouts gives', () => {
  it('labels numbers by a row of labels printed over their columns, and keeps the row out of the fields', () => {
    const got = extractFields(
      stackedLines([
        '朱磊',
        '市场部经理',
        '电话传真',
        '+86 755 6057 5955 0755-88847777',
        'E-MAIL 网址',
        'a@runhe.com.cn www.runhe.com.cn',
      ]),
      { area: 'hk' },
    );
    expect(got.tel).toEqual(['+86 755 6057 5955']);
    expect(got.other).toEqual(['Fax: +86 755 8884 7777']);
    const bilingual = extractFields(
      stackedLines([
        'Mary CHAN',
        '手機 MOBILE 電話 TEL 傳真 FAX',
        '+852 5623 5914 +852 3596 7493 +852 3596 7400',
        'WH EMAIL WEB',
      ]),
      { area: 'hk' },
    );
    expect(bilingual.tel).toEqual(['+852 5623 5914', '+852 3596 7493']);
    expect(bilingual.other).toEqual(['Fax: +852 3596 7400']);
  });

  it('goes on with an address on the lines under it: postcode, country, building and floor', () => {
    const uk = extractFields(
      stackedLines(['Laura Thompson', '78 King Street, London EC2V', '8AU,', 'United Kingdom']),
      {
        area: 'hk',
      },
    );
    expect(uk.address).toEqual(['78 King Street, London EC2V 8AU, United Kingdom']);
    expect(uk.other).toEqual([]);
    const cn = extractFields(stackedLines(['李涛', '地址: 广州市天河区天河路659号', '恒泰大厦16楼']), { area: 'ch' });
    expect(cn.address).toEqual(['广州市天河区天河路659号恒泰大厦16楼']);
  });

  it('leaves scraps of a few letters out of other, and keeps slogans', () => {
    const got = extractFields(
      stackedLines(['博远医疗器械有限公司', 'EINE', '海外销售经理', '科技改变生活', 'Building trust since 1998', 'KS']),
      {
        area: 'ch',
      },
    );
    expect(got.other).toEqual(['科技改变生活', 'Building trust since 1998']);
  });

  it('keeps a Singapore unit number and joins a postcode wrapped onto the next line', () => {
    const sg = extractFields(
      stackedLines(['Rachel Lim', '3 Temasek Boulevard, #08-04 Suntec Tower One, Singapore 038983']),
      {
        area: 'hk',
      },
    );
    expect(sg.address).toEqual(['3 Temasek Boulevard, #08-04 Suntec Tower One, Singapore 038983']);
    const uk = extractFields(
      stackedLines(['James Reed', 'Add 50 Gresham Street, London', 'EC2V 8AU,', 'United Kingdom']),
      {
        area: 'hk',
      },
    );
    expect(uk.address).toEqual(['50 Gresham Street, London EC2V 8AU, United Kingdom']);
  });

  it('parts two columns read as one line at the address label between them', () => {
    const got = extractFields(
      stackedLines([
        'Tan Wei Ming',
        'Managing Director Address 1 Fusionopolis Way, #16-20 Connexis, Singapore 138632',
        '海外销售经理地址: 上海市徐汇区淮海中路323号',
      ]),
      { area: 'hk' },
    );
    expect(got.position).toEqual(['Managing Director', '海外销售经理']);
    expect(got.address).toEqual(['1 Fusionopolis Way, #16-20 Connexis, Singapore 138632', '上海市徐汇区淮海中路323号']);
  });

  it('keeps a web address tesseract read with a low confidence', () => {
    const read = stackedLines(['Alice Whitfeld', 'www. whitfeld-trading.com']).map((l, i) =>
      i === 1 ? { ...l, confidence: 12 } : l,
    );
    expect(extractFields(read, { area: 'hk' }).website).toEqual(['www.whitfeld-trading.com']);
  });

  it('mends the legal form "有限公司" when OCR misread its last character', () => {
    const got = extractFields(stackedLines(['深圳博远科技有限公局', '李勇']), { area: 'ch' });
    expect(got.company).toEqual(['深圳博远科技有限公司']);
  });
});

describe('cards from continental Europe', () => {
  it('reads legal forms, compound titles, names with particles and labels in the local language', () => {
    const german = extractFields(
      stackedLines([
        'Brückner Maschinenbau SE',
        'Jörg Müller',
        'Vertriebsleiter',
        'Telefon: +49 69 21030615',
        'Anschrift',
        'Herrengasse 143',
        '8010 Graz',
      ]),
      { area: 'hk' },
    );
    expect(german).toMatchObject({
      name: 'Jörg Müller',
      company: ['Brückner Maschinenbau SE'],
      position: ['Vertriebsleiter'],
      tel: ['+49 69 21030615'],
      address: ['Herrengasse 143, 8010 Graz'],
      other: [],
    });
    const dutch = extractFields(
      stackedLines(['Van Dijk Techniek BV', 'Sanne van Dijk', 'Projectleider', 'M: 06-22721591']),
      {
        area: 'hk',
      },
    );
    expect(dutch).toMatchObject({
      name: 'Sanne van Dijk',
      company: ['Van Dijk Techniek BV'],
      position: ['Projectleider'],
      tel: ['+31 6 22721591'],
    });
    const french = extractFields(
      stackedLines([
        'Horizon Digital SAS',
        'Nicolas Favre',
        'Portable: +33 (0)7 47 57 96 16',
        'Tél. fixe: +33 144791745',
      ]),
      {
        area: 'hk',
      },
    );
    expect(french.tel).toEqual(['+33 7 47 57 96 16', '+33 1 44 79 17 45']);
    expect(french.other).toEqual([]);
  });

  it('reads a street whose ending is also a word ("…ring", "…markt") as one when a house number follows', () => {
    const cologne = extractFields(
      stackedLines(['Lukas Müller', 'Müller Maschinenbau AG', 'Hohenzollernring 92', '50672 Köln']),
      { area: 'hk' },
    );
    expect(cologne).toMatchObject({ address: ['Hohenzollernring 92, 50672 Köln'], other: [] });
    const engineering = extractFields(stackedLines(['Anna Weber', 'Weber Engineering GmbH']), { area: 'hk' });
    expect(engineering).toMatchObject({ company: ['Weber Engineering GmbH'], address: [] });
  });

  it('knows an Italian title in its feminine form', () => {
    const italian = extractFields(
      stackedLines(['Meccanica De Luca S.r.l.', 'Elena De Luca', 'Amministratrice Delegata']),
      {
        area: 'hk',
      },
    );
    expect(italian).toMatchObject({ name: 'Elena De Luca', position: ['Amministratrice Delegata'], other: [] });
  });
});

describe('type size', () => {
  it("joins a Chinese address whose first line's box took in its label's larger type", () => {
    const read: OcrLine[] = [
      { text: '华创智能科技有限公司', bbox: { x0: 74, y0: 471, x1: 493, y1: 532 }, confidence: 94 },
      { text: '地址南京市鼓楼区中山北路 420 号', bbox: { x0: 680, y0: 468, x1: 1182, y1: 528 }, confidence: 94 },
      { text: '国际金融中心15楼', bbox: { x0: 766, y0: 526, x1: 1031, y1: 560 }, confidence: 94 },
    ];
    expect(extractFields(read, { area: 'ch' }).address).toEqual(['南京市鼓楼区中山北路420号国际金融中心15楼']);
  });
});

describe('labels', () => {
  it('take an underscore OCR made of a colon as the separator', () => {
    const got = extractFields(stackedLines(['Cindy WANG', '手機 Mobile_0953 682 173']), { area: 'hk' });
    expect(got.tel).toEqual(['+886 953 682 173']);
    expect(got.other).toEqual([]);
  });
});

describe('names', () => {
  it('reads a Latin name printed over two lines', () => {
    const got = extractFields(
      stackedLines(['Maple & Finch Analytics Corp.', 'Hannah', 'Davies,', 'Chief Executive Officer']),
      {
        area: 'hk',
      },
    );
    expect(got.name).toBe('Hannah Davies');
    expect(got.other).toEqual([]);
  });

  it('reads a Malay name printed with its family name under "bin"', () => {
    const f = extractFields(
      stackedLines(['Marina Logistics Pte Ltd', 'Muhammad Faiz bin', 'Ismail', 'Sales Executive']),
      {
        area: 'hk',
      },
    );
    expect(f.name).toBe('Muhammad Faiz bin Ismail');
    expect(f.other).toEqual([]);
  });

  it('keeps the surer of two readings of one Chinese name, and drops the other', () => {
    const read = stackedLines(['永昕資訊有限公司', '黃詩涵', '黃詩湯', 'Peggy Huang', '行銷專員']).map((l, i) =>
      i === 2 ? { ...l, confidence: 56 } : l,
    );
    const got = extractFields(read, { area: 'hk' });
    expect(got.name).toBe('黃詩涵');
    expect(got.other).toEqual([]);
  });
});

describe('companies', () => {
  it('joins a legal form tesseract cut off on the same row back to the name on its left', () => {
    const read: OcrLine[] = [
      { text: '寶德物流有限公司', bbox: { x0: 59, y0: 54, x1: 341, y1: 111 }, confidence: 94 },
      { text: 'Po Tak Logistics', bbox: { x0: 58, y0: 111, x1: 349, y1: 157 }, confidence: 94 },
      { text: 'Joyce CHEUNG', bbox: { x0: 53, y0: 301, x1: 363, y1: 355 }, confidence: 96 },
      { text: 'it Company Limited', bbox: { x0: 361, y0: 81, x1: 714, y1: 140 }, confidence: 96 },
    ];
    expect(extractFields(read, { area: 'hk' }).company).toEqual([
      '寶德物流有限公司',
      'Po Tak Logistics Company Limited',
    ]);
  });
});

describe('rows tesseract cut in two', () => {
  it('are one line again, left to right', () => {
    const read: OcrLine[] = [
      { text: '中科文化传媒有限公司', bbox: { x0: 488, y0: 104, x1: 896, y1: 148 }, confidence: 93 },
      { text: '刘晓明', bbox: { x0: 533, y0: 320, x1: 850, y1: 423 }, confidence: 100 },
      { text: 'Xiaoming', bbox: { x0: 630, y0: 465, x1: 845, y1: 509 }, confidence: 90 },
      { text: 'LIU', bbox: { x0: 543, y0: 466, x1: 607, y1: 501 }, confidence: 95 },
      { text: '高级工程师', bbox: { x0: 605, y0: 520, x1: 780, y1: 554 }, confidence: 94 },
    ];
    const got = extractFields(read, { area: 'ch' });
    expect(got.english_name).toBe('LIU Xiaoming');
    expect(got.other).toEqual([]);
  });

  it('give a column of labels to the values beside them, a tab apart', () => {
    const read: OcrLine[] = [
      { text: '瑞丰贸易有限公司', bbox: { x0: 65, y0: 246, x1: 372, y1: 299 }, confidence: 92 },
      { text: '电话：', bbox: { x0: 67, y0: 367, x1: 138, y1: 408 }, confidence: 97 },
      { text: '手机：', bbox: { x0: 8, y0: 410, x1: 138, y1: 444 }, confidence: 97 },
      { text: '传真：', bbox: { x0: 65, y0: 455, x1: 138, y1: 489 }, confidence: 98 },
      { text: '网址：', bbox: { x0: 37, y0: 545, x1: 138, y1: 580 }, confidence: 85 },
      { text: '0769-5580 3508', bbox: { x0: 169, y0: 365, x1: 379, y1: 398 }, confidence: 96 },
      { text: '+86 192 9438 6113', bbox: { x0: 171, y0: 413, x1: 416, y1: 441 }, confidence: 82 },
      { text: '+86-769-70165514', bbox: { x0: 171, y0: 459, x1: 414, y1: 487 }, confidence: 92 },
      { text: 'info68@ruifeng.com', bbox: { x0: 169, y0: 503, x1: 435, y1: 540 }, confidence: 85 },
      { text: 'www.ruifeng.com', bbox: { x0: 169, y0: 546, x1: 397, y1: 582 }, confidence: 39 },
    ];
    const got = extractFields(read, { area: 'ch' });
    expect(got.tel).toEqual(['+86 769 5580 3508', '+86 192 9438 6113']);
    expect(got.other).toEqual(['Fax: +86 769 7016 5514']);
  });
});

describe('Dutch streets', () => {
  it('know a singel, a dijk and a steeg as streets', () => {
    const got = extractFields(stackedLines(['Chloë van den Berg', 'Coolsingel 139', '3011 AD Rotterdam, Nederland']), {
      area: 'hk',
    });
    expect(got.address).toEqual(['Coolsingel 139, 3011 AD Rotterdam, Nederland']);
    expect(got.other).toEqual([]);
  });
});

describe('a street named without a street word', () => {
  it('is an address above a European postcode and town', () => {
    const got = extractFields(stackedLines(['Noëlle de Jong', 'Damrak 63-A', '1012 LG Amsterdam, Nederland']), {
      area: 'hk',
    });
    expect(got.address).toEqual(['Damrak 63-A, 1012 LG Amsterdam, Nederland']);
    expect(got.other).toEqual([]);
  });
});

describe('Singapore units', () => {
  it('are part of the address, on a line of their own or inside a building name wrapped after them', () => {
    const alone = extractFields(
      stackedLines(['Yap Li Hua', '6 Shenton Way', '#15-05 OUE Downtown', 'Singapore 068809']),
      {
        area: 'hk',
      },
    );
    expect(alone.address).toEqual(['6 Shenton Way, #15-05 OUE Downtown, Singapore 068809']);
    expect(alone.other).toEqual([]);
    const wrapped = extractFields(
      stackedLines(['Teo Kian Hua', '391 Orchard Road, #18-14 Ngee', 'Ann City,', 'Singapore 238872']),
      { area: 'hk' },
    );
    expect(wrapped.address).toEqual(['391 Orchard Road, #18-14 Ngee Ann City, Singapore 238872']);
  });
});

describe('finishing touches', () => {
  it("puts back a middle initial's stop", () => {
    const got = extractFields(
      stackedLines(['Northfield Systems Ltd.', 'Nathaniel P Wright', 'Regional Sales Manager']),
      {
        area: 'hk',
      },
    );
    expect(got.name).toBe('Nathaniel P. Wright');
  });

  it('keeps one Chinese title read twice, once in part', () => {
    const got = extractFields(stackedLines(['宏昇國際有限公司', '許宗翰', '副總經理', '總經理', 'Vice President']), {
      area: 'hk',
    });
    expect(got.position).toEqual(['副總經理', 'Vice President']);
  });

  it('takes a title read cut short ("Managing D") for a title, not a name', () => {
    const got = extractFields(stackedLines(['Kallang Capital Pte. Ltd.', 'Managing D']), { area: 'hk' });
    expect(got.position).toEqual(['Managing D']);
    expect(got.name).toBe('');
  });
});

describe('addresses over several lines', () => {
  it('puts a European town after the postcode that ended the line above, and a country after it', () => {
    const f = extractFields(stackedLines(['Zoë Bakker', 'Adres: Oudegracht 106, 3511 AZ', 'Utrecht', 'Nederland']), {
      area: 'hk',
    });
    expect(f.address).toEqual(['Oudegracht 106, 3511 AZ Utrecht, Nederland']);
    expect(f.other).toEqual([]);
  });

  it("joins a place's name wrapped after a word that only begins one, and reads a semicolon as a comma", () => {
    const f = extractFields(
      stackedLines([
        'Peggy Yang',
        '8F., No. 41, Sec. 2, Xianmin Blvd., Banqiao Dist., New',
        'Taipei City 220, Taiwan (R.O.C.)',
      ]),
      { area: 'hk' },
    );
    expect(f.address).toEqual([
      '8F., No. 41, Sec. 2, Xianmin Blvd., Banqiao Dist., New Taipei City 220, Taiwan (R.O.C.)',
    ]);
    const g = extractFields(stackedLines(['Jason Ma', 'Rm 1408;14/F, Wing On House, 68 Cheung Sha Wan Road']), {
      area: 'hk',
    });
    expect(g.address).toEqual(['Rm 1408, 14/F, Wing On House, 68 Cheung Sha Wan Road']);
  });

  it('takes a floor alone on its line as the start of the address under it', () => {
    const f = extractFields(stackedLines(['Andrew Williams', 'Level 26', '151 Queen Street, Brisbane QLD 4000']), {
      area: 'hk',
    });
    expect(f.address).toEqual(['Level 26, 151 Queen Street, Brisbane QLD 4000']);
  });

  it("joins a place's name wrapped between its words with a space, a town alone on its line with a comma", () => {
    const wrapped = [
      'Address 15/F, Sun Kwong Commercial',
      'Building, 58 Kwun Tong Road, Kwun',
      'Tong, Kowloon, Hong Kong',
    ];
    expect(extractFields(stackedLines(wrapped), { area: 'hk' }).address).toEqual([
      '15/F, Sun Kwong Commercial Building, 58 Kwun Tong Road, Kwun Tong, Kowloon, Hong Kong',
    ]);
    const listed = ['Rm 1408, 14/F, Wing On House, 68 Cheung Sha Wan Road, Cheung', 'Sha Wan, Kowloon'];
    expect(extractFields(stackedLines(listed), { area: 'hk' }).address).toEqual([
      'Rm 1408, 14/F, Wing On House, 68 Cheung Sha Wan Road, Cheung Sha Wan, Kowloon',
    ]);
    const town = ['Jason Ng', 'Address: 12/F, Wing On House, 81 Kwai Chung Road', 'Kwai Chung', 'New Territories'];
    expect(extractFields(stackedLines(town), { area: 'hk' }).address).toEqual([
      '12/F, Wing On House, 81 Kwai Chung Road, Kwai Chung, New Territories',
    ]);
  });

  it('knows visiting and postal address labels in Dutch and German', () => {
    const f = extractFields(stackedLines(['Sanne Meijer', 'Bezoekadres: Lange Voorhout 109,', '2514 EA Den Haag']), {
      area: 'hk',
    });
    expect(f.address).toEqual(['Lange Voorhout 109, 2514 EA Den Haag']);
    expect(f.other).toEqual([]);
  });
});

describe('websites', () => {
  it("joins a domain's end wrapped onto its own line, and completes a name cut short from the e-mail domain", () => {
    const f = extractFields(
      stackedLines(['Jan Wöhrle', 'E-Mail j.wohrle@rheinblick-medizintechnik.com', 'www.rheinblick-medizinte', '.com']),
      { area: 'hk' },
    );
    expect(f.website).toEqual(['www.rheinblick-medizintechnik.com']);
    expect(f.other).toEqual([]);
  });
});

describe('a GmbH', () => {
  it('is German, Austrian or Swiss alike: a .ch domain makes it Swiss', () => {
    const f = extractFields(
      stackedLines([
        'Alpenglück Software GmbH',
        'Jan Zimmermann',
        'Mobil: 078 531 95 47',
        'Mail: j.zimmermann@alpengluck.ch',
      ]),
      { area: 'hk' },
    );
    expect(f.tel).toEqual(['+41 78 531 95 47']);
  });
});

describe('a German-language card with no country codes', () => {
  it('reads its numbers as German, whoever scans it, and an Austrian one as Austrian', () => {
    const german = extractFields(
      stackedLines([
        'Hoffmann Maschinenbau GmbH',
        'Lena Hoffmann',
        'Projektleiterin',
        'Telefon 0711 / 5476699',
        'Mobil 0162 / 49632108',
      ]),
      { area: 'hk' },
    );
    expect(german.tel).toEqual(['+49 711 5476699', '+49 162 49632108']);
    const austrian = extractFields(
      stackedLines(['Fischer Anlagenbau GmbH', 'Bärbel Fischer', 'Projektleiterin', 'Telefon: 01 / 7643996']),
      { area: 'hk' },
    );
    expect(austrian.tel).toEqual(['+43 1 7643996']);
  });

  it('needs two of its words: one English word that is also German does not make a card German', () => {
    expect(cardRegion(['Handy Tools Ltd', 'Tel 020 7946 0958'], 'HK')).toBe('HK');
    expect(cardRegion(['Telefon 0711 / 5476699', 'Mobil 0162 / 49632108'], 'HK')).toBe('DE');
  });
});

describe('English addresses of Chinese cards', () => {
  it('take the city printed alone under the district', () => {
    const f = extractFields(
      stackedLines([
        '韩静',
        'Jing Han',
        'ADD',
        'Room 2412, Building 2, Tech Plaza',
        '948 Xinghu Street, Gusu District',
        'Suzhou',
      ]),
      { area: 'ch' },
    );
    expect(f.address).toEqual(['Room 2412, Building 2, Tech Plaza, 948 Xinghu Street, Gusu District, Suzhou']);
    expect(f.other).toEqual([]);
  });

  it("join a street's name wrapped before its last word, drop an 'Add' label (with a dash too), and put back P.R. China's stop", () => {
    const f = extractFields(
      stackedLines([
        '王明',
        'Add Room 2408, Innovation Building, 860 Ganjiang West',
        'Road, Gusu District, Suzhou, Jiangsu, PR. China',
      ]),
      { area: 'ch' },
    );
    expect(f.address).toEqual([
      'Room 2408, Innovation Building, 860 Ganjiang West Road, Gusu District, Suzhou, Jiangsu, P.R. China',
    ]);
    const dashed = extractFields(stackedLines(['王明', 'Add- 9/F, Fortune Centre, 218 jiefang Avenue, Wuhan']), {
      area: 'ch',
    });
    expect(dashed.address).toEqual(['9/F, Fortune Centre, 218 Jiefang Avenue, Wuhan']);
    const colon = extractFields(stackedLines(['王明', 'Gusu District, Suzhou, Jiangsu, P.R: China']), { area: 'ch' });
    expect(colon.address).toEqual(['Gusu District, Suzhou, Jiangsu, P.R. China']);
  });

  it('read a left quote OCR made of an apostrophe as the apostrophe', () => {
    const f = extractFields(stackedLines(['Marco Rossi', 'Via dell‘Indipendenza 172, 40121 Bologna']), { area: 'hk' });
    expect(f.address).toEqual(["Via dell'Indipendenza 172, 40121 Bologna"]);
  });
});

describe('legal forms and accents OCR lost', () => {
  it("leave a place's name after a legal form to the address", () => {
    const f = extractFields(
      stackedLines([
        'Cherry Tse',
        'Address: 7/F, Wang Lee Centre, 259 Kwun Tong Road, Kwun Tong,',
        'Wing Shing Property Management Limited Kowloon',
      ]),
      { area: 'hk' },
    );
    expect(f.company).toEqual(['Wing Shing Property Management Limited']);
  });

  it("put back a stop of 'Co., Ltd.' and of a Dutch 'N.V.'", () => {
    expect(extractFields(stackedLines(['Tak Shun Investment Co, Ltd.', 'Carmen Tse']), { area: 'hk' }).company).toEqual(
      ['Tak Shun Investment Co., Ltd.'],
    );
    expect(extractFields(stackedLines(['Meijer Digitaal NV.', 'Sanne Meijer']), { area: 'hk' }).company).toEqual([
      'Meijer Digitaal N.V.',
    ]);
  });

  it('put the right accent on a word OCR read with a wrong one', () => {
    const f = extractFields(
      stackedLines(['Begoña Sanchez', 'Email: b.sanchez@penalara-logistica.es', 'Calle Colôn 163,', '46004 Valencia']),
      { area: 'hk' },
    );
    expect(f.address).toEqual(['Calle Colón 163, 46004 Valencia']);
  });

  it("read a German card's ô as ö, and put back an Italian name's accent", () => {
    const de = extractFields(stackedLines(['Jan Wôhrle', 'Rheinblick GmbH', 'Friedrichstraße 68, 10117 Berlin']), {
      area: 'hk',
    });
    expect(de.name).toBe('Jan Wöhrle');
    const it = extractFields(
      stackedLines(['Nicolo Galli', 'Studio Verdi S.r.l.', 'Via dei Coronari 175, 00186 Roma']),
      {
        area: 'hk',
      },
    );
    expect(it.name).toBe('Nicolò Galli');
  });

  it("put back a Swiss French card's accents", () => {
    const f = extractFields(
      stackedLines(['Martin Ingénierie Sarl', 'Céline Martin', 'Quai du Mont-Blanc 59, 1204 Geneve, Suisse']),
      {
        area: 'hk',
      },
    );
    expect(f.company).toEqual(['Martin Ingénierie Sàrl']);
    expect(f.address).toEqual(['Quai du Mont-Blanc 59, 1204 Genève, Suisse']);
  });
});

describe('Chinese addresses', () => {
  it("read a city's 市 OCR took for 中 before its district back, and leave a 中心区 alone", () => {
    expect(extractFields(stackedLines(['马军', '地址', '深圳中宝安区科技路74号']), { area: 'ch' }).address).toEqual([
      '深圳市宝安区科技路74号',
    ]);
    expect(extractFields(stackedLines(['马军', '地址', '深圳中心区科技路74号']), { area: 'ch' }).address).toEqual([
      '深圳中心区科技路74号',
    ]);
  });

  it("reads a Hong Kong address as printed where OCR misread its room, floor, label or street's direction", () => {
    const wrapped = ['Address: 32/F, Sun Kwong Commercial Building, 325 Des Voeux Road', 'Central, Central, Hong Kong'];
    expect(extractFields(stackedLines(wrapped), { area: 'hk' }).address).toEqual([
      '32/F, Sun Kwong Commercial Building, 325 Des Voeux Road Central, Central, Hong Kong',
    ]);
    const misread = ['Rin 2915, 29 F, Tak Mei Centre, 291 Sheung Yuet Road, Kowloon Bay, Kowloon'];
    expect(extractFields(stackedLines(misread), { area: 'hk' }).address).toEqual([
      'Rm 2915, 29/F, Tak Mei Centre, 291 Sheung Yuet Road, Kowloon Bay, Kowloon',
    ]);
    expect(extractFields(stackedLines(['她址香港上環文咸東街325號富利大廈29樓']), { area: 'hk' }).address).toEqual([
      '香港上環文咸東街325號富利大廈29樓',
    ]);
  });
});

describe('European and Taiwanese addresses, titles and legal forms OCR misreads', () => {
  it('reads a "Straße" on its own whose ß came out as B, and the town below it, as one address', () => {
    const got = extractFields(
      stackedLines([
        'Zimmermann Consulting GmbH',
        'Jana Zimmermann',
        'Leiterin Einkauf',
        'Kärntner StraBe 78',
        '1010 Wien',
      ]),
      { area: 'hk' },
    );
    expect(got.address).toEqual(['Kärntner Straße 78, 1010 Wien']);
    expect(got.other).toEqual([]);
  });

  it('reads a Taiwanese floor and number line as the start of the address', () => {
    const got = extractFields(
      stackedLines(['Lin Chih-Wei', '14F., No. 94,', 'Sec. 2, Gongyi Rd., Nantun Dist., Taichung City 408, Taiwan']),
      { area: 'hk' },
    );
    expect(got.address).toEqual(['14F., No. 94, Sec. 2, Gongyi Rd., Nantun Dist., Taichung City 408, Taiwan']);
    expect(got.other).toEqual([]);
  });

  it('takes a country wrapped after its first word as the end of the address', () => {
    const got = extractFields(
      stackedLines(['Liam Martin', 'Suite 2, 58 George Street, Edinburgh EH2 2LR, United', 'Kingdom']),
      { area: 'hk' },
    );
    expect(got.address).toEqual(['Suite 2, 58 George Street, Edinburgh EH2 2LR, United Kingdom']);
    expect(got.other).toEqual([]);
  });

  it('reads feminine titles, leaves a French word unchanged, and an S.r.l. whose l came out as 1', () => {
    const fr = extractFields(stackedLines(['Horizon Logistique SAS', 'Chloé Rousseau', 'Cheffe de projet']), {
      area: 'hk',
    });
    expect(fr.position).toEqual(['Cheffe de projet']);
    const de = extractFields(stackedLines(['Lena Huber', 'p Key Account Managerin']), { area: 'hk' });
    expect(de.position).toEqual(['Key Account Managerin']);
    const italian = extractFields(stackedLines(['Tessuti Brenta S.r.1.', "Matteo Dell'Acqua"]), { area: 'hk' });
    expect(italian.company).toEqual(['Tessuti Brenta S.r.l.']);
    expect(italian.other).toEqual([]);
  });
});
