/**
 * What the browser's OCR worker, `npm run ocr` and the server's pool do alike once they have
 * tesseract.js workers: read a prepared card, decide which Chinese script it is printed in, and
 * turn tesseract's blocks into lines for the one field extractor (src/lib/card-fields). Only the
 * way a worker is created differs: its `langPath` is /ocr/lang/… in the browser, a folder of the
 * installed packages' files in Node.
 *
 * The script of the card decides how it is read and kept, not the user's area: a card is read
 * twice at once, by one worker with French + English + Traditional Chinese and one with French +
 * English + Simplified Chinese (each model reads the other script's glyphs as its own characters,
 * so neither reading alone can tell). French comes first for the accents of European names
 * ("Jörg Müller", not "Jorg Muller"); on the development photos it costs English and Chinese
 * cards nothing. The reading kept is the one of the script where the card says it is from (a Hong
 * Kong or Taiwan card is Traditional, a mainland or Singapore one Simplified), else the surer one
 * on the characters whose forms differ between the scripts (chooseScript); the user's area only
 * breaks a tie. Two resident workers instead of one reinitialized between languages: switching
 * models costs more than a reading, and the two run in parallel on a phone's cores. A third
 * worker holds one Chinese model alone, for the large lines of cards with Chinese
 * (OcrEngine.rereadLarge).
 */
import type { CountryCode } from 'libphonenumber-js/max';
import type Tesseract from 'tesseract.js';
import type { CardFields } from '../api/cloud';
import { extractFields, type OcrLine } from './card-fields';
import { printedRegion } from './card-fields/region';
import { scriptOfChar } from './card-fields/script';
import type { Box } from './card-fields/types';
import { cropScaled, type Gray, toPgm } from './card-image';
import { findUnreadLines } from './card-image/unread-lines';
import { columnAsLine, findVerticalColumns } from './card-image/vertical';
import { domainsIn, holdsContact, withContactOf } from './contact-reading';
import { letterSpaced, withSpacingOf } from './letter-spacing';
import { inScript, type LineReader, type LineReading, wholly } from './line-reader';
import type { LangCode } from './ocr-assets';

export type ChineseScript = 'traditional' | 'simplified';
export type Reading = { lines: OcrLine[]; text: string; fields: CardFields; script: ChineseScript };

/** The languages of each of the two readings. */
export const READINGS: Record<ChineseScript, readonly LangCode[]> = {
  traditional: ['fra', 'eng', 'chi_tra'],
  simplified: ['fra', 'eng', 'chi_sim'],
};

const CJK_CHAR = /^[\u3400-\u9fff\uf900-\ufaff]$/;
/** How many Chinese characters `text` holds. */
const hanIn = (text: string) => [...text].filter((c) => CJK_CHAR.test(c)).length;

/** Tesseract puts spaces between Chinese characters; a card never has them there. */
export function tidyLine(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/([\u3000-\u9fff\uff00-\uffef])\s+(?=[\u3000-\u9fff\uff00-\uffef])/g, '$1')
    .trim();
}

/** Words further apart than this many times their height are in different columns. */
const COLUMN_GAP = 3;
/** A word's height counts as at least this share of its line's (a dash or a dot is no measure). */
const SMALLEST_WORD = 0.3;

/**
 * A tesseract line cut where its words stand a column apart: the page layout runs a left
 * column's line into the right column's when their baselines meet ("Florence Leung" … "Tel
 * (852) 3656 4369"), and a card's fields are read line by line.
 */
function columnsOfLine(line: Tesseract.Line): OcrLine[] {
  const { x0, y0, x1, y1 } = line.bbox;
  const whole = [{ text: tidyLine(line.text), bbox: { x0, y0, x1, y1 }, confidence: line.confidence }];
  const words = (line.words ?? []).filter((w) => w.text.trim() !== '');
  if (!words.every((w) => Number.isFinite(w.bbox?.x0) && Number.isFinite(w.bbox?.x1))) return whole;
  words.sort((a, b) => a.bbox.x0 - b.bbox.x0);
  const contact = words.find((w) => holdsContact(w.text));
  if (contact) contactStarts.set(whole[0]?.bbox as Box, contact.bbox.x0);
  // Measured by the smaller of the two words: a large name run into small contacts beside it
  // makes the line's box twice as tall as the gap is wide ("Desmond Yap" … "Mob: 8943 8592").
  const size = (w: Tesseract.Word) => Math.max(w.bbox.y1 - w.bbox.y0, SMALLEST_WORD * (y1 - y0));
  const parts: Tesseract.Word[][] = [];
  for (const word of words) {
    const part = parts[parts.length - 1];
    const last = part?.[part.length - 1];
    if (part && last && word.bbox.x0 - last.bbox.x1 <= COLUMN_GAP * Math.min(size(last), size(word))) part.push(word);
    else parts.push([word]);
  }
  if (parts.length < 2) return whole;
  return parts.map((part) => {
    const bbox = {
      x0: Math.min(...part.map((w) => w.bbox.x0)),
      y0: Math.min(...part.map((w) => w.bbox.y0)),
      x1: Math.max(...part.map((w) => w.bbox.x1)),
      y1: Math.max(...part.map((w) => w.bbox.y1)),
    };
    const start = part.find((w) => holdsContact(w.text))?.bbox.x0;
    if (start !== undefined) contactStarts.set(bbox, start);
    return {
      text: tidyLine(part.map((w) => w.text).join(' ')),
      bbox,
      confidence: part.reduce((sum, w) => sum + w.confidence, 0) / part.length,
    };
  });
}

