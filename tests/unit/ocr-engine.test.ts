import type Tesseract from 'tesseract.js';
import { describe, expect, it } from 'vitest';
import type { LineReader } from '../../src/lib/line-reader';
import {
  chooseScript,
  linesOfPage,
  OcrEngine,
  scriptEvidence,
  type TesseractWorker,
  tidyLine,
} from '../../src/lib/ocr-engine';

type FakeLine = { text: string; confidence: number };

function page(lines: FakeLine[]): Tesseract.Page {
  const bbox = { x0: 0, y0: 0, x1: 10, y1: 10 };
  return {
    text: lines.map((l) => l.text).join('\n'),
    blocks: [{ paragraphs: [{ lines: lines.map((l) => ({ ...l, bbox, words: [] })) }] }],
  } as unknown as Tesseract.Page;
}

/** A page whose Chinese characters (and their words) carry confidences: `symbols` is [character, confidence][]. */
function symbolPage(text: string, symbols: [string, number][]): Tesseract.Page {
  const bbox = { x0: 0, y0: 0, x1: 10, y1: 10 };
  const line = {
    text,
    confidence: 90,
    bbox,
    // A word a character, each as sure as its character.
    words: symbols.map(([t, confidence]) => ({ text: t, confidence, symbols: [{ text: t, confidence }] })),
  };
  return { text, blocks: [{ paragraphs: [{ lines: [line] }] }] } as unknown as Tesseract.Page;
}

/** A tesseract.js worker that always answers `answer`, counting its readings. */
function fakeWorker(answer: Tesseract.Page) {
  const worker = {
    reads: 0,
    async setParameters() {},
    async recognize() {
      worker.reads += 1;
      return { data: answer };
    },
    async terminate() {},
  };
  return worker as typeof worker & TesseractWorker;
}

const evidence = (chinese: number, chineseConfidence: number, own: number, ownConfidence: number) => ({
  chinese,
  chineseConfidence,
  own,
  ownConfidence,
});

const gray = { data: new Uint8ClampedArray(4), width: 2, height: 2 };

describe('tidyLine', () => {
  it('closes the spaces tesseract puts between Chinese characters, not between words', () => {
    expect(tidyLine('陳 大 文  Peter   Chan ')).toBe('陳大文 Peter Chan');
    expect(tidyLine('香港 中環 德輔道中 88 號')).toBe('香港中環德輔道中 88 號');
  });
});

describe('linesOfPage', () => {
  it('gives every non-empty line with its box and confidence', () => {
    const lines = linesOfPage(
      page([
        { text: ' Tel: 2345 6789 ', confidence: 90 },
        { text: '  ', confidence: 0 },
      ]),
    );
    expect(lines).toEqual([{ text: 'Tel: 2345 6789', confidence: 90, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 } }]);
  });

  it('cuts a line where its words stand a column apart, and keeps an ordinary line whole', () => {
    const word = (text: string, x0: number, x1: number, confidence: number) => ({
      text,
      confidence,
      bbox: { x0, y0: 100, x1, y1: 130 },
    });
    const line = (words: ReturnType<typeof word>[]) => ({
      text: words.map((w) => w.text).join(' '),
      confidence: 80,
      bbox: { x0: words[0]?.bbox.x0 ?? 0, y0: 100, x1: words[words.length - 1]?.bbox.x1 ?? 0, y1: 130 },
      words,
    });
    const twoColumns = line([
      word('Florence', 60, 200, 95),
      word('Leung', 215, 320, 93),
      word('Tel', 850, 900, 90),
      word('3656', 915, 990, 70),
      word('4369', 1005, 1080, 80),
    ]);
    const spaced = line([word('Peter', 60, 160, 90), word('Chan', 230, 320, 90)]);
    const page = { text: '', blocks: [{ paragraphs: [{ lines: [twoColumns, spaced] }] }] } as unknown as Tesseract.Page;
    expect(linesOfPage(page)).toEqual([
      { text: 'Florence Leung', confidence: 94, bbox: { x0: 60, y0: 100, x1: 320, y1: 130 } },
      { text: 'Tel 3656 4369', confidence: 80, bbox: { x0: 850, y0: 100, x1: 1080, y1: 130 } },
      { text: 'Peter Chan', confidence: 80, bbox: { x0: 60, y0: 100, x1: 320, y1: 130 } },
    ]);
  });

  it('measures the gap by the smaller word, where a large name ran into small contacts beside it', () => {
    const word = (text: string, x0: number, x1: number, y0: number, y1: number) => ({
      text,
      confidence: 95,
      bbox: { x0, y0, x1, y1 },
    });
    const words = [
      word('Desmond', 79, 459, 462, 522),
      word('Yap', 494, 644, 464, 540),
      word('Mob:', 758, 823, 475, 497),
      word('8943', 843, 905, 476, 497),
      word('8592', 918, 977, 476, 497),
    ];
    const line = { text: '', confidence: 95, bbox: { x0: 79, y0: 462, x1: 977, y1: 540 }, words };
    const page = { text: '', blocks: [{ paragraphs: [{ lines: [line] }] }] } as unknown as Tesseract.Page;
    expect(linesOfPage(page).map((l) => l.text)).toEqual(['Desmond Yap', 'Mob: 8943 8592']);
  });
});

