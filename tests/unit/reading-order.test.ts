import { describe, expect, it } from 'vitest';
import { readingOrder } from '../../src/lib/card-fields/reading-order';
import type { OcrLine } from '../../src/lib/card-fields/types';

const line = (text: string, x0: number, y0: number, x1: number, height = 30): OcrLine => ({
  text,
  bbox: { x0, y0, x1, y1: y0 + height },
  confidence: 90,
});

describe('readingOrder', () => {
  it('reads columns side by side each top to bottom, left first, and a line across them after both', () => {
    const lines = [
      line('Florence Leung', 60, 100, 400),
      line('Tel (852) 3656 4369', 800, 100, 1200),
      line('Business Manager', 60, 150, 380),
      line('地址香港灣仔軒尼詩道175號', 800, 150, 1200),
      line('偉業投資有限公司', 60, 200, 360),
      line('美麗華大廈30樓', 800, 200, 1100),
      line('Wai Yip Investment Company Limited, a member of the Wai Yip Group', 60, 300, 1200),
    ];
    expect(readingOrder(lines).map((l) => l.text)).toEqual([
      'Florence Leung',
      'Business Manager',
      '偉業投資有限公司',
      'Tel (852) 3656 4369',
      '地址香港灣仔軒尼詩道175號',
      '美麗華大廈30樓',
      'Wai Yip Investment Company Limited, a member of the Wai Yip Group',
    ]);
  });

  it('lets no line across the card (a rule read as letters) make the columns one', () => {
    const lines = [
      line('za', 60, 40, 1200),
      line('Florence Leung', 60, 100, 400),
      line('地址香港灣仔軒尼詩道175號', 800, 100, 1200),
      line('偉業投資有限公司', 60, 150, 360),
      line('美麗華大廈30樓', 800, 150, 1100),
    ];
    expect(readingOrder(lines).map((l) => l.text)).toEqual([
      'za',
      'Florence Leung',
      '偉業投資有限公司',
      '地址香港灣仔軒尼詩道175號',
      '美麗華大廈30樓',
    ]);
  });

  it('reads a name block above two columns of contacts first, then each column', () => {
    const lines = [
      line('盧穎', 268, 70, 415, 70),
      line('Lo Wing', 266, 170, 406),
      line('新峰設計有限公司', 266, 320, 573),
      line('電話 TEL', 68, 535, 163),
      line('E-MAIL', 723, 540, 830),
      line('+852-3910-0636', 68, 570, 258),
      line('wing@newsummit.com.hk', 721, 572, 1023),
      line('32/F, Tak Mei Centre', 67, 715, 305),
      line("379 Queen's Road Central, Central, Hong Kong", 67, 758, 617),
    ];
    expect(readingOrder(lines).map((l) => l.text)).toEqual([
      '盧穎',
      'Lo Wing',
      '新峰設計有限公司',
      '電話 TEL',
      '+852-3910-0636',
      '32/F, Tak Mei Centre',
      "379 Queen's Road Central, Central, Hong Kong",
      'E-MAIL',
      'wing@newsummit.com.hk',
    ]);
  });

  it('starts a new band at a row of labels below a name block, though a wide company line stands above one of them', () => {
    const lines = [
      line('林子轩', 263, 68, 495, 75),
      line('Beijing Zhongke Trading Co., Ltd.', 264, 373, 832, 39),
      line('邮箱 E-MAIL', 722, 500, 863, 22),
      line('TEL', 65, 502, 107, 18),
      line('(010) 8488 6079', 67, 537, 302),
      line('linzixuan@zhongke-tech.com', 723, 537, 1134),
      line('地址', 66, 586, 114, 22),
      line('北京市朝阳区中关村大街221号', 66, 619, 496),
    ];
    expect(readingOrder(lines).map((l) => l.text)).toEqual([
      '林子轩',
      'Beijing Zhongke Trading Co., Ltd.',
      'TEL',
      '(010) 8488 6079',
      '地址',
      '北京市朝阳区中关村大街221号',
      '邮箱 E-MAIL',
      'linzixuan@zhongke-tech.com',
    ]);
  });

  it('reads a card printed in one column top to bottom, however its lines are centred or given', () => {
    const lines = [
      line('Peter Chan', 300, 100, 700, 50),
      line('Sales Manager', 350, 170, 650),
      line('ABC Limited', 380, 220, 620),
      line('Tel 2345 6789', 200, 300, 800),
    ];
    expect(readingOrder(lines)).toEqual(lines);
    // The page layout gave the company's block last.
    const [name, title, company, tel] = lines;
    expect(readingOrder([name, title, tel, company] as OcrLine[])).toEqual(lines);
  });
});

describe('an address under two columns', () => {
  it('goes on with the column still running, not the name block ended far above it', () => {
    // The name's block (right of a logo), two columns of contacts, the address under the left one,
    // its second line longer than its first and reaching under the name.
    const lines = [
      line('Desmond Teo', 270, 180, 570),
      line('Straits Consulting Pte. Ltd.', 270, 390, 740),
      // Close under the name's block: no new band starts.
      line('6631 3217', 70, 440, 220),
      line('+65 8093 5575', 720, 440, 940),
      line('www.straits.com.sg', 70, 670, 350),
      line('50 Ubi Avenue 3,', 70, 725, 315),
      line('#27-14 Frontier, Singapore 408866', 70, 770, 585),
    ];
    const order = readingOrder(lines).map((l) => l.text);
    expect(order.indexOf('#27-14 Frontier, Singapore 408866')).toBe(order.indexOf('50 Ubi Avenue 3,') + 1);
  });
});
