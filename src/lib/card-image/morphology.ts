/**
 * Grey-level morphology with a square window, in time independent of the window's size (van
 * Herk / Gil-Werman: a running extreme over blocks of the window's width, from each side). The
 * columns are filtered as rows of the transposed picture, which keeps memory access in order.
 */
import type { Gray } from './types';

/**
 * Each of the `height` rows of `width` values in `src`, its max (or min) over the `2r + 1` values
 * around each one, written transposed into `dst` (row y of src becomes column y of dst).
 */
function rowsTransposed(
  src: Uint8ClampedArray,
  dst: Uint8ClampedArray,
  width: number,
  height: number,
  r: number,
  max: boolean,
  fwd: Uint8Array,
  bwd: Uint8Array,
): void {
  const w = 2 * r + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let k = 0; k < width; k++) {
      const v = src[row + k] as number;
      const prev = fwd[k - 1] as number;
      fwd[k] = k % w === 0 ? v : max ? Math.max(v, prev) : Math.min(v, prev);
    }
    for (let k = width - 1; k >= 0; k--) {
      const v = src[row + k] as number;
      const next = bwd[k + 1] as number;
      bwd[k] = k === width - 1 || (k + 1) % w === 0 ? v : max ? Math.max(v, next) : Math.min(v, next);
    }
    for (let k = 0; k < width; k++) {
      const lo = Math.max(k - r, 0);
      const hi = k + r >= width ? width - 1 : k + r;
      // A window cut short at the row's start lies in its first block; one within a block is that block's rest.
      let v: number;
      if (lo === 0) v = fwd[hi] as number;
      else if (((lo / w) | 0) === ((hi / w) | 0)) v = bwd[lo] as number;
      else {
        const a = bwd[lo] as number;
        const b = fwd[hi] as number;
        v = max ? Math.max(a, b) : Math.min(a, b);
      }
      dst[k * height + y] = v;
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
  rowsTransposed(gray.data, across, width, height, r, max, fwd, bwd);
  rowsTransposed(across, data, height, width, r, max, fwd, bwd);
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