/**
 * Where the first word holding an e-mail address or a website begins, by its line's box: the
 * line recognizer reads from there on (the label before it is no use to it, and the model's time
 * grows with the width it reads).
 */
const contactStarts = new WeakMap<Box, number>();

/** The text lines of a tesseract.js page (recognized with the `blocks` output), a line running over two columns cut in two. */
export function linesOfPage(page: Tesseract.Page): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const part of columnsOfLine(line)) if (part.text !== '') lines.push(part);
      }
    }
  }
  return lines;
}

/** What one reading says about the script: its Chinese characters, and its sureness on its own script's forms. */
export type ScriptEvidence = {
  /** Chinese characters read. */
  chinese: number;
  /** Mean confidence (0–100) of the words they are in, a word counted once a character. */
  chineseConfidence: number;
  /** Characters read in a form only this reading's script has (華 for a Traditional reading, 华 for a Simplified one). */
  own: number;
  /** Their mean confidence. */
  ownConfidence: number;
};

/** The evidence in a page read by the model of `script`, from its words' confidences. */
export function scriptEvidence(page: Tesseract.Page, script: ChineseScript): ScriptEvidence {
  let chinese = 0;
  let chineseSum = 0;
  let own = 0;
  let ownSum = 0;
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words ?? []) {
          for (const symbol of word.symbols ?? []) {
            if (!CJK_CHAR.test(symbol.text)) continue;
            chinese += 1;
            // The word's confidence, finer than the symbol's (whole numbers, mostly 97–99 on a clear card).
            chineseSum += word.confidence;
            if (scriptOfChar(symbol.text) === script) {
              own += 1;
              ownSum += word.confidence;
            }
          }
        }
      }
    }
  }
  return {
    chinese,
    chineseConfidence: chinese === 0 ? 0 : chineseSum / chinese,
    own,
    ownConfidence: own === 0 ? 0 : ownSum / own,
  };
}

/**
 * The script Chinese is printed in where the card says it is from (its codes, addresses, mobile
 * shapes: printedRegion): a surer cue than the models' confidences, which differ by a point or
 * two on many cards.
 */
const PLACE_SCRIPT: Partial<Record<CountryCode, ChineseScript>> = {
  HK: 'traditional',
  MO: 'traditional',
  TW: 'traditional',
  CN: 'simplified',
  SG: 'simplified',
  MY: 'simplified',
};

/** A reading that found under this share of the other's Chinese characters lost them to the wrong model. */
const FEWER_CHINESE = 0.4;
/** How much sureness the area's own script is given when the readings are that close. */
const AREA_PRIOR = 0.3;

/**
 * Which reading to keep. Each model is sure of characters both scripts share, so what tells them
 * apart is how sure each is of the characters it read in its own script's form: on a Simplified
 * card the Traditional model reads 华 as 華 less surely than the Simplified model reads 华.
 * A reading that lost many characters (read as Latin noise or nothing) loses outright; otherwise
 * where the card says it is from (`place`) decides. Without Chinese, or too few differing
 * characters, the place or else the area decides (SPEC §9: hk Traditional, ch Simplified).
 */
export function chooseScript(
  traditional: ScriptEvidence,
  simplified: ScriptEvidence,
  area: 'hk' | 'ch',
  place: CountryCode | null = null,
): ChineseScript {
  const printed = place ? PLACE_SCRIPT[place] : undefined;
  const preferred: ChineseScript = printed ?? (area === 'ch' ? 'simplified' : 'traditional');
  if (traditional.chinese < 2 && simplified.chinese < 2) return preferred;
  if (traditional.chinese < FEWER_CHINESE * simplified.chinese) return 'simplified';
  if (simplified.chinese < FEWER_CHINESE * traditional.chinese) return 'traditional';
  if (printed) return printed;
  const bias = (script: ChineseScript) => (script === preferred ? AREA_PRIOR : 0);
  const [t, s] =
    traditional.own >= 2 && simplified.own >= 2
      ? [traditional.ownConfidence, simplified.ownConfidence]
      : [traditional.chineseConfidence, simplified.chineseConfidence];
  return t + bias('traditional') >= s + bias('simplified') ? 'traditional' : 'simplified';
}

/** A line this much taller than the card's median line is large type. */
const LARGE = 1.5;
/** The height of the card's median line: its usual type. */
function usualHeight(lines: readonly OcrLine[]): number {
  const heights = lines.map((l) => l.bbox.y1 - l.bbox.y0).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}
