/**
 * The scan screens' door to recognition: one OCR worker (workers/ocr.worker.ts, tesseract.js
 * through Comlink) started on demand and ended when idle. Placeholder until the worker lands:
 * it recognizes nothing.
 */
import type { CardFields } from '../api/cloud';
import { EMPTY_FIELDS } from './card-fields/types';

export type Recognition = {
  fields: CardFields;
  /** The recognized text, line by line. */
  lines: string[];
  /** Recognition time in the worker, preparation included. */
  ms: number;
  /** The card as prepared for recognition (found, straightened, scaled), as a JPEG to keep. */
  image: Blob;
};

/** Whether scanning works with no network on this device, and what getting there downloads. */
export type OcrReadiness = { ready: boolean; bytesToDownload: number };

export type RecognizeOptions = { area: 'hk' | 'ch' };

export type OcrClient = {
  recognize(image: Blob, options: RecognizeOptions): Promise<Recognition>;
  readiness(): Promise<OcrReadiness>;
  /** Downloads (and caches) the engine and language data; `onProgress` gets 0–1. */
  prepare(onProgress?: (done: number) => void): Promise<void>;
};

let shared: OcrClient | null = null;

export function ocrClient(): OcrClient {
  shared ??= {
    async recognize(image) {
      return { fields: { ...EMPTY_FIELDS }, lines: [], ms: 0, image };
    },
    async readiness() {
      return { ready: true, bytesToDownload: 0 };
    },
    async prepare(onProgress) {
      onProgress?.(1);
    },
  };
  return shared;
}
