import type Tesseract from 'tesseract.js';
import { describe, expect, it } from 'vitest';
import { linesOfPage, OcrEngine, type TesseractWorker, tidyLine } from '../../src/lib/ocr-engine';

type FakeLine = { text: string; confidence: number };

function page(lines: FakeLine[]): Tesseract.Page {
  const bbox = { x0: 0, y0: 0, x1: 10, y1: 10 };
  return {
    text: lines.map((l) => l.text).join('\n'),
    blocks: [{ paragraphs: [{ lines: lines.map((l) => ({ ...l, bbox, words: [] })) }] }],
  } as unknown as Tesseract.Page;
}

/** A tesseract.js worker that answers per language set, recording what it was asked. */
function fakeWorker(readings: Record<string, FakeLine[]>) {
  const calls: string[] = [];
  let langs = 'eng+chi_tra';
  const worker = {
    async reinitialize(next: string) {
      langs = next;
      calls.push(`init ${next}`);
    },
    async setParameters() {},
    async recognize() {
      calls.push(`read ${langs}`);
      return { data: page(readings[langs] ?? []) };
    },
    async terminate() {},
  } as unknown as TesseractWorker;
  return { worker, calls };
}

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

describe('OcrEngine languages', () => {
  it('reads a Hong Kong card with English and Traditional Chinese once when the Chinese reads sure', async () => {
    const { worker, calls } = fakeWorker({ 'eng+chi_tra': [{ text: '陳大文', confidence: 92 }] });
    const reading = await new OcrEngine(worker, ['eng', 'chi_tra']).recognize(gray, 'hk');
    expect(calls).toEqual(['read eng+chi_tra']);
    expect(reading.lines.map((l) => l.text)).toEqual(['陳大文']);
  });

  it('reads again with Simplified Chinese when the Chinese reads unsure, keeping the surer reading', async () => {
    const { worker, calls } = fakeWorker({
      'eng+chi_tra': [{ text: '得洪中', confidence: 30 }],
      'eng+chi_sim+chi_tra': [{ text: '深圳市南山区', confidence: 88 }],
    });
    const reading = await new OcrEngine(worker, ['eng', 'chi_tra']).recognize(gray, 'hk');
    expect(calls).toEqual(['read eng+chi_tra', 'init eng+chi_sim+chi_tra', 'read eng+chi_sim+chi_tra']);
    expect(reading.langs).toEqual(['eng', 'chi_sim', 'chi_tra']);
    expect(reading.lines.map((l) => l.text)).toEqual(['深圳市南山区']);
  });

  it('does not retry for one stray Chinese character on an English card', async () => {
    const { worker, calls } = fakeWorker({ 'eng+chi_tra': [{ text: 'Mobile: 十852 9123 4567', confidence: 40 }] });
    await new OcrEngine(worker, ['eng', 'chi_tra']).recognize(gray, 'hk');
    expect(calls).toEqual(['read eng+chi_tra']);
  });

  it('reads mainland cards with Simplified Chinese from the start', async () => {
    const { worker, calls } = fakeWorker({ 'eng+chi_sim+chi_tra': [{ text: '深圳', confidence: 90 }] });
    await new OcrEngine(worker, ['eng', 'chi_tra']).recognize(gray, 'ch');
    expect(calls).toEqual(['init eng+chi_sim+chi_tra', 'read eng+chi_sim+chi_tra']);
  });
});
