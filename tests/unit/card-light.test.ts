import { describe, expect, it } from 'vitest';
import { normalizeLight } from '../../src/lib/card-image/enhance';
import type { Gray } from '../../src/lib/card-image/types';

/** A deterministic pseudo-random sequence (same picture on every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/**
 * A prepared card 1400 × 800: paper of 230 with a line of type (strokes 12 px tall, 8 px wide,
 * every 20 px) across it, left of x = 500 in a wall's sharp shadow that halves the light.
 */
function shadowedCard(): Gray {
  const width = 1400;
  const height = 800;
  const rnd = random(7);
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = y >= 300 && y < 312 && x >= 100 && x < 1100 && x % 20 < 8;
      const light = x < 500 ? 0.5 : 1;
      data[y * width + x] = (ink ? 30 : 230) * light + (rnd() - 0.5) * 8;
    }
  }
  return { data, width, height };
}

describe('normalizeLight', () => {
  it('evens out a sharp shadow across the card with no dark band along its edge, the print kept dark', () => {
    const out = normalizeLight(shadowedCard());
    const at = (x: number, y: number) => out.data[y * out.width + x] ?? 0;
    for (let x = 100; x < 1100; x += 2) {
      expect(at(x, 500), `paper at ${x}`).toBeGreaterThan(180);
      expect(at(x, 290), `paper above the print at ${x}`).toBeGreaterThan(180);
      if (x % 20 < 8) expect(at(x + 1, 306), `print at ${x}`).toBeLessThan(110);
    }
  });
});
