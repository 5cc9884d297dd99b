/**
 * Dark panels printed light (a band across the card with the name in white on it): turned over,
 * so they read as ink on paper like the rest of the card. The light evening after this (enhance.ts)
 * takes a dark panel's tone for paper in shadow and stretches it, and tesseract reads white type
 * on a black band inside a light page badly or not at all.
 *
 * A panel is a large, nearly rectangular region far darker than the card's paper, its tone taken
 * over a window wider than any stroke (so bold type on paper is no panel), holding print lighter
 * than itself (so a shadow, which holds dark print, is none).
 */
import { inkRegions } from './ink';
import { shrunk } from './shrink';
import type { Gray } from './types';

/** The window the tone is taken over: this share of the card's shorter side, each way. */
const WINDOW = 0.03;
/** Darker than this share of the paper's tone is a panel's. */
const DARK = 0.55;
/** A panel covers at least this share of the card, and fills this share of its bounding box. */
const MIN_AREA = 0.03;
const MIN_FILL = 0.75;
/** Its print: the 98th percentile of its pixels above its own tone by at least this share of the way to the paper's. */
const LIGHT_PRINT = 0.5;
/** How far around a panel its dark ground is turned too: this share of the card's shorter side. */
const EDGE_MARGIN = 0.01;
/** A card whose paper is darker than this (grey levels) is dark all over: enhance.ts turns it whole. */
const MIN_PAPER = 60;
/** Panels turned at most. */
const MAX_PANELS = 3;

type Rect = { x0: number; y0: number; x1: number; y1: number };

/** The card with its dark panels printed light turned over; the same picture when it has none. */
export function withPanelsTurned(gray: Gray): Gray {
  const { width, height, data } = gray;
  if (width < 8 * SCALE || height < 8 * SCALE) return gray;
  const paper = percentile(data, 0.9);
  if (paper < MIN_PAPER) return gray;
  // Panels are large: they are looked for on a copy SCALE times smaller each way.
  const small = shrunk(gray, SCALE);
  const r = Math.max(1, Math.round((WINDOW * Math.min(width, height)) / SCALE));
  const tone = boxMean(small, r);
  const limit = DARK * paper;
  const dark = new Uint8Array(tone.length);
  for (let i = 0; i < dark.length; i++) dark[i] = (tone[i] as number) < limit ? 1 : 0;
  const panels = regions(dark, small.width, small.height)
    .filter((p) => p.area >= MIN_AREA * small.width * small.height && p.area >= MIN_FILL * area(p.box))
    .sort((a, b) => b.area - a.area)
    .slice(0, MAX_PANELS)
    .map(({ box }) =>
      grown(
        gray,
        {
          x0: box.x0 * SCALE,
          y0: box.y0 * SCALE,
          x1: Math.min(width, box.x1 * SCALE),
          y1: Math.min(height, box.y1 * SCALE),
        },
        limit,
      ),
    )
    .map((box) => ({ box, ...tones(gray, box) }))
    .filter(({ ground, print }) => print - ground >= LIGHT_PRINT * (paper - ground))
    .filter(({ box, ground }) => holdsLines(gray, box, (ground + paper) / 2));
  if (panels.length === 0) return gray;
  const out = Uint8ClampedArray.from(data);
  // Turned over about the middle of the panel's ground and the paper's tone: the ground comes out
  // as paper, its light print as dark as the ground was.
  // Around it, where a panel's edge runs a little aslant of the rows, only its dark ground is
  // turned: left as it is, it would be a dark rule along the panel.
  const m = Math.max(1, Math.round(EDGE_MARGIN * Math.min(width, height)));
  for (const { box, ground } of panels) {
    for (let y = Math.max(0, box.y0 - m); y < Math.min(height, box.y1 + m); y++) {
      const inRows = y >= box.y0 && y < box.y1;
      for (let x = Math.max(0, box.x0 - m); x < Math.min(width, box.x1 + m); x++) {
        const i = y * width + x;
        const v = data[i] as number;
        if ((inRows && x >= box.x0 && x < box.x1) || v < limit) out[i] = ground + paper - v;
      }
    }
  }
  return { data: out, width, height };
}

const area = (b: Rect) => (b.x1 - b.x0) * (b.y1 - b.y0);

function percentile(data: Uint8ClampedArray, share: number): number {
  const hist = new Uint32Array(256);
  for (const v of data) hist[v] = (hist[v] as number) + 1;
  let count = 0;
  for (let v = 0; v < 256; v++) {
    count += hist[v] as number;
    if (count >= share * data.length) return v;
  }
  return 255;
}