describe('scriptEvidence', () => {
  it("counts the Chinese characters and the ones in its own script's form, with their confidences", () => {
    const page = symbolPage('華創 Tel', [
      ['華', 90],
      ['創', 80],
      ['有', 100],
      ['T', 10],
    ]);
    expect(scriptEvidence(page, 'traditional')).toEqual(evidence(3, 90, 2, 85));
    expect(scriptEvidence(page, 'simplified')).toEqual(evidence(3, 90, 0, 0));
  });
});

describe('chooseScript', () => {
  it('keeps the reading surer of the characters only its script writes so, whatever the area', () => {
    // A Simplified card: the Traditional model reads 华 as 華 less surely than the Simplified one reads 华.
    const traditional = evidence(38, 88.4, 10, 84.9);
    const simplified = evidence(38, 91.5, 11, 93.6);
    expect(chooseScript(traditional, simplified, 'hk')).toBe('simplified');
    expect(chooseScript(simplified, traditional, 'ch')).toBe('traditional');
  });

  it('drops a reading that lost many characters', () => {
    expect(chooseScript(evidence(12, 98, 3, 99), evidence(34, 98, 9, 98), 'hk')).toBe('simplified');
    expect(chooseScript(evidence(34, 98, 9, 98), evidence(12, 98, 3, 99.5), 'ch')).toBe('traditional');
  });

  it('lets the area decide with no Chinese, or when the readings are as sure', () => {
    expect(chooseScript(evidence(0, 0, 0, 0), evidence(1, 60, 0, 0), 'hk')).toBe('traditional');
    expect(chooseScript(evidence(0, 0, 0, 0), evidence(0, 0, 0, 0), 'ch')).toBe('simplified');
    expect(chooseScript(evidence(20, 97, 5, 97.1), evidence(20, 97, 5, 97.2), 'hk')).toBe('traditional');
  });

  it('follows where the card says it is from over close confidences', () => {
    // A mainland card read a point surer by the Traditional model (seen on dev photos: 武漢市…).
    const traditional = evidence(30, 93, 8, 92.5);
    const simplified = evidence(30, 92, 8, 91.8);
    expect(chooseScript(traditional, simplified, 'hk')).toBe('traditional');
    expect(chooseScript(traditional, simplified, 'hk', 'CN')).toBe('simplified');
    expect(chooseScript(simplified, traditional, 'ch', 'TW')).toBe('traditional');
    expect(chooseScript(traditional, simplified, 'hk', 'SG')).toBe('simplified');
    // A place with no Chinese script of its own leaves it to the readings.
    expect(chooseScript(traditional, simplified, 'ch', 'DE')).toBe('traditional');
    // A reading that lost its characters still loses.
    expect(chooseScript(evidence(30, 93, 8, 92), evidence(6, 90, 1, 90), 'ch', 'CN')).toBe('traditional');
  });

  it('compares all Chinese characters when too few differ between the scripts', () => {
    expect(chooseScript(evidence(8, 90, 1, 99), evidence(8, 96, 0, 0), 'hk')).toBe('simplified');
  });
});

