import { describe, expect, it } from 'vitest';
import {
  applyHomography,
  findCard,
  homography,
  type Point,
  prepareCard,
  type Quad,
  type Rgba,
  toPgm,
} from '../../src/lib/card-image';

/** A deterministic pseudo-random sequence (same picture on every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

const CARD_W = 900;
const CARD_H = 520;

/** The flat card: light paper, a dark bar (a line of "text") at 20–30 % height, 10–60 % width. */
function cardShade(u: number, v: number): number {
  const inBar = v > 0.2 * CARD_H && v < 0.3 * CARD_H && u > 0.1 * CARD_W && u < 0.6 * CARD_W;
  return inBar ? 30 : 235;
}

/**
 * A photo of the card lying on a darker, grainy wooden-ish table, the card's corners at
 * `corners` (top-left, top-right, bottom-right, bottom-left), with light falling off to one side.
 */
type Look = {
  /** The card's colour for a shade of cardShade (235 paper, 30 print), at (u, v) across and down the card (0–1). */
  card(shade: number, at: { u: number; v: number }): [number, number, number];
  /** The table's colour for a grain value (about 70–125). */
  table(grain: number): [number, number, number];
  /** How much light falls at (u, v) across and down the photo (0–1); by default a little less on the left. */
  light?(u: number, v: number): number;
};
const LIGHT_CARD_ON_WOOD: Look = {
  card: (v) => [v, v, v * 0.97],
  table: (grain) => [grain, grain * 0.75, grain * 0.5],
};

function photo(width: number, height: number, corners: Quad | null, seed = 1, look = LIGHT_CARD_ON_WOOD): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  const rnd = random(seed);
  const rect: Point[] = [
    { x: 0, y: 0 },
    { x: CARD_W, y: 0 },
    { x: CARD_W, y: CARD_H },
    { x: 0, y: CARD_H },
  ];
  const toCard = corners ? homography([...corners], rect) : null;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const light = look.light?.(x / width, y / height) ?? 0.85 + (0.15 * x) / width;
      let r: number;
      let g: number;
      let b: number;
      const c = toCard ? applyHomography(toCard, { x: x + 0.5, y: y + 0.5 }) : null;
      if (c && c.x >= 0 && c.x < CARD_W && c.y >= 0 && c.y < CARD_H) {
        const noise = (rnd() - 0.5) * 10;
        [r, g, b] = look
          .card(cardShade(c.x, c.y), { u: c.x / CARD_W, v: c.y / CARD_H })
          .map((v) => v * light + noise) as [number, number, number];
      } else {
        const grain = 70 + 25 * Math.sin(y / 7 + Math.sin(x / 40) * 2) + rnd() * 30;
        [r, g, b] = look.table(grain).map((v) => v * light) as [number, number, number];
      }
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

function expectCorners(found: Quad | null, expected: Quad, tolerance: number) {
  expect(found).not.toBeNull();
  for (let k = 0; k < 4; k++) {
    const f = (found as Quad)[k] as Point;
    const e = expected[k] as Point;
    expect(Math.hypot(f.x - e.x, f.y - e.y), `corner ${k}: ${JSON.stringify(f)} vs ${JSON.stringify(e)}`).toBeLessThan(
      tolerance,
    );
  }
}

