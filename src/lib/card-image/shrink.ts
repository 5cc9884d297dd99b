import type { Gray } from './types';

/** A copy `k` times smaller each way, each pixel the mean of a k × k block. */
export function shrunk(gray: Gray, k: number): Gray {
  const w = Math.floor(gray.width / k);
  const h = Math.floor(gray.height / k);
  const sums = new Uint32Array(w * h);
  for (let y = 0; y < h * k; y++) {
    const row = Math.floor(y / k) * w;
    for (let x = 0, i = y * gray.width; x < w * k; x++, i++) {
      const at = row + Math.floor(x / k);
      sums[at] = (sums[at] as number) + (gray.data[i] as number);
    }
  }
  const data = new Uint8ClampedArray(w * h);
  for (let i = 0; i < data.length; i++) data[i] = (sums[i] as number) / (k * k);
  return { data, width: w, height: h };
}