/** Large lines read less surely than this are read again on their own (at most MAX_REREADS). */
const UNSURE = 80;
const MAX_REREADS = 3;
/** The line height, in pixels, a large line is scaled down to for its second reading. */
const READ_HEIGHT = 40;
/** Narrower crops are no line of text (tesseract refuses them: "Image too small to scale"). */
const MIN_REREAD_WIDTH = 24;
/** Padding around a line read on its own, in line heights. */
const LINE_PAD = 0.3;

/**
 * The line at `box` as an image to read as one line: padded, scaled to READ_HEIGHT. Null for a
 * sliver (a rule, a logo's edge) no model reads as a line, so no reading is spent on it.
 */
function lineImage(gray: Gray, box: Box): Tesseract.ImageLike | null {
  const height = box.y1 - box.y0;
  const pad = height * LINE_PAD;
  const crop = cropScaled(
    gray,
    { x0: box.x0 - pad, y0: box.y0 - pad, x1: box.x1 + pad, y1: box.y1 + pad },
    READ_HEIGHT / height,
  );
  if (crop.width < MIN_REREAD_WIDTH) return null;
  // tesseract.js types want a Buffer-like; a Uint8Array is what it copies into the engine anyway.
  return toPgm(crop) as unknown as Tesseract.ImageLike;
}
/** A second reading replaces the first when it is surer by this much. */
const SURER = 15;
/** A line the page layout dropped is kept when read at least this surely. */
const UNREAD_SURE = 60;
const alnum = (text: string) => [...text].filter((c) => /[\p{L}\p{N}]/u.test(c)).length;

/** Lines of ordinary type at least this many times as wide as tall, read less surely, are read by the Chinese model alone too. */
const MIXED_WIDTH = 6;
const MIXED_UNSURE = 75;
/** Any line of ordinary type read less surely than this is read so too (a name read as "MBEs", 0). */
const GARBLED = 50;
/** That reading is kept when it finds this many more Chinese characters, most of its letters, this surely. */
const MORE_HAN = 2;
const HAN_SHARE = 0.6;
const MIXED_SURE = 50;
const MAX_MIXED_REREADS = 4;
/**
 * Lines of a card with Chinese read less surely than this are read by the line recognizer too
 * (src/lib/line-reader.ts), whose reading is kept when at least LINE_SURE, mostly Chinese
 * (HAN_SHARE), with two Chinese characters or more and no fewer than before.
 */
const LINE_UNSURE = 90;
const LINE_SURE = 85;
/** A large line and the pieces tesseract cut it into (its parts), read again as one. */
type LargeLine = OcrLine & { parts: OcrLine[] };

/** Large lines this close side by side (in line heights) are pieces of one ("14" "曉彤" for 鄧曉彤). */
const PIECE_GAP = 1;

/**
 * The card's large lines (LARGE times the usual height), those standing side by side on one
 * baseline joined into one: the page layout cuts a large name after a character it cannot read.
 */
function largeLines(lines: readonly OcrLine[], usual: number): LargeLine[] {
  const large = lines
    .filter((l) => usual > 0 && l.bbox.y1 - l.bbox.y0 >= LARGE * usual)
    .sort((a, b) => a.bbox.x0 - b.bbox.x0);
  const joined: LargeLine[] = [];
  for (const line of large) {
    const h = line.bbox.y1 - line.bbox.y0;
    const left = joined.find((g) => {
      const shared = Math.min(g.bbox.y1, line.bbox.y1) - Math.max(g.bbox.y0, line.bbox.y0);
      return (
        shared > 0.6 * Math.min(h, g.bbox.y1 - g.bbox.y0) &&
        line.bbox.x0 - g.bbox.x1 < PIECE_GAP * h &&
        line.bbox.x0 > g.bbox.x0
      );
    });
    if (!left) {
      joined.push({ ...line, parts: [line] });
      continue;
    }
    left.text = `${left.text} ${line.text}`;
    left.bbox = {
      x0: left.bbox.x0,
      y0: Math.min(left.bbox.y0, line.bbox.y0),
      x1: Math.max(left.bbox.x1, line.bbox.x1),
      y1: Math.max(left.bbox.y1, line.bbox.y1),
    };
    left.confidence = Math.min(left.confidence, line.confidence);
    left.parts.push(line);
  }
  // Pieces in the engine's order, so the whole takes the first one's place.
  for (const g of joined) g.parts.sort((a, b) => lines.indexOf(a) - lines.indexOf(b));
  return joined;
}

/** A card with this many Chinese characters has its large lines read by a Chinese model alone too. */
const CHINESE_CARD = 2;

/**
 * The model a large line of a card with Chinese is also read with, alone: mixed with English, a
 * large bold 胡欣怡 comes out as Latin letters ("EINE", confidence 31), read by chi_sim alone it is
 * 胡欣怡 (56).
 */
export const CHINESE_ONLY: Record<ChineseScript, LangCode> = { traditional: 'chi_tra', simplified: 'chi_sim' };