describe('OcrEngine', () => {
  it('reads every card with both models and keeps the Simplified reading of a Simplified card, for a Hong Kong user', async () => {
    const traditional = fakeWorker(
      symbolPage('深圳市華創', [
        ['深', 97],
        ['圳', 97],
        ['市', 98],
        ['華', 93],
        ['創', 92],
      ]),
    );
    const simplified = fakeWorker(
      symbolPage('深圳市华创', [
        ['深', 97],
        ['圳', 97],
        ['市', 98],
        ['华', 98],
        ['创', 97],
      ]),
    );
    const reading = await new OcrEngine({ traditional, simplified }).recognize(gray, 'hk');
    expect([traditional.reads, simplified.reads]).toEqual([1, 1]);
    expect(reading.script).toBe('simplified');
    expect(reading.lines.map((l) => l.text)).toEqual(['深圳市华创']);
  });

  it('keeps the Traditional reading of a Traditional card, for a mainland user', async () => {
    const traditional = fakeWorker(
      symbolPage('陳大文 財務總監', [
        ['陳', 98],
        ['大', 98],
        ['文', 98],
        ['財', 97],
        ['務', 98],
        ['總', 97],
        ['監', 98],
      ]),
    );
    const simplified = fakeWorker(
      symbolPage('陈大文 财务总监', [
        ['陈', 93],
        ['大', 98],
        ['文', 98],
        ['财', 94],
        ['务', 92],
        ['总', 95],
        ['监', 91],
      ]),
    );
    const reading = await new OcrEngine({ traditional, simplified }).recognize(gray, 'ch');
    expect(reading.script).toBe('traditional');
    expect(reading.lines.map((l) => l.text)).toEqual(['陳大文財務總監']);
  });

  it("keeps the reading that read the characters, in the script the card's place prints", async () => {
    // A Singapore card: only the Traditional model read the name, in its own forms.
    const traditional = fakeWorker(
      symbolPage('王家偉 wang@lioncity.com.sg', [
        ['王', 95],
        ['家', 95],
        ['偉', 90],
      ]),
    );
    const simplified = fakeWorker(symbolPage('EK wang@lioncity.com.sg', []));
    const reading = await new OcrEngine({ traditional, simplified }).recognize(gray, 'hk');
    expect(reading.script).toBe('simplified');
    expect(reading.lines.map((l) => l.text)).toEqual(['王家伟 wang@lioncity.com.sg']);
  });

  it('reads a card the page layout found no text on again as one block, then sets the layout back', async () => {
    const calls: unknown[] = [];
    const block = symbolPage('黃詩涵', [
      ['黃', 90],
      ['詩', 90],
      ['涵', 90],
    ]);
    const traditional = {
      async setParameters(params: unknown) {
        calls.push(params);
      },
      async recognize() {
        calls.push('read');
        const last = calls.filter((c) => c !== 'read').at(-1) as { tessedit_pageseg_mode?: string } | undefined;
        return { data: last?.tessedit_pageseg_mode === '6' ? block : symbolPage('', []) };
      },
      async terminate() {},
    } as unknown as TesseractWorker;
    const simplified = fakeWorker(symbolPage('', []));
    const reading = await new OcrEngine({ traditional, simplified }).recognize(gray, 'hk');
    expect(reading.lines.map((l) => l.text)).toEqual(['黃詩涵']);
    expect(calls.at(-1)).toMatchObject({ tessedit_pageseg_mode: '3' });
  });

  it('reads a line of large type again on its own when it came out unsure, keeping the surer text', async () => {
    const line = (text: string, y0: number, y1: number, confidence: number) => ({
      text,
      confidence,
      bbox: { x0: 10, y0, x1: 300, y1 },
      words: [],
    });
    const card = {
      text: '',
      blocks: [
        {
          paragraphs: [
            {
              lines: [
                line('ZRH', 10, 90, 9),
                line('副总裁', 100, 130, 90),
                line('电话: 0755-7497 4331', 140, 170, 90),
                line('地址: 深圳市南山区深南大道465号', 180, 210, 90),
              ],
            },
          ],
        },
      ],
    } as unknown as Tesseract.Page;
    const calls: unknown[] = [];
    const simplified = {
      async setParameters(params: unknown) {
        calls.push(params);
      },
      async recognize() {
        // The whole card first, then the large line alone.
        calls.push('read');
        return calls.filter((c) => c === 'read').length === 1
          ? { data: card }
          : { data: { text: '李 勇\n', confidence: 88 } as unknown as Tesseract.Page };
      },
      async terminate() {},
    } as unknown as TesseractWorker;
    const traditional = fakeWorker(symbolPage('', []));
    const big = { data: new Uint8ClampedArray(400 * 300).fill(255), width: 400, height: 300 };
    const reading = await new OcrEngine({ traditional, simplified }).recognize(big, 'ch');
    expect(reading.lines.map((l) => l.text)).toEqual([
      '李勇',
      '副总裁',
      '电话: 0755-7497 4331',
      '地址: 深圳市南山区深南大道465号',
    ]);
    expect(reading.fields.name).toBe('李勇');
    // Read as one line, then the page layout is set back for the next card.
    expect(calls.at(-1)).toMatchObject({ tessedit_pageseg_mode: '3' });
  });
});

