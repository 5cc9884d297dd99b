import { describe, expect, it } from 'vitest';
import { closing, opening } from '../../src/lib/card-image/morphology';
import type { Gray } from '../../src/lib/card-image/types';

/** A deterministic pseudo-random picture. */
function noise(width: number, height: number, seed: number): Gray {
  let s = seed;
  const data = new Uint8ClampedArray(width * height).map(() => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % 256;
  });
  return { data, width, height };
}

/** The max (or min) over the square of side 2r + 1 around each pixel, the slow way. */
function extreme({ data, width, height }: Gray, r: number, max: boolean): Gray {
  const out = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = max ? 0 : 255;
      for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++) {
          const p = data[yy * width + xx] as number;
          v = max ? Math.max(v, p) : Math.min(v, p);
        }
      }
      out[y * width + x] = v;
    }
  }
  return { data: out, width, height };
}

describe('closing and opening', () => {
  it('give what the max and min over each pixel’s square give, up to the picture’s edges', () => {
    for (const [w, h, r] of [
      [37, 23, 1],
      [37, 23, 3],
      [40, 9, 5],
      [1, 12, 2],
      [12, 1, 20],
    ] as const) {
      const g = noise(w, h, w * h + r);
      expect(closing(g, r).data, `closing ${w}×${h} r ${r}`).toEqual(extreme(extreme(g, r, true), r, false).data);
      expect(opening(g, r).data, `opening ${w}×${h} r ${r}`).toEqual(extreme(extreme(g, r, false), r, true).data);
    }
  });
});