describe('findCard', () => {
  it('finds a rotated card on a textured table within a few pixels of its corners', () => {
    const corners: Quad = [
      { x: 231, y: 140 },
      { x: 862, y: 243 },
      { x: 796, y: 612 },
      { x: 166, y: 509 },
    ];
    expectCorners(findCard(photo(1000, 750, corners)), corners, 2);
  });

  it('finds a card seen at an angle (perspective: one side shorter)', () => {
    const corners: Quad = [
      { x: 300, y: 180 },
      { x: 900, y: 210 },
      { x: 1010, y: 700 },
      { x: 170, y: 660 },
    ];
    expectCorners(findCard(photo(1200, 900, corners, 2)), corners, 2);
  });

  it('finds a dark card on a light table', () => {
    const corners: Quad = [
      { x: 231, y: 140 },
      { x: 862, y: 243 },
      { x: 796, y: 612 },
      { x: 166, y: 509 },
    ];
    const navyOnMarble: Look = {
      card: (v) => (v > 128 ? [25, 35, 60] : [230, 230, 230]),
      table: (grain) => [grain + 110, grain + 110, grain + 105],
    };
    expectCorners(findCard(photo(1000, 750, corners, 3, navyOnMarble)), corners, 3);
  });

  it('finds a card as bright as the table but of another colour', () => {
    const corners: Quad = [
      { x: 260, y: 150 },
      { x: 880, y: 230 },
      { x: 820, y: 600 },
      { x: 190, y: 520 },
    ];
    // Teal card, brown wood: about the same brightness.
    const tealOnWood: Look = {
      card: (v) => (v > 128 ? [40, 110, 120] : [230, 200, 180]),
      table: (grain) => [grain * 1.2, grain * 0.8, grain * 0.5],
    };
    expectCorners(findCard(photo(1000, 750, corners, 4, tealOnWood)), corners, 4);
  });

  it('finds a white card on a white desk by its outline alone', () => {
    const corners: Quad = [
      { x: 250, y: 160 },
      { x: 870, y: 215 },
      { x: 835, y: 590 },
      { x: 215, y: 535 },
    ];
    // Paper a shade lighter than the desk, and the print far darker than both.
    const whiteOnWhite: Look = {
      card: (v) => (v > 128 ? [242, 242, 240] : [30, 30, 30]),
      table: (grain) => [205 + grain * 0.2, 205 + grain * 0.2, 203 + grain * 0.2],
    };
    expectCorners(findCard(photo(1000, 750, corners, 5, whiteOnWhite)), corners, 4);
  });

  it('finds a white card with a band of colour across it whole, not the white strip under the band', () => {
    const corners: Quad = [
      { x: 200, y: 180 },
      { x: 820, y: 130 },
      { x: 850, y: 500 },
      { x: 230, y: 550 },
    ];
    // A deep green band across 35–65 % of the card's height: at a brightness threshold the
    // paper splits into two strips, each a clean rectangle far longer than a card.
    const banded: Look = {
      card: (v, { v: down }) => (down > 0.35 && down < 0.65 ? [25, 105, 80] : [v, v, v * 0.97]),
      table: (grain) => [grain * 0.6, grain * 0.35, grain * 0.25],
    };
    expectCorners(findCard(photo(1000, 750, corners, 6, banded)), corners, 6);
  });

  it('finds a card whole when a band of the table’s own colour runs across it, the card near the picture’s edge', () => {
    const corners: Quad = [
      { x: 130, y: 140 },
      { x: 820, y: 15 },
      { x: 880, y: 380 },
      { x: 190, y: 560 },
    ];
    // A brown band across 32–56 % of the card, as dark as the wooden table: at a threshold, and
    // against the table's colours alike, the paper is two strips and the larger is far too long.
    const woodBand: Look = {
      card: (v, { v: down }) => (down > 0.32 && down < 0.56 ? [92, 68, 45] : [v, v, v * 0.97]),
      table: (grain) => [grain, grain * 0.75, grain * 0.5],
    };
    expectCorners(findCard(photo(1000, 600, corners, 8, woodBand)), corners, 8);
  });

  it('finds a grey card on a grey table in dim light falling off across the picture', () => {
    const corners: Quad = [
      { x: 240, y: 170 },
      { x: 860, y: 200 },
      { x: 840, y: 560 },
      { x: 220, y: 530 },
    ];
    // The card's dim side is darker than the table's lit side: no brightness threshold holds.
    const dimGrey: Look = {
      card: (v) => (v > 128 ? [150, 150, 146] : [40, 40, 40]),
      table: (grain) => [60 + grain * 0.4, 66 + grain * 0.4, 66 + grain * 0.4],
      light: (u, v) => 0.45 + 0.3 * u + 0.25 * v,
    };
    expectCorners(findCard(photo(1000, 750, corners, 7, dimGrey)), corners, 5);
  });

  it('finds a two-coloured card whole, not its light panel alone', () => {
    const corners: Quad = [
      { x: 180, y: 230 },
      { x: 800, y: 150 },
      { x: 850, y: 520 },
      { x: 230, y: 600 },
    ];
    // Dark maroon over the left 65 %, a mint panel to the right: the panel alone is a clean,
    // card-proportioned rectangle, brighter than everything else in the picture.
    const twoTone: Look = {
      card: (v, { u }) => (u < 0.65 ? (v > 128 ? [62, 30, 32] : [210, 200, 190]) : [110, 200, 170]),
      table: (grain) => [40 + grain * 0.15, 45 + grain * 0.15, 70 + grain * 0.2],
    };
    expectCorners(findCard(photo(1000, 750, corners, 8, twoTone)), corners, 6);
  });

  it('finds a card whole when a shadow falls across part of it', () => {
    const corners: Quad = [
      { x: 220, y: 160 },
      { x: 840, y: 230 },
      { x: 800, y: 590 },
      { x: 180, y: 520 },
    ];
    // A shadow's straight edge across the left third of the picture, the card's too.
    const shadowed: Look = {
      card: (v) => [v, v, v * 0.97],
      table: (grain) => [grain * 1.3, grain * 1.2, grain * 1.1],
      light: (u) => (u < 0.33 ? 0.55 : 1),
    };
    expectCorners(findCard(photo(1000, 750, corners, 9, shadowed)), corners, 6);
  });

  it('finds nothing on an empty table or a blank page', () => {
    expect(findCard(photo(800, 600, null))).toBeNull();
    const blank = { data: new Uint8ClampedArray(400 * 300 * 4).fill(240), width: 400, height: 300 };
    expect(findCard(blank)).toBeNull();
  });
});