/** The line recognizer's reading of a line, in the card's script (it reads with a mostly Simplified dictionary) where tesseract's model did not read a form. */
async function readLine(
  reader: LineReader,
  gray: Gray,
  line: OcrLine,
  script: ChineseScript,
): Promise<LineReading | null> {
  const read = await reader(gray, line.bbox).catch(() => null);
  return read && { ...read, text: inScript(read.text, script, line.text) };
}

/**
 * `reader` reading each box of one card once: a large letter-spaced line on a card with Chinese
 * is asked for by rereadLarge and readOrdinary alike.
 */
function readingOnce(reader: LineReader): LineReader {
  const asked = new Map<string, Promise<LineReading | null>>();
  return (gray, box) => {
    const key = `${box.x0},${box.y0},${box.x1},${box.y1}`;
    let read = asked.get(key);
    if (!read) {
      read = reader(gray, box);
      asked.set(key, read);
    }
    return read;
  };
}

/** A line of this many digits, with no more Chinese than a label, is a phone number. */
const PHONE_DIGITS = 6;
const LABEL_HAN = 3;

/**
 * Whether the line recognizer's reading is sure Chinese text, with no fewer Chinese characters
 * than `than`. Never for an e-mail, a website or a phone number behind a Chinese label: its
 * model reads no spaces and no "+" ("手机：+8613812345678"), where tesseract reads Latin well.
 */
function surelyChinese(read: LineReading, than: OcrLine): boolean {
  const han = hanIn(read.text);
  const letters = [...read.text].filter((c) => /\p{L}/u.test(c)).length;
  const digits = [...than.text].filter((c) => /\d/.test(c)).length;
  if (holdsContact(than.text) || (digits >= PHONE_DIGITS && han <= LABEL_HAN)) return false;
  return read.confidence >= LINE_SURE && han >= 2 && han >= HAN_SHARE * letters && han >= hanIn(than.text);
}

/**
 * A line tesseract read unsurely (below SLOGAN_UNSURE) that the line recognizer reads as Chinese
 * alone, in SLOGAN_HAN characters or more, is kept at a lower bar: tesseract's Latin model makes
 * "BE UE BIRT" (40) or "FH BIRT HH" (63) of a slogan in spaced Chinese words (專業 誠信 創新) that
 * the recognizer reads at 75. (Below 50 only, it lost one such slogan in six development sets.)
 */
const SLOGAN_HAN = 4;
const SLOGAN_UNSURE = 70;
const SLOGAN_SURE = 70;

function sloganInChinese(read: LineReading, than: OcrLine): boolean {
  const han = hanIn(read.text);
  return (
    than.confidence < SLOGAN_UNSURE &&
    !holdsContact(than.text) &&
    read.confidence >= SLOGAN_SURE &&
    han >= SLOGAN_HAN &&
    han === alnum(read.text)
  );
}

/**
 * The surest of one box's readings (tesseract's, the Chinese model's alone) that is at least
 * `floor` sure and `usable`; then the line recognizer's `read` where it is sure Chinese text with
 * no fewer Chinese characters than that (or than `than`, where none was sure enough).
 */
function surestReading(
  box: Box,
  readings: readonly ({ text: string; confidence: number } | null)[],
  read: LineReading | null,
  {
    floor,
    usable = (text) => text !== '',
    than,
  }: { floor: number; usable?: (text: string) => boolean; than?: OcrLine },
): OcrLine | null {
  let best: OcrLine | null = null;
  for (const data of readings) {
    const text = data ? tidyLine(data.text) : '';
    if (data && usable(text) && data.confidence >= Math.max(floor, best?.confidence ?? 0))
      best = { text, bbox: box, confidence: data.confidence };
  }
  if (read && surelyChinese(read, best ?? than ?? { text: '', bbox: box, confidence: 0 }))
    return { ...read, bbox: box };
  return best;
}

/**
 * Lines holding an e-mail address or a website read less surely than this are read by the line
 * recognizer too, on any card. (90 was tried: on the development photos it lost one e-mail
 * address in 154 cards, on the test photos 0.03 of the e-mail F1.)
 */
const CONTACT_UNSURE = 95;

/**
 * A line's last few characters wrapped onto a line of their own ("14樓" under "地址 高雄市…223號")
 * are what tesseract reads worst, at any sureness: "1", "2018". On a card with Chinese, a line of
 * TAIL_CHARS letters and digits or fewer, with a digit and no Chinese, starting under a line with
 * Chinese (at its start or further in, after its label), is read by the line recognizer over a box TAIL_WIDTH line heights wide (tesseract's
 * box may hold only the "1" of it), as far as the line above reaches.
 */
const TAIL_CHARS = 6;
const TAIL_WIDTH = 5;

function tailBox(line: OcrLine, card: readonly OcrLine[], usual: number): Box | null {
  const { bbox } = line;
  const height = bbox.y1 - bbox.y0;
  const count = alnum(line.text);
  if (count === 0 || count > TAIL_CHARS || !/\d/.test(line.text) || hanIn(line.text) > 0) return null;
  if (holdsContact(line.text) || height >= LARGE * usual) return null;
  const above = card.find(
    (l) =>
      l !== line &&
      hanIn(l.text) >= 2 &&
      bbox.x0 >= l.bbox.x0 - usual &&
      l.bbox.y0 < bbox.y0 - usual / 2 &&
      bbox.y0 - l.bbox.y1 <= usual &&
      l.bbox.x1 > bbox.x1,
  );
  return above ? { ...bbox, x1: Math.min(above.bbox.x1, Math.max(bbox.x1, bbox.x0 + TAIL_WIDTH * height)) } : null;
}

