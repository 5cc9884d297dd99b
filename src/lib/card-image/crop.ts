import type { Box } from '../card-fields/types';
import type { Gray } from './types';

/**
 * The part of a grey picture inside `box` (clipped to the picture), scaled by `scale` ≤ 1 with
 * each output pixel the mean of the source pixels it covers: a line of large type brought down to
 * the size the recognizer reads best.
 */
export function cropScaled(gray: Gray, box: Box, scale: number): Gray {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(gray.width, Math.ceil(box.x1));
  const y1 = Math.min(gray.height, Math.ceil(box.y1));
  const s = Math.min(1, Math.max(0.05, scale));
  const width = Math.max(1, Math.round((x1 - x0) * s));
  const height = Math.max(1, Math.round((y1 - y0) * s));
  const data = new Uint8ClampedArray(width * height);
  if (x1 <= x0 || y1 <= y0) return { data: data.fill(255), width, height };
  for (let y = 0; y < height; y++) {
    const sy0 = y0 + Math.floor(y / s);
    const sy1 = Math.min(y1, Math.max(sy0 + 1, y0 + Math.floor((y + 1) / s)));
    for (let x = 0; x < width; x++) {
      const sx0 = x0 + Math.floor(x / s);
      const sx1 = Math.min(x1, Math.max(sx0 + 1, x0 + Math.floor((x + 1) / s)));
      let sum = 0;
      let n = 0;
      for (let yy = sy0; yy < sy1; yy++) {
        for (let xx = sx0; xx < sx1; xx++) {
          sum += gray.data[yy * gray.width + xx] ?? 255;
          n++;
        }
      }
      data[y * width + x] = n === 0 ? 255 : sum / n;
    }
  }
  return { data, width, height };
}