describe('prepareCard', () => {
  it('straightens the card into a flat rectangle of its own proportions, text lines level', () => {
    const corners: Quad = [
      { x: 300, y: 180 },
      { x: 900, y: 210 },
      { x: 1010, y: 700 },
      { x: 170, y: 660 },
    ];
    const { gray, quad } = prepareCard(photo(1200, 900, corners, 3));
    expect(quad).not.toBeNull();
    expect(Math.max(gray.width, gray.height)).toBe(1400);
    // The card's own proportions come back only roughly from a perspective view.
    expect(gray.width / gray.height).toBeGreaterThan(1.3);
    expect(gray.width / gray.height).toBeLessThan(2.1);
    const at = (u: number, v: number) =>
      gray.data[Math.round(v * (gray.height - 1)) * gray.width + Math.round(u * (gray.width - 1))] ?? 0;
    // Along the bar: dark all the way; below it: paper.
    for (let u = 0.15; u <= 0.55; u += 0.05) {
      expect(at(u, 0.25), `bar at ${u.toFixed(2)}`).toBeLessThan(110);
      expect(at(u, 0.5), `paper at ${u.toFixed(2)}`).toBeGreaterThan(180);
    }
    // No table left at the edges.
    expect(at(0.02, 0.5)).toBeGreaterThan(150);
    expect(at(0.98, 0.5)).toBeGreaterThan(150);
  });

  it('turns a card printed light on dark paper into dark print on light paper', () => {
    const corners: Quad = [
      { x: 231, y: 140 },
      { x: 862, y: 243 },
      { x: 796, y: 612 },
      { x: 166, y: 509 },
    ];
    const whiteOnNavy: Look = {
      card: (v) => (v > 128 ? [25, 35, 60] : [235, 235, 235]),
      table: (grain) => [grain + 110, grain + 110, grain + 105],
    };
    const { gray } = prepareCard(photo(1000, 750, corners, 5, whiteOnNavy));
    const at = (u: number, v: number) =>
      gray.data[Math.round(v * (gray.height - 1)) * gray.width + Math.round(u * (gray.width - 1))] ?? 0;
    for (let u = 0.15; u <= 0.55; u += 0.05) {
      expect(at(u, 0.25), `print at ${u.toFixed(2)}`).toBeLessThan(110);
      expect(at(u, 0.5), `paper at ${u.toFixed(2)}`).toBeGreaterThan(180);
      expect(at(u, 0.8), `paper at ${u.toFixed(2)}`).toBeGreaterThan(180);
    }
  });

  it('uses the whole picture when no card stands out', () => {
    const { gray, quad } = prepareCard(photo(800, 600, null));
    expect(quad).toBeNull();
    expect(gray.width).toBe(1400);
    expect(gray.height).toBe(1050);
  });

  it('survives tiny, thin and huge pictures', () => {
    for (const [w, h] of [
      [1, 1],
      [2, 7],
      [7, 7],
      [3000, 4],
      [4000, 3000],
    ] as const) {
      const image = { data: new Uint8ClampedArray(w * h * 4).fill(200), width: w, height: h };
      const { gray } = prepareCard(image);
      expect(gray.width).toBeGreaterThan(0);
      expect(gray.height).toBeGreaterThan(0);
      expect(gray.width * gray.height).toBeLessThanOrEqual(1400 * 1400);
      expect(gray.data.length).toBe(gray.width * gray.height);
    }
  });

  it('encodes a PGM tesseract reads as it is', () => {
    const pgm = toPgm({ data: new Uint8ClampedArray([0, 128, 255, 7]), width: 2, height: 2 });
    expect(new TextDecoder().decode(pgm.subarray(0, 11))).toBe('P5\n2 2\n255\n');
    expect([...pgm.subarray(11)]).toEqual([0, 128, 255, 7]);
  });
});