describe('OcrEngine, large type on a card with Chinese', () => {
  /** A card page: lines with bounding boxes, each Chinese character a word of its line's confidence. */
  function cardPage(lines: [text: string, y0: number, y1: number, confidence: number][]): Tesseract.Page {
    return {
      text: '',
      blocks: [
        {
          paragraphs: [
            {
              lines: lines.map(([text, y0, y1, confidence]) => ({
                text,
                confidence,
                bbox: { x0: 10, y0, x1: 300, y1 },
                words: [...text].map((c) => ({ text: c, confidence, symbols: [{ text: c, confidence }] })),
              })),
            },
          ],
        },
      ],
    } as unknown as Tesseract.Page;
  }

  /** A worker reading the whole card as `card` and any line alone as `line`, logging what it is asked. */
  function lineWorker(card: Tesseract.Page | null, line: { text: string; confidence: number }, log: string[]) {
    let reads = 0;
    return {
      async setParameters() {},
      async reinitialize(langs: string) {
        log.push(`reinitialize ${langs}`);
        return {} as Tesseract.ConfigResult;
      },
      async recognize() {
        reads += 1;
        log.push('read');
        return { data: (card && reads === 1 ? card : line) as unknown as Tesseract.Page };
      },
      async terminate() {},
    } as unknown as TesseractWorker;
  }

  const big = { data: new Uint8ClampedArray(400 * 300).fill(255), width: 400, height: 300 };
  const simplifiedCard = cardPage([
    ['EINE', 10, 90, 31],
    ['人力资源主管', 100, 130, 92],
    ['电话: 0755-7719 6679', 140, 170, 90],
    ['地址: 深圳市福田区滨海大道103号', 180, 210, 90],
  ]);

  it('gives the line recognizer the lines the page layout dropped too (an e-mail read as "sales@küanchun.tw")', async () => {
    // A line of ink (hollow letters) below every line the layout read.
    const inked = { data: new Uint8ClampedArray(400 * 300).fill(255), width: 400, height: 300 };
    for (let x0 = 100; x0 < 300; x0 += 14) {
      for (let y = 240; y < 268; y++) {
        for (let x = x0; x < x0 + 10; x++) {
          if (y < 242 || y > 265 || x < x0 + 2 || x > x0 + 7) inked.data[y * 400 + x] = 0;
        }
      }
    }
    const englishCard = cardPage([
      ['Chien-Hung Cheng', 10, 90, 93],
      ['General Manager', 100, 130, 92],
      ['Tel +886 7 444 0112', 140, 170, 93],
    ]);
    const boxes: { y0: number }[] = [];
    const engine = new OcrEngine(
      {
        traditional: lineWorker(englishCard, { text: 'sales@küanchun.tw', confidence: 90 }, []),
        simplified: fakeWorker(page([])),
      },
      undefined,
      Promise.resolve(async (_gray, box) => {
        boxes.push(box);
        return { text: 'sales@kuanchun.tw', confidence: 100 };
      }),
    );
    const reading = await engine.recognize(inked, 'hk');
    expect(reading.fields.email).toEqual(['sales@kuanchun.tw']);
    expect(boxes).toHaveLength(1);
  });

  it('reads an unsure large line with the Chinese model alone too, in the card’s script, and keeps the surer', async () => {
    const log: string[] = [];
    const chineseOnly: string[] = [];
    const engine = new OcrEngine(
      {
        traditional: fakeWorker(page([])),
        simplified: lineWorker(simplifiedCard, { text: 'ERRR 1G', confidence: 23 }, log),
      },
      Promise.resolve(lineWorker(null, { text: '胡 欣 怡', confidence: 56 }, chineseOnly)),
    );
    const reading = await engine.recognize(big, 'hk');
    expect(reading.script).toBe('simplified');
    expect(reading.fields.name).toBe('胡欣怡');
    expect(chineseOnly).toEqual(['reinitialize chi_sim', 'read']);
    // A second card of the same script: no switch.
    await engine.recognize(big, 'hk');
    expect(chineseOnly.filter((c) => c.startsWith('reinitialize'))).toHaveLength(1);
  });

  it('reads a large name the page layout cut in two ("14" "曉彤") again as one line, in its first piece’s place', async () => {
    const pieces = cardPage([
      ['14', 10, 90, 46],
      ['曉彤', 10, 90, 82],
      ['董事總經理', 100, 130, 92],
      ['電話: 2199 7130', 140, 170, 90],
      ['電郵: hiutung@goldenglory.com', 180, 210, 90],
    ]);
    const [first, second] = pieces.blocks?.[0]?.paragraphs[0]?.lines ?? [];
    if (!first || !second) throw new Error('no lines');
    first.bbox = { x0: 10, y0: 10, x1: 90, y1: 90 };
    second.bbox = { x0: 110, y0: 12, x1: 280, y1: 90 };
    const chineseOnly: string[] = [];
    const engine = new OcrEngine(
      {
        traditional: lineWorker(pieces, { text: '14 暁彤', confidence: 40 }, []),
        simplified: fakeWorker(page([])),
      },
      Promise.resolve(lineWorker(null, { text: '鄧 曉 彤', confidence: 86 }, chineseOnly)),
    );
    const reading = await engine.recognize(big, 'hk');
    expect(reading.lines.map((l) => l.text)).toEqual([
      '鄧曉彤',
      '董事總經理',
      '電話: 2199 7130',
      '電郵: hiutung@goldenglory.com',
    ]);
    expect(reading.lines[0]?.bbox).toEqual({ x0: 10, y0: 10, x1: 280, y1: 90 });
    expect(reading.fields.name).toBe('鄧曉彤');
  });

  it('reads a vertical name tesseract read across its column as garbage or one character at a time', async () => {
    // A card 1400 × 860 with a column of three square characters down its right edge.
    const card = { data: new Uint8ClampedArray(1400 * 860).fill(245), width: 1400, height: 860 };
    const fillBox = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) card.data.fill(20, y * 1400 + x0, y * 1400 + x1);
    };
    for (const top of [60, 150, 240]) {
      for (const at of [0.05, 0.47, 0.9]) fillBox(1240, top + Math.round(at * 70), 1310, top + Math.round(at * 70) + 8);
      fillBox(1271, top, 1279, top + 70);
    }
    for (const garbage of [
      [
        ['鼎新生技有限公司', 100, 140, 91],
        ['Di 2k Sn', 60, 310, 58],
      ],
      [
        ['鼎新生技有限公司', 100, 140, 91],
        ['王', 60, 130, 92],
        ['王', 240, 310, 91],
      ],
    ] as [string, number, number, number][][]) {
      const read = cardPage(garbage);
      for (const line of read.blocks?.[0]?.paragraphs[0]?.lines ?? []) {
        if (line.text !== '鼎新生技有限公司') line.bbox = { x0: 1237, y0: line.bbox.y0, x1: 1313, y1: line.bbox.y1 };
      }
      const engine = new OcrEngine(
        { traditional: lineWorker(read, { text: '', confidence: 0 }, []), simplified: fakeWorker(page([])) },
        Promise.resolve(lineWorker(null, { text: '楊 淑 芬', confidence: 80 }, [])),
      );
      const reading = await engine.recognize(card, 'hk');
      expect(reading.fields.name).toBe('楊淑芬');
      expect(reading.lines.map((l) => l.text)).toEqual(['楊淑芬', '鼎新生技有限公司']);
    }
  });

  it('keeps the mixed reading when the Chinese model alone is less sure', async () => {
    const engine = new OcrEngine(
      {
        traditional: fakeWorker(page([])),
        simplified: lineWorker(simplifiedCard, { text: 'Joyce Wu', confidence: 88 }, []),
      },
      Promise.resolve(lineWorker(null, { text: '了 吴', confidence: 40 }, [])),
    );
    expect((await engine.recognize(big, 'hk')).lines[0]?.text).toBe('Joyce Wu');
  });

  it('never asks the Chinese model about a card without Chinese, and reads on when that model failed to start', async () => {
    const chineseOnly: string[] = [];
    const english = cardPage([
      ['J ess ica', 10, 90, 40],
      ['Account Executive', 100, 130, 92],
      ['Tel +1 404 394 0178', 140, 170, 90],
    ]);
    const engine = new OcrEngine(
      {
        traditional: lineWorker(english, { text: 'Jessica Martin', confidence: 90 }, []),
        simplified: fakeWorker(english),
      },
      Promise.resolve(lineWorker(null, { text: '杰 西 卡', confidence: 95 }, chineseOnly)),
    );
    expect((await engine.recognize(big, 'hk')).lines[0]?.text).toBe('Jessica Martin');
    expect(chineseOnly).toEqual([]);

    const broken = new OcrEngine(
      {
        traditional: fakeWorker(page([])),
        simplified: lineWorker(simplifiedCard, { text: 'ERRR 1G', confidence: 23 }, []),
      },
      Promise.reject(new Error('chi_sim unavailable')),
    );
    expect((await broken.recognize(big, 'hk')).lines.map((l) => l.text)).toContain('人力资源主管');
  });
});