/** The line recognizer's reading of such a line, kept where it is sure: digits and a Chinese character or three ("20樓"). */
const tailReading = (read: LineReading) =>
  read.confidence >= LINE_SURE &&
  /\d/.test(read.text) &&
  hanIn(read.text) >= 1 &&
  hanIn(read.text) <= 3 &&
  alnum(read.text) <= 2 * TAIL_CHARS;

/** The boxes of such lines, read so. */
const continuing = new WeakSet<Box>();

/**
 * The line recognizer's readings of lines of ordinary type, by their boxes: on a card with
 * Chinese, those tesseract read less surely than LINE_UNSURE (it reads Chinese addresses and
 * companies better: "建籽区" → 建邺区, "玫喻路" → 珞喻路); on any card, e-mail addresses and
 * websites read less surely than CONTACT_UNSURE (src/lib/contact-reading.ts), and lines of any
 * size tesseract letter-spaced (src/lib/letter-spacing.ts). Other large lines are rereadLarge's.
 */
async function readOrdinary(
  reader: LineReader,
  gray: Gray,
  lines: readonly OcrLine[],
  { script, chinese, usual }: { script: ChineseScript; chinese: boolean; usual: number },
  card: readonly OcrLine[] = lines,
): Promise<Map<Box, LineReading>> {
  // Every line asked for at once: the recognizer reads them in this order, on each copy it has.
  const asked = lines.map(async (line): Promise<[Box, LineReading | null]> => {
    const tail = chinese ? tailBox(line, card, usual) : null;
    if (tail) {
      const read = await readLine(reader, gray, { ...line, bbox: tail }, script);
      if (!read || !tailReading(read)) return [line.bbox, null];
      continuing.add(line.bbox);
      return [line.bbox, read];
    }
    const contact = holdsContact(line.text);
    const spaced = !contact && letterSpaced(line.text);
    if (!spaced && line.bbox.y1 - line.bbox.y0 >= LARGE * usual) return [line.bbox, null];
    const unsure = contact ? CONTACT_UNSURE : spaced ? Number.POSITIVE_INFINITY : chinese ? LINE_UNSURE : 0;
    if (line.confidence >= unsure) return [line.bbox, null];
    const start = contactStarts.get(line.bbox);
    const read = await readLine(
      reader,
      gray,
      start === undefined ? line : { ...line, bbox: { ...line.bbox, x0: start } },
      script,
    );
    return [line.bbox, read];
  });
  const readings = new Map<Box, LineReading>();
  for (const [box, read] of await Promise.all(asked)) if (read) readings.set(box, read);
  return readings;
}

/**
 * `line` as the line recognizer's `read` has it, where that is better (readOrdinary); `others`
 * are the card's other lines.
 */
function readBetter(line: OcrLine, read: LineReading, chinese: boolean, others: readonly OcrLine[]): OcrLine {
  if (continuing.has(line.bbox)) return { ...read, bbox: line.bbox };
  if (holdsContact(line.text)) {
    const elsewhere = domainsIn(others.filter((o) => o !== line).map((o) => o.text));
    const text = withContactOf(line.text, read, elsewhere);
    return text ? { ...line, text } : line;
  }
  const spaced = letterSpaced(line.text) ? withSpacingOf(line.text, read) : null;
  if (spaced) return { ...line, text: spaced, confidence: read.confidence };
  return chinese && (surelyChinese(read, line) || sloganInChinese(read, line)) ? { ...read, bbox: line.bbox } : line;
}

/** Columns read at most; how sure a column's reading must be, and a line to be kept over one. */
const MAX_COLUMNS = 3;
const COLUMN_READ = 35;
const COLUMN_SURE = 60;
/** A line's box this many times as tall as wide is a column read across. */
const COLUMN_SHAPE = 1.5;

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** tesseract's LSTM engine (Tesseract.OEM.LSTM_ONLY; this module imports tesseract.js for types only). */
const LSTM_ONLY = 1 as Tesseract.OEM;

/** One line of text, as a single-line page layout reads it. */
const ONE_LINE: Partial<Tesseract.WorkerParams> = { tessedit_pageseg_mode: '7' as Tesseract.PSM };

/** A card the automatic page layout found no line on is read again as one block of text (PSM 6). */
const ONE_BLOCK: Partial<Tesseract.WorkerParams> = { tessedit_pageseg_mode: '6' as Tesseract.PSM };

/** The subset of a tesseract.js worker used here. */
export type TesseractWorker = Pick<Tesseract.Worker, 'recognize' | 'setParameters' | 'reinitialize' | 'terminate'>;

