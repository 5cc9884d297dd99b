import type { CardFields } from '../../api/cloud';

export type { CardFields };

/** A box in image pixels: left, top, right, bottom. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

/** One line of recognized text, as tesseract.js gives it (text, where, how sure). */
export type OcrLine = {
  text: string;
  bbox: Box;
  /** 0–100. */
  confidence: number;
};

export type ExtractOptions = {
  /** The user's area (SPEC §9 'hk' | 'ch'): the default region of phone numbers without a country code. */
  area: 'hk' | 'ch';
};

export const EMPTY_FIELDS: CardFields = {
  name: '',
  english_name: '',
  company: [],
  position: [],
  tel: [],
  email: [],
  website: [],
  address: [],
  other: [],
};
