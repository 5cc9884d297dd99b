import type { OcrLine } from '../../../src/lib/card-fields';

/** Lines of one size, one under the other, read surely: a card's text as the extractor gets it. */
export const stackedLines = (texts: readonly string[]): OcrLine[] =>
  texts.map((text, i) => ({ text, bbox: { x0: 0, y0: i * 30, x1: 300, y1: i * 30 + 20 }, confidence: 90 }));