describe('OcrEngine, the line recognizer on large Chinese type', () => {
  const big = { data: new Uint8ClampedArray(400 * 300).fill(255), width: 400, height: 300 };
  const card = (name: string, confidence: number, rest: string[]) =>
    ({
      text: '',
      blocks: [
        {
          paragraphs: [
            {
              lines: [
                [name, 10, 90, confidence] as const,
                ...rest.map((t, i) => [t, 100 + 40 * i, 130 + 40 * i, 92] as const),
              ].map(([text, y0, y1, conf]) => ({
                text,
                confidence: conf,
                bbox: { x0: 10, y0, x1: 300, y1 },
                words: [...text].map((c) => ({ text: c, confidence: conf, symbols: [{ text: c, confidence: conf }] })),
              })),
            },
          ],
        },
      ],
    }) as unknown as Tesseract.Page;
  const reader = (reading: { text: string; confidence: number } | null, boxes: unknown[] = []): Promise<LineReader> =>
    Promise.resolve(async (_gray, box) => {
      boxes.push(box);
      return reading;
    });

  it('keeps its sure reading of a large Chinese name tesseract misread (罗海菩 → 罗海燕)', async () => {
    const simplifiedCard = card('罗海菩', 84, ['项目经理', '深圳市宝安区科技路7号']);
    const boxes: unknown[] = [];
    const engine = new OcrEngine(
      { traditional: fakeWorker(page([])), simplified: fakeWorker(simplifiedCard) },
      undefined,
      reader({ text: '罗海燕', confidence: 99.6 }, boxes),
    );
    const reading = await engine.recognize(big, 'ch');
    expect(reading.fields.name).toBe('罗海燕');
    expect(boxes).toEqual([{ x0: 10, y0: 10, x1: 300, y1: 90 }]);
  });

  it('writes its reading in the card’s script: Traditional forms on a Traditional card (黄承恩 → 黃承恩)', async () => {
    const traditionalCard = card('由承恩', 60, ['業務經理', '台北市信義區松仁路100號']);
    const engine = new OcrEngine(
      { traditional: fakeWorker(traditionalCard), simplified: fakeWorker(page([])) },
      undefined,
      reader({ text: '黄承恩', confidence: 99 }),
    );
    expect((await engine.recognize(big, 'hk')).fields.name).toBe('黃承恩');
  });

  it('keeps tesseract’s reading when the recognizer is unsure, reads fewer characters, or is not asked', async () => {
    const unsure = new OcrEngine(
      { traditional: fakeWorker(page([])), simplified: fakeWorker(card('罗海菩', 84, ['项目经理'])) },
      undefined,
      reader({ text: '罗海燕', confidence: 70 }),
    );
    expect((await unsure.recognize(big, 'ch')).lines[0]?.text).toBe('罗海菩');
    const fewer = new OcrEngine(
      { traditional: fakeWorker(page([])), simplified: fakeWorker(card('深圳瑞丰医疗器械有限公司', 84, ['马军'])) },
      undefined,
      reader({ text: '深圳瑞丰', confidence: 99 }),
    );
    expect((await fewer.recognize(big, 'ch')).lines[0]?.text).toBe('深圳瑞丰医疗器械有限公司');
    // Read surely by tesseract: not asked.
    const boxes: unknown[] = [];
    const sure = new OcrEngine(
      { traditional: fakeWorker(card('林俊傑', 93, ['董事總經理'])), simplified: fakeWorker(page([])) },
      undefined,
      reader({ text: '林俊保', confidence: 99 }, boxes),
    );
    expect((await sure.recognize(big, 'hk')).lines[0]?.text).toBe('林俊傑');
    expect(boxes).toEqual([]);
  });

  it('reads unsure lines of ordinary type too, but leaves phone numbers to tesseract', async () => {
    const simplifiedCard = card('王建国', 95, ['地址: 南京市建籽区江东中路321号', '手机: +86 138 1234 5678']);
    simplifiedCard.blocks?.[0]?.paragraphs[0]?.lines.slice(1).forEach((line) => {
      line.confidence = 80;
    });
    const readings: Record<number, { text: string; confidence: number }> = {
      100: { text: '地址：南京市建邺区江东中路321号', confidence: 98 },
      140: { text: '手机：+8613812345678', confidence: 99 },
    };
    const boxes: { y0: number }[] = [];
    const engine = new OcrEngine(
      { traditional: fakeWorker(page([])), simplified: fakeWorker(simplifiedCard) },
      undefined,
      Promise.resolve(async (_gray, box) => {
        boxes.push(box);
        return readings[box.y0] ?? null;
      }),
    );
    const { fields } = await engine.recognize(big, 'ch');
    expect(fields.address).toEqual(['南京市建邺区江东中路321号']);
    expect(fields.tel).toEqual(['+86 138 1234 5678']);
    // The name, read surely by tesseract, is not asked for.
    expect(boxes.map((b) => b.y0).sort()).toEqual([100, 140]);
  });

  it('reads an unsure e-mail line of any card again, and takes only the address from it', async () => {
    const englishCard = card('Aisha Williams', 93, ['Account Manager', 'Email: aishawilliams@southerncross.com']);
    const lines = englishCard.blocks?.[0]?.paragraphs[0]?.lines ?? [];
    for (const line of lines) line.words = line.text.split(' ').map((text) => ({ text, confidence: 93 })) as never;
    const mail = lines[2];
    if (mail) mail.confidence = 90;
    const boxes: { y0: number }[] = [];
    const engine = new OcrEngine(
      { traditional: fakeWorker(englishCard), simplified: fakeWorker(page([])) },
      undefined,
      Promise.resolve(async (_gray, box) => {
        boxes.push(box);
        return { text: 'Email:aisha.williams@southerncross.com', confidence: 99 };
      }),
    );
    expect((await engine.recognize(big, 'hk')).fields.email).toEqual(['aisha.williams@southerncross.com']);
    expect(boxes.map((b) => b.y0)).toEqual([140]);
  });

  it('keeps the forms tesseract read on a Traditional card where OpenCC would change them (恒, not 恆)', async () => {
    const traditionalCard = card('恒發物流有限公同', 84, ['業務經理', '台北市信義區松仁路100號']);
    const engine = new OcrEngine(
      { traditional: fakeWorker(traditionalCard), simplified: fakeWorker(page([])) },
      undefined,
      reader({ text: '恒发物流有限公司', confidence: 99 }),
    );
    expect((await engine.recognize(big, 'hk')).lines[0]?.text).toBe('恒發物流有限公司');
  });

  it('reads on without it when it could not start', async () => {
    const engine = new OcrEngine(
      { traditional: fakeWorker(page([])), simplified: fakeWorker(card('罗海菩', 84, ['项目经理'])) },
      undefined,
      Promise.reject(new Error('no wasm')),
    );
    expect((await engine.recognize(big, 'ch')).lines[0]?.text).toBe('罗海菩');
  });

  /** A page of lines at these boxes ([text, x0, y0, x1, y1, confidence]). */
  const laidOut = (lines: [string, number, number, number, number, number][]) =>
    ({
      text: '',
      blocks: [
        {
          paragraphs: [
            {
              lines: lines.map(([text, x0, y0, x1, y1, confidence]) => ({
                text,
                confidence,
                bbox: { x0, y0, x1, y1 },
                words: [...text].map((c) => ({ text: c, confidence, symbols: [{ text: c, confidence }] })),
              })),
            },
          ],
        },
      ],
    }) as unknown as Tesseract.Page;

  it("reads an address's last characters wrapped onto a line of their own again, over a wider box ('1' → 14樓)", async () => {
    const traditionalCard = laidOut([
      ['王美玲', 10, 10, 130, 60, 98],
      ['總經理', 10, 70, 100, 96, 96],
      ['地址 高雄市苓雅區四維三路223號', 10, 110, 380, 136, 96],
      ['1', 12, 146, 20, 172, 96],
    ]);
    const boxes: { x0: number; y0: number; x1: number }[] = [];
    const engine = new OcrEngine(
      { traditional: fakeWorker(traditionalCard), simplified: fakeWorker(page([])) },
      undefined,
      Promise.resolve(async (_gray, box) => {
        boxes.push(box);
        return box.y0 === 146 ? { text: '14楼', confidence: 99 } : null;
      }),
    );
    const { fields } = await engine.recognize(big, 'hk');
    expect(fields.address).toEqual(['高雄市苓雅區四維三路223號14樓']);
    // Read over five line heights, not the "1" alone.
    expect(boxes.find((b) => b.y0 === 146)).toMatchObject({ x0: 12, x1: 12 + 5 * 26 });
  });

  it('keeps a slogan tesseract made Latin garbage of where the recognizer reads it as Chinese alone, less surely', async () => {
    const traditionalCard = laidOut([
      ['周雅婷', 10, 10, 130, 60, 98],
      ['工程師', 10, 70, 100, 96, 96],
      ['晶采國際股份有限公司', 10, 110, 300, 136, 95],
      ['BE UE BIRT', 10, 200, 200, 226, 40],
      ['Sn Ee', 10, 240, 200, 266, 40],
      // Read fairly surely as Latin letters, still garbage ("FH BIRT HH" for 專業 創新 共贏).
      ['FH BIRT HH', 10, 280, 200, 306, 63],
    ]);
    const engine = new OcrEngine(
      { traditional: fakeWorker(traditionalCard), simplified: fakeWorker(page([])) },
      undefined,
      Promise.resolve(async (_gray, box) => {
        if (box.y0 === 200) return { text: '專業誠信創新', confidence: 76 };
        // Not Chinese alone: no slogan.
        if (box.y0 === 240) return { text: 'Sn 誠信創新', confidence: 76 };
        if (box.y0 === 280) return { text: '專業創新共贏', confidence: 78 };
        return null;
      }),
    );
    const { fields } = await engine.recognize(big, 'hk');
    expect(fields.other).toEqual(['專業誠信創新', '專業創新共贏']);
  });
});
