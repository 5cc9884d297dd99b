/**
 * What the browser's OCR worker, `npm run ocr` and the server's pool do alike once they have
 * a tesseract.js worker: pick the languages, read a prepared card, turn tesseract's blocks into
 * lines for the one field extractor (src/lib/card-fields). Only the way a worker is created
 * differs: its `langPath` is /ocr/lang/… in the browser, a folder of the installed packages'
 * files in Node (tesseract.js 7 cannot take language data as bytes: its initialize step
 * names `{code, data}` languages by their data).
 *
 * Languages: English + Traditional Chinese; area `ch` adds Simplified Chinese. For `hk`, when
 * the Chinese lines come out unsure (mean confidence under SIMPLIFIED_RETRY_BELOW), the card is
 * read again with Simplified Chinese added and the surer reading kept: a mainland card in a
 * Hong Kong user's hand.
 */
import type Tesseract from 'tesseract.js';
import type { CardFields } from '../api/cloud';
import { extractFields, type OcrLine } from './card-fields';
import { type Gray, toPgm } from './card-image';
import { type LangCode, languagesFor } from './ocr-assets';

export type Reading = { lines: OcrLine[]; text: string; fields: CardFields; langs: LangCode[] };

const SIMPLIFIED_RETRY_BELOW = 55;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;

/** Tesseract puts spaces between Chinese characters; a card never has them there. */
export function tidyLine(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/([\u3000-\u9fff\uff00-\uffef])\s+(?=[\u3000-\u9fff\uff00-\uffef])/g, '$1')
    .trim();
}

/** The text lines of a tesseract.js page (recognized with the `blocks` output). */
export function linesOfPage(page: Tesseract.Page): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = tidyLine(line.text);
        if (text === '') continue;
        const { x0, y0, x1, y1 } = line.bbox;
        lines.push({ text, bbox: { x0, y0, x1, y1 }, confidence: line.confidence });
      }
    }
  }
  return lines;
}

function chineseConfidence(lines: readonly OcrLine[]): number | null {
  // Lines of Chinese text (a stray character read from a '+' or a logo does not count).
  const cjk = lines.filter((l) => (l.text.match(CJK)?.length ?? 0) >= 2);
  if (cjk.length === 0) return null;
  return cjk.reduce((s, l) => s + l.confidence, 0) / cjk.length;
}

const meanConfidence = (lines: readonly OcrLine[]) =>
  lines.length === 0 ? 0 : lines.reduce((s, l) => s + l.confidence, 0) / lines.length;

/** The subset of a tesseract.js worker used here. */
export type TesseractWorker = Pick<Tesseract.Worker, 'recognize' | 'reinitialize' | 'setParameters' | 'terminate'>;

/** One tesseract.js worker with the languages it currently has loaded. */
export class OcrEngine {
  private langs: LangCode[];

  constructor(
    private readonly worker: TesseractWorker,
    initial: readonly LangCode[],
  ) {
    this.langs = [...initial];
  }

  /**
   * Page layout: automatic segmentation (PSM 3). tesseract.js's default, one uniform block of
   * text (PSM 6), drops a card's big bold name line and merges columns. No DPI guessing.
   */
  static readonly PARAMETERS: Partial<Tesseract.WorkerParams> = {
    tessedit_pageseg_mode: '3' as Tesseract.PSM,
    user_defined_dpi: '300',
    preserve_interword_spaces: '1',
  };

  private async use(langs: readonly LangCode[]): Promise<void> {
    if (langs.join('+') === this.langs.join('+')) return;
    await this.worker.reinitialize(langs.join('+'), 1);
    await this.worker.setParameters(OcrEngine.PARAMETERS);
    this.langs = [...langs];
  }

  private async read(bytes: Uint8Array, langs: readonly LangCode[]): Promise<{ lines: OcrLine[]; text: string }> {
    await this.use(langs);
    // tesseract.js types want a Buffer-like; a Uint8Array is what it copies into the engine anyway.
    const image = bytes as unknown as Tesseract.ImageLike;
    const { data } = await this.worker.recognize(image, {}, { text: true, blocks: true });
    return { lines: linesOfPage(data), text: data.text };
  }

  /**
   * Reads a card for a user of `area`: a prepared grey picture, or an image file's bytes as they
   * are (PNG, JPEG…: no preparation).
   */
  async recognize(image: Gray | Uint8Array, area: 'hk' | 'ch'): Promise<Reading> {
    const bytes = image instanceof Uint8Array ? image : toPgm(image);
    let langs = languagesFor(area);
    let result = await this.read(bytes, langs);
    const chinese = chineseConfidence(result.lines);
    if (!langs.includes('chi_sim') && chinese !== null && chinese < SIMPLIFIED_RETRY_BELOW) {
      const withSimplified: LangCode[] = ['eng', 'chi_sim', ...langs.filter((l) => l !== 'eng')];
      const second = await this.read(bytes, withSimplified);
      if (meanConfidence(second.lines) > meanConfidence(result.lines)) {
        result = second;
        langs = withSimplified;
      }
    }
    return { ...result, langs, fields: extractFields(result.lines, { area }) };
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}
