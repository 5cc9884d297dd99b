/**
 * Preparing a card photo for recognition, the same in the browser's OCR worker, `npm run ocr`
 * and the server's pool: find the card (detect.ts), straighten it into a flat rectangle
 * (warp.ts), scale it so its long side is about 1400 px (text lines of 20–60 px, what tesseract
 * reads best), smooth out grain, turn dark panels printed light over (panels.ts) and even out
 * the light (enhance.ts). Pure functions on pixel buffers; the callers
 * decode and encode (OffscreenCanvas in the worker, sharp in Node).
 */
import { findCard } from './detect';
import { normalizeLight, reduceGrain } from './enhance';
import { withPanelsTurned } from './panels';
import type { Gray, Point, Quad, Rgba } from './types';
import { warpToGray } from './warp';

export { cropScaled } from './crop';
export { findCard, orderCorners } from './detect';
export type { Gray, Point, Quad, Rgba } from './types';
export { applyHomography, homography, warpToGray } from './warp';

/** Long side of the prepared card, in pixels. */
export const PREPARED_SIDE = 1400;
/** A small picture is enlarged at most this much. */
const MAX_UPSCALE = 3;
/** Longest side worth decoding a photo at before preparation (the card is then ≥ PREPARED_SIDE when it fills most of it). */
export const DECODE_SIDE = 2400;

export type PreparedCard = {
  gray: Gray;
  /** Where the card was found in the source picture, or null when the whole picture was used. */
  quad: Quad | null;
};

const dist = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

export function prepareCard(image: Rgba, options: { side?: number } = {}): PreparedCard {
  const side = options.side ?? PREPARED_SIDE;
  const found = findCard(image);
  const quad: Quad = found ?? [
    { x: 0, y: 0 },
    { x: image.width, y: 0 },
    { x: image.width, y: image.height },
    { x: 0, y: image.height },
  ];
  const cardW = Math.max(1, (dist(quad[0], quad[1]) + dist(quad[3], quad[2])) / 2);
  const cardH = Math.max(1, (dist(quad[0], quad[3]) + dist(quad[1], quad[2])) / 2);
  const scale = Math.min(side / Math.max(cardW, cardH), MAX_UPSCALE);
  const width = Math.max(1, Math.round(cardW * scale));
  const height = Math.max(1, Math.round(cardH * scale));
  const gray = normalizeLight(withPanelsTurned(reduceGrain(warpToGray(image, quad, width, height))));
  return { gray, quad: found };
}

/**
 * A grey picture as a binary PGM (P5): what tesseract's Leptonica reads with no decoding work
 * (a PNG or JPEG would be encoded here only to be decoded again inside the engine).
 */
export function toPgm(gray: Gray): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${gray.width} ${gray.height}\n255\n`);
  const out = new Uint8Array(header.length + gray.data.length);
  out.set(header, 0);
  out.set(gray.data, header.length);
  return out;
}

/** Grey to RGBA (for a canvas or an encoder that wants colour pixels). */
export function grayToRgba(gray: Gray): Rgba {
  const data = new Uint8ClampedArray(gray.width * gray.height * 4);
  for (let i = 0, j = 0; i < gray.data.length; i++, j += 4) {
    const v = gray.data[i] ?? 0;
    data[j] = v;
    data[j + 1] = v;
    data[j + 2] = v;
    data[j + 3] = 255;
  }
  return { data, width: gray.width, height: gray.height };
}
