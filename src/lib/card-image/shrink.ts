import type { Gray } from './types';

/** A copy `k` times smaller each way, each pixel the mean of a k × k block. */
export function shrunk(gray: Gray, k: number): Gray {
  const w = Math.floor(gray.width / k);
  const h = Math.floor(gray.height / k);
  const data = new Uint8ClampedArray(w * h);
  const area = k * k;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0, i = y * k * gray.width + x * k; dy < k; dy++, i += gray.width) {
        for (let dx = 0; dx < k; dx++) sum += gray.data[i + dx] as number;
      }
      data[y * w + x] = sum / area;
    }
  }
  return { data, width: w, height: h };
}
