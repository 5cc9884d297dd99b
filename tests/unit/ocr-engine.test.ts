import type Tesseract from 'tesseract.js';
import { describe, expect, it } from 'vitest';
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
