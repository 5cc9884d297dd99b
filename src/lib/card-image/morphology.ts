/**
 * Grey-level morphology with a square window, in time independent of the window's size (van
 * Herk / Gil-Werman: a running extreme over blocks of the window's width, from each side). The
 * columns are filtered as rows of the transposed picture, which keeps memory access in order.
 */
import type { Gray } from './types';

/**
 * Each of the `height` rows of `width` values in `src`, its max over the `2r + 1` values around
 * each one, written transposed into `dst` (row y of src becomes column y of dst). The min is the
 * max of the values turned over (255 - v), so one loop serves both.
 */
function rowsTransposed(
  src: Uint8ClampedArray,
  dst: Uint8ClampedArray,
  width: number,
  height: number,
  r: number,
  turned: boolean,
  fwd: Uint8Array,
  bwd: Uint8Array,
): void {
  const w = 2 * r + 1;
  const flip = turned ? 255 : 0;
  const lastStart = width - 1 - ((width - 1) % w);
  const head = Math.min(width, r + 1);
  const body = width - r;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    // Running maxima from each block's start forwards, and from its end (or the row's) backwards.
    for (let k = 0, left = 0; k < width; k++, left--) {
      const v = flip ^ (src[row + k] as number);
      if (left === 0) {
        fwd[k] = v;
        left = w;
      } else fwd[k] = Math.max(v, fwd[k - 1] as number);
    }
    bwd[width - 1] = flip ^ (src[row + width - 1] as number);
    for (let k = width - 2, right = (width - 1) % w; k >= 0; k--, right--) {
      const v = flip ^ (src[row + k] as number);
      if (right === 0) {
        bwd[k] = v;
        right = w;
      } else bwd[k] = Math.max(v, bwd[k + 1] as number);
    }
    // A window cut short at the row's start lies in its first block: fwd alone.
    for (let k = 0; k < head; k++) dst[k * height + y] = flip ^ (fwd[Math.min(width - 1, k + r)] as number);
    // A whole window spans two blocks, or is one block whole.
    for (let k = head; k < body; k++) dst[k * height + y] = flip ^ Math.max(bwd[k - r] as number, fwd[k + r] as number);
    // One cut short at the row's end: bwd alone when it starts in the last block.
    for (let k = Math.max(head, body); k < width; k++) {
      const lo = k - r;
      const v = lo >= lastStart ? (bwd[lo] as number) : Math.max(bwd[lo] as number, fwd[width - 1] as number);
      dst[k * height + y] = flip ^ v;
    }
  }
}

/** The picture's max (or min) over a `2r + 1` square around each pixel. */
function extreme(gray: Gray, r: number, max: boolean): Gray {
  const { width, height } = gray;
  const side = Math.max(width, height) + 1;
  const fwd = new Uint8Array(side);
  const bwd = new Uint8Array(side);
  const across = new Uint8ClampedArray(width * height);
  const data = new Uint8ClampedArray(width * height);
  rowsTransposed(gray.data, across, width, height, r, !max, fwd, bwd);
  rowsTransposed(across, data, height, width, r, !max, fwd, bwd);
  return { data, width, height };
}

/**
 * The picture with every dark feature narrower than `2r + 1` pixels filled in with what surrounds
 * it (a dilation, then an erosion): on a card, the paper's tone under the print, following a
 * shadow's edge as sharply as the photo has it.
 */
export function closing(gray: Gray, r: number): Gray {
  return extreme(extreme(gray, r, true), r, false);
}

/** The picture with every light feature narrower than `2r + 1` pixels taken down to what surrounds it (an erosion, then a dilation). */
export function opening(gray: Gray, r: number): Gray {
  return extreme(extreme(gray, r, false), r, true);
}