/** Starts a tesseract.js worker for these languages (how differs between the browser and Node). */
export type StartWorker = (langs: readonly LangCode[]) => Promise<TesseractWorker>;

/**
 * The Chinese-only worker: one, switched between the scripts as cards need (a switch costs about
 * 0.3 s, a second resident model about as much memory as a reading worker).
 */
class ChineseOnlyReader {
  private script: ChineseScript | null = null;

  constructor(private readonly worker: Promise<TesseractWorker>) {
    // A worker that could not start only means no Chinese-only readings (each read says so).
    worker.catch(() => undefined);
  }

  async read(image: Tesseract.ImageLike, script: ChineseScript): Promise<Tesseract.Page> {
    const worker = await this.worker;
    if (this.script !== script) {
      this.script = null;
      await worker.reinitialize(CHINESE_ONLY[script], LSTM_ONLY);
      await worker.setParameters(ONE_LINE);
      this.script = script;
    }
    return (await worker.recognize(image, {}, { text: true })).data;
  }

  async terminate(): Promise<void> {
    await this.worker.then((w) => w.terminate()).catch(() => undefined);
  }
}

/**
 * Two tesseract.js workers, one per reading (READINGS), one for large Chinese lines, and the line
 * recognizer for large Chinese type.
 */
export class OcrEngine {
  private readonly chineseOnly: ChineseOnlyReader | null;
  private readonly lineReader: Promise<LineReader | null>;

  /**
   * `chineseOnly`: a worker for the Chinese-only readings of large lines; `lineReader`: the line
   * recognizer (none, or one that could not start: lines are not read so).
   */
  constructor(
    private readonly workers: Record<ChineseScript, TesseractWorker>,
    chineseOnly?: Promise<TesseractWorker>,
    lineReader?: Promise<LineReader>,
  ) {
    this.chineseOnly = chineseOnly ? new ChineseOnlyReader(chineseOnly) : null;
    this.lineReader = lineReader?.catch(() => null) ?? Promise.resolve(null);
  }