/** How much smaller the copy panels are looked for on is, each way. */
const SCALE = 4;

/** Each pixel's mean over a (2r + 1)² square (edges clamped), by running sums along rows, then columns. */
function boxMean(gray: Gray, r: number): Float32Array {
  const { width: w, height: h, data } = gray;
  const rows = new Float32Array(w * h);
  const size = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    const at = (x: number) => data[y * w + Math.min(w - 1, Math.max(0, x))] as number;
    let sum = 0;
    for (let x = -r; x <= r; x++) sum += at(x);
    for (let x = 0; x < w; x++) {
      rows[y * w + x] = sum / size;
      sum += at(x + r + 1) - at(x - r);
    }
  }
  const out = new Float32Array(w * h);
  for (let x = 0; x < w; x++) {
    const at = (y: number) => rows[Math.min(h - 1, Math.max(0, y)) * w + x] as number;
    let sum = 0;
    for (let y = -r; y <= r; y++) sum += at(y);
    for (let y = 0; y < h; y++) {
      out[y * w + x] = sum / size;
      sum += at(y + r + 1) - at(y - r);
    }
  }
  return out;
}

/** 4-connected regions of a mask: their pixel counts and bounding boxes. */
function regions(mask: Uint8Array, w: number, h: number): { area: number; box: Rect }[] {
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const out: { area: number; box: Rect }[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    let count = 0;
    const box = { x0: w, y0: h, x1: 0, y1: 0 };
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const p = stack[--top] as number;
      count++;
      const x = p % w;
      const y = (p - x) / w;
      if (x < box.x0) box.x0 = x;
      if (y < box.y0) box.y0 = y;
      if (x + 1 > box.x1) box.x1 = x + 1;
      if (y + 1 > box.y1) box.y1 = y + 1;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q < 0 || !mask[q] || seen[q]) continue;
        seen[q] = 1;
        stack[top++] = q;
      }
    }
    out.push({ area: count, box });
  }
  return out;
}

/**
 * The panel's box out to its edges: the window's tone stops short of them by up to its radius,
 * so each side moves out while the row or column beyond it is still mostly dark.
 */
function grown(gray: Gray, box: Rect, limit: number): Rect {
  const { width: w, height: h, data } = gray;
  const b = { ...box };
  const darkShare = (x0: number, y0: number, x1: number, y1: number) => {
    let n = 0;
    let dark = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        n++;
        if ((data[y * w + x] as number) < limit) dark++;
      }
    return n === 0 ? 0 : dark / n;
  };
  // A row or column of a panel is mostly its dark ground, light print on it or not.
  const EDGE = 0.6;
  while (b.y0 > 0 && darkShare(b.x0, b.y0 - 1, b.x1, b.y0) >= EDGE) b.y0--;
  while (b.y1 < h && darkShare(b.x0, b.y1, b.x1, b.y1 + 1) >= EDGE) b.y1++;
  while (b.x0 > 0 && darkShare(b.x0 - 1, b.y0, b.x0, b.y1) >= EDGE) b.x0--;
  while (b.x1 < w && darkShare(b.x1, b.y0, b.x1 + 1, b.y1) >= EDGE) b.x1++;
  return b;
}

/** A line of print is at least this many times as wide as tall, and this tall (pixels). */
const LINE_WIDE = 1.6;
const LINE_HIGH = 12;

/**
 * Whether a panel's light print (lighter than `middle`) holds a line of text: a logo alone on a
 * band is left as it is (turned, the page's layout reads the card differently, not better).
 */
function holdsLines(gray: Gray, box: Rect, middle: number): boolean {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const light = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++)
      light[y * w + x] = (gray.data[(box.y0 + y) * gray.width + box.x0 + x] as number) > middle ? 1 : 0;
  }
  return inkRegions(light, w, h, { x: 4, y: 1 }).some((r) => {
    const rh = r.y1 - r.y0;
    return rh >= LINE_HIGH && r.x1 - r.x0 >= LINE_WIDE * rh && rh < 0.8 * h;
  });
}

/** A panel's ground (its median tone) and its print (its 98th percentile: light print on it is lighter). */
function tones(gray: Gray, box: Rect): { ground: number; print: number } {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let i = y * gray.width + box.x0, end = y * gray.width + box.x1; i < end; i++) {
      const v = gray.data[i] as number;
      hist[v] = (hist[v] as number) + 1;
      n++;
    }
  }
  const at = (share: number) => {
    let count = 0;
    for (let v = 0; v < 256; v++) {
      count += hist[v] as number;
      if (count >= share * n) return v;
    }
    return 255;
  };
  return { ground: at(0.5), print: at(0.98) };
}