  /**
   * An engine whose workers `start` makes: the two readings' at once, the Chinese-only one behind
   * them, and the line recognizer `startLineReader` makes, if any, beside them.
   */
  static async start(start: StartWorker, startLineReader?: () => Promise<LineReader>): Promise<OcrEngine> {
    const lineReader = startLineReader?.();
    // One that fails before the workers are up only means no line recognizer (the constructor says so).
    lineReader?.catch(() => undefined);
    const reading = async (script: ChineseScript) => {
      const worker = await start(READINGS[script]);
      await worker.setParameters(OcrEngine.PARAMETERS);
      return worker;
    };
    const [traditional, simplified] = await Promise.all([reading('traditional'), reading('simplified')]);
    return new OcrEngine({ traditional, simplified }, start([CHINESE_ONLY.traditional]), lineReader);
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

  private async read(bytes: Uint8Array, script: ChineseScript) {
    // tesseract.js types want a Buffer-like; a Uint8Array is what it copies into the engine anyway.
    const image = bytes as unknown as Tesseract.ImageLike;
    const worker = this.workers[script];
    let { data } = await worker.recognize(image, {}, { text: true, blocks: true });
    if (linesOfPage(data).length === 0) {
      // The page layout took the card for a picture (a hard shadow across it, a tilted card on
      // a table of its colour) and found no text: read it as one block of text instead.
      await worker.setParameters(ONE_BLOCK);
      try {
        data = (await worker.recognize(image, {}, { text: true, blocks: true })).data;
      } finally {
        await worker.setParameters(OcrEngine.PARAMETERS);
      }
    }
    return { lines: linesOfPage(data), text: data.text, evidence: scriptEvidence(data, script) };
  }

  /**
   * Reads a card for a user of `area`: a prepared grey picture, or an image file's bytes as they
   * are (PNG, JPEG…: no preparation).
   */
  async recognize(image: Gray | Uint8Array, area: 'hk' | 'ch'): Promise<Reading> {
    const bytes = image instanceof Uint8Array ? image : toPgm(image);
    const [traditional, simplified] = await Promise.all([
      this.read(bytes, 'traditional'),
      this.read(bytes, 'simplified'),
    ]);
    const place = printedRegion([...traditional.lines, ...simplified.lines].map((l) => l.text));
    const script = chooseScript(traditional.evidence, simplified.evidence, area, place);
    const chosen = script === 'traditional' ? traditional : simplified;
    const chinese = chosen.evidence.chinese >= CHINESE_CARD;
    let lines = chosen.lines;
    if (!(image instanceof Uint8Array)) {
      const started = await this.lineReader;
      const lineReader = started && readingOnce(started);
      const card = { script, chinese, usual: usualHeight(lines) };
      // The line recognizer reads beside tesseract's passes, in this thread: the large lines
      // first (rereadLarge asks for them before it awaits anything), as the passes wait for them.
      const large = this.rereadLarge(image, lines, script, chinese, lineReader);
      const second = lineReader ? readOrdinary(lineReader, image, lines, card) : null;
      lines = await large;
      lines = await this.readUnread(image, lines, script, chinese, lineReader);
      if (chinese) lines = await this.rereadMixed(image, lines, script);
      if (chinese) lines = await this.readColumns(image, lines, script, lineReader);
      if (lineReader && second) {
        const readings = await second;
        // And the lines those passes found (a line the page layout dropped).
        const found = lines.filter((l) => !readings.has(l.bbox));
        for (const [box, read] of await readOrdinary(lineReader, image, found, card, lines)) readings.set(box, read);
        lines = lines.map((l) => {
          const read = readings.get(l.bbox);
          return read ? readBetter(l, read, chinese, lines) : l;
        });
      }
    }
    // The reading kept for its characters, where the other lost them, in the script the card's
    // place prints (a Singapore card's 王家伟 read whole only by the Traditional model as 王家偉).
    const printed = place ? PLACE_SCRIPT[place] : undefined;
    if (printed && printed !== script) {
      lines = lines.map((l) => ({ ...l, text: wholly(l.text, printed) }));
      return { lines, text: wholly(chosen.text, printed), script: printed, fields: extractFields(lines, { area }) };
    }
    return { lines, text: chosen.text, script, fields: extractFields(lines, { area }) };
  }

  /**
   * Lines in type much larger than the card's usual (a name, most of all) that came out unsure
   * are read again on their own, scaled down to the size the model reads best, as one line, and
   * on a card with Chinese by the Chinese model alone too: read with the whole card, a large
   * bold 李勇 comes out as "ZRH". The surest text is kept when it is clearly surer.
   */
  private async rereadLarge(
    gray: Gray,
    lines: OcrLine[],
    script: ChineseScript,
    chinese: boolean,
    reader: LineReader | null,
  ): Promise<OcrLine[]> {
    const usual = usualHeight(lines);
    const lineReader = chinese ? reader : null;
    const large = largeLines(lines, usual)
      .filter((l) => l.confidence < (lineReader ? LINE_UNSURE : UNSURE))
      .slice(0, MAX_REREADS);
    if (large.length === 0) return lines;
    // The line recognizer's readings, asked for at once: it reads in this thread, beside tesseract's.
    const recognized = new Map(large.map((line) => [line, lineReader && readLine(lineReader, gray, line, script)]));
    const worker = this.workers[script];
    const chineseOnly = chinese ? this.chineseOnly : null;
    const readings = new Map<LargeLine, (Tesseract.Page | null)[]>();
    await worker.setParameters(ONE_LINE);
    try {
      for (const line of large) {
        const image = lineImage(gray, line.bbox);
        if (!image || line.confidence >= UNSURE) continue;
        const pages = await Promise.all([
          worker.recognize(image, {}, { text: true }).then((r) => r.data),
          chineseOnly?.read(image, script).catch(() => null) ?? null,
        ]);
        readings.set(line, pages);
      }
    } finally {
      await worker.setParameters(OcrEngine.PARAMETERS);
    }
    const better = new Map<LargeLine, OcrLine>();
    for (const line of large) {
      const read = (await recognized.get(line)) ?? null;
      const floor = line.confidence + SURER;
      const best = surestReading(line.bbox, readings.get(line) ?? [], read, { floor, than: line });
      if (best) better.set(line, best);
    }
    const out: OcrLine[] = [];
    for (const l of lines) {
      const pieces = large.find((g) => g.parts.includes(l));
      if (!pieces) out.push(l);
      // A large line read in pieces is one line once read better whole; else its pieces stay.
      else if (!better.has(pieces)) out.push(l);
      else if (pieces.parts[0] === l) out.push(better.get(pieces) as OcrLine);
    }
    return out;
  }

  /**
   * Lines of type the page layout dropped (findUnreadLines), read as one line each, by the Chinese
   * model alone and the line recognizer too on a card with Chinese (it reads a large name beside
   * a shadow's edge, 梁雨涵, where tesseract reads nothing sure), and put among the lines where
   * they stand.
   */
  private async readUnread(
    gray: Gray,
    lines: OcrLine[],
    script: ChineseScript,
    chinese: boolean,
    reader: LineReader | null,
  ): Promise<OcrLine[]> {
    const boxes = findUnreadLines(
      gray,
      lines.map((l) => l.bbox),
    );
    if (boxes.length === 0) return lines;
    const worker = this.workers[script];
    const chineseOnly = chinese ? this.chineseOnly : null;
    let out = lines;
    await worker.setParameters(ONE_LINE);
    try {
      for (const box of boxes) {
        const image = lineImage(gray, box);
        if (!image) continue;
        const recognized =
          chinese && reader ? readLine(reader, gray, { text: '', bbox: box, confidence: 0 }, script) : null;
        const readings = await Promise.all([
          worker.recognize(image, {}, { text: true }).then((r) => r.data),
          chineseOnly?.read(image, script).catch(() => null) ?? null,
        ]);
        const best = surestReading(box, readings, await recognized, {
          floor: UNREAD_SURE,
          usable: (text) => alnum(text) >= 2,
        });
        if (!best) continue;
        const at = out.findIndex((l) => l.bbox.y0 > box.y0);
        out = at < 0 ? [...out, best] : [...out.slice(0, at), best, ...out.slice(at)];
      }
    } finally {
      await worker.setParameters(OcrEngine.PARAMETERS);
    }
    return out;
  }

  /**
   * Long lines of ordinary type on a card with Chinese that came out unsure, read again by the
   * Chinese model alone: read with English, a Chinese address after a bilingual label comes out
   * as Latin letters ("地址 Add: BRHRBXPLIEE201S1ERAME1I801E"). The Chinese reading is kept when it
   * finds clearly more Chinese characters, read surely enough. Lines holding an e-mail or a
   * website are left as they are.
   */
  private async rereadMixed(gray: Gray, lines: OcrLine[], script: ChineseScript): Promise<OcrLine[]> {
    if (!this.chineseOnly) return lines;
    const usual = usualHeight(lines);
    const unsure = lines
      .filter((l) => {
        const height = l.bbox.y1 - l.bbox.y0;
        const long = l.bbox.x1 - l.bbox.x0 >= MIXED_WIDTH * height && l.confidence < MIXED_UNSURE;
        return height > 0 && height < LARGE * usual && (long || l.confidence < GARBLED) && !holdsContact(l.text);
      })
      .sort((a, b) => a.confidence - b.confidence)
      .slice(0, MAX_MIXED_REREADS);
    const better = new Map<OcrLine, OcrLine>();
    for (const line of unsure) {
      const image = lineImage(gray, line.bbox);
      if (!image) continue;
      const data = await this.chineseOnly.read(image, script).catch(() => null);
      const text = data ? tidyLine(data.text) : '';
      const han = hanIn(text);
      const letters = [...text].filter((c) => /\p{L}/u.test(c)).length;
      const before = hanIn(line.text);
      if (data && data.confidence >= MIXED_SURE && han >= before + MORE_HAN && han >= HAN_SHARE * letters) {
        better.set(line, { text, bbox: line.bbox, confidence: data.confidence });
      }
    }
    return lines.map((l) => better.get(l) ?? l);
  }

  /**
   * Chinese printed in columns (findVerticalColumns), read by the Chinese model as one line each
   * and put among the lines where the column starts, right to left. Unsure lines over a column
   * (tesseract's attempts at it) give way to it.
   */
  private async readColumns(
    gray: Gray,
    lines: OcrLine[],
    script: ChineseScript,
    reader: LineReader | null,
  ): Promise<OcrLine[]> {
    if (!this.chineseOnly) return lines;
    // A line read across a column (one character of it, "赵"; or the whole of it as garbage, "Di
    // 2k Sn", a box far taller than wide) is the column's, however sure.
    const ofColumn = (l: OcrLine) =>
      alnum(l.text) <= 1 || l.bbox.y1 - l.bbox.y0 > COLUMN_SHAPE * (l.bbox.x1 - l.bbox.x0);
    const columns = findVerticalColumns(
      gray,
      lines.filter((l) => l.confidence >= COLUMN_SURE && !ofColumn(l)).map((l) => l.bbox),
    ).slice(0, MAX_COLUMNS);
    let out = lines;
    for (const column of columns) {
      const asLine = columnAsLine(gray, column, READ_HEIGHT);
      const whole = { x0: 0, y0: 0, x1: asLine.width, y1: asLine.height };
      const recognized = reader ? readLine(reader, asLine, { text: '', bbox: whole, confidence: 0 }, script) : null;
      const image = toPgm(asLine) as unknown as Tesseract.ImageLike;
      const page = await this.chineseOnly.read(image, script).catch(() => null);
      // The line recognizer's reading where it is sure Chinese, or surer than tesseract's (董事站, 39 → 董事长, 79).
      const read = await recognized;
      const surer =
        read &&
        (surelyChinese(read, { text: page?.text ?? '', bbox: whole, confidence: 0 }) ||
          (hanIn(read.text) >= 2 && read.confidence > (page?.confidence ?? 0)));
      const data = surer ? read : page;
      const text = data ? tidyLine(data.text) : '';
      const chinese = hanIn(text);
      if (!data || data.confidence < COLUMN_READ || chinese < 2 || chinese < 0.6 * [...text].length) continue;
      const { box } = column;
      const line: OcrLine = {
        text,
        // One character's height: the type's size, as the field extractor compares lines by.
        bbox: { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y0 + (box.x1 - box.x0) },
        confidence: data.confidence,
      };
      out = out.filter((l) => (l.confidence >= COLUMN_SURE && !ofColumn(l)) || !overlaps(l.bbox, box));
      const at = out.findIndex((l) => l.bbox.y0 > box.y0);
      out = at < 0 ? [...out, line] : [...out.slice(0, at), line, ...out.slice(at)];
    }
    return out;
  }

  async terminate(): Promise<void> {
    await Promise.all([
      this.workers.traditional.terminate(),
      this.workers.simplified.terminate(),
      this.chineseOnly?.terminate(),
      this.lineReader.then((reader) => reader?.close?.()),
    ]);
  }
}
