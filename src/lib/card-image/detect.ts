/**
 * Finding a business card in a photo: the card is the largest region that stands out from the
 * (maybe textured) table, lighter than it or darker. On a small grey copy of the picture: Otsu threshold,
 * largest 4-connected light component, its holes (the card's dark print) filled, then four
 * corners from the component's extreme points in its own principal-axis frame, refined by
 * least-squares lines fitted to each side's boundary pixels and intersected.
 */
import { solve } from './solve';
import type { Gray, Point, Quad, Rgba } from './types';

/** How much of its quadrilateral a region fills to be taken as the card without looking further. */
const CLEAR_FILL = 0.9;

/** An edge's gradient, over the photo's median gradient, and at least (Sobel units, 4 × a step of 8 levels). */
const EDGE_OVER_TYPICAL = 4;
const EDGE_FLOOR = 32;

/** Longest side of the analysis copy, in pixels. */
export const ANALYSIS_SIDE = 360;

/** A smaller grey copy (box average), and the factor from its pixels to the source's. */
export function analysisGray(image: Rgba, maxSide = ANALYSIS_SIDE): { gray: Gray; scale: number } {
  const { width, height, data } = image;
  const scale = Math.max(1, Math.max(width, height) / maxSide);
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const out = new Uint8ClampedArray(w * h);
  const sx = width / w;
  const sy = height / h;
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(width, Math.floor((x + 1) * sx)));
      let sum = 0;
      let n = 0;
      // At most 4×4 samples a box: enough to average out grain, a fraction of a 12 MP photo's pixels.
      const stepY = Math.max(1, Math.floor((y1 - y0) / 4));
      const stepX = Math.max(1, Math.floor((x1 - x0) / 4));
      for (let yy = y0; yy < y1; yy += stepY) {
        let i = (yy * width + x0) * 4;
        for (let xx = x0; xx < x1; xx += stepX, i += 4 * stepX) {
          sum += 77 * (data[i] as number) + 150 * (data[i + 1] as number) + 29 * (data[i + 2] as number);
          n++;
        }
      }
      out[y * w + x] = n === 0 ? 0 : sum / n / 256;
    }
  }
  return { gray: { data: out, width: w, height: h }, scale: width / w };
}

/** Otsu's threshold of a grey image. */
export function otsu(gray: Gray): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of gray.data) hist[v] = (hist[v] ?? 0) + 1;
  const total = gray.data.length;
  let sumAll = 0;
  for (let t = 0; t < 256; t++) sumAll += t * (hist[t] ?? 0);
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * (hist[t] ?? 0);
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Labels of the largest 4-connected component of `mask` (1 = in it), or null when empty. */
function largestComponent(mask: Uint8Array, w: number, h: number): Uint8Array | null {
  const label = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  let bestLabel = 0;
  let bestSize = 0;
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1 || label[start] !== 0) continue;
    next++;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    while (top > 0) {
      const p = stack[--top] ?? 0;
      size++;
      const x = p % w;
      const neighbours = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w];
      for (const q of neighbours) {
        if (q < 0 || q >= mask.length || mask[q] !== 1 || label[q] !== 0) continue;
        label[q] = next;
        stack[top++] = q;
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = next;
    }
  }
  if (bestLabel === 0) return null;
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = label[i] === bestLabel ? 1 : 0;
  return out;
}

/** The pixels (1) a 4-connected flood from the picture's border reaches across the clear (0) pixels of `walls`. */
function reachedFromBorder(walls: Uint8Array, w: number, h: number): Uint8Array {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const seed = (p: number) => {
    if (walls[p] === 0 && outside[p] === 0) {
      outside[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (stack.length > 0) {
    const p = stack.pop() ?? 0;
    const x = p % w;
    if (x > 0) seed(p - 1);
    if (x < w - 1) seed(p + 1);
    if (p >= w) seed(p - w);
    if (p < w * (h - 1)) seed(p + w);
  }
  return outside;
}

/** Fills the holes of a component: everything not reachable from the border outside it. */
function fillHoles(component: Uint8Array, w: number, h: number): void {
  const outside = reachedFromBorder(component, w, h);
  for (let i = 0; i < component.length; i++) if (outside[i] === 0) component[i] = 1;
}

/** A line a·x + b·y = c with (a, b) a unit normal. */
type Line = { a: number; b: number; c: number };

/** Total-least-squares line through points. */
function fitLine(points: readonly Point[]): Line | null {
  if (points.length < 2) return null;
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= points.length;
  my /= points.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of points) {
    const dx = p.x - mx;
    const dy = p.y - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  // Direction of largest spread; the normal is perpendicular to it.
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const a = -Math.sin(theta);
  const b = Math.cos(theta);
  return { a, b, c: a * mx + b * my };
}

function intersect(l1: Line, l2: Line): Point | null {
  const det = l1.a * l2.b - l2.a * l1.b;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (l1.c * l2.b - l2.c * l1.b) / det, y: (l1.a * l2.c - l2.a * l1.c) / det };
}

function polygonArea(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const p = q[i] as Point;
    const n = q[(i + 1) % 4] as Point;
    s += p.x * n.y - n.x * p.y;
  }
  return s / 2;
}

function isConvex(q: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i] as Point;
    const b = q[(i + 1) % 4] as Point;
    const c = q[(i + 2) % 4] as Point;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) return false;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Distance from p to segment ab. */
function segmentDistance(p: Point, a: Point, b: Point): { d: number; t: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy || 1;
  const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
  const tc = Math.min(1, Math.max(0, t));
  return { d: Math.hypot(p.x - (a.x + tc * dx), p.y - (a.y + tc * dy)), t };
}

/**
 * Orders four corners clockwise on screen starting at the top-left: the corner nearest the
 * top-left of the corners' own bounding box is first.
 */
export function orderCorners(points: readonly Point[]): Quad {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  const sorted = [...points].sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
  // atan2 order with y down is clockwise on screen; start at the smallest x + y.
  let first = 0;
  for (let i = 1; i < sorted.length; i++) {
    const p = sorted[i] as Point;
    const f = sorted[first] as Point;
    if (p.x + p.y < f.x + f.y) first = i;
  }
  return [0, 1, 2, 3].map((k) => sorted[(first + k) % 4] as Point) as unknown as Quad;
}

/** The photo's colours at the analysis size (w × h), box-sampled: three bytes a pixel. */
function analysisRgb(image: Rgba, w: number, h: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h * 3);
  const sx = image.width / w;
  const sy = image.height / h;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let k = 0; k < 4; k++) {
        const xx = Math.min(image.width - 1, Math.floor((x + (k % 2) * 0.5 + 0.25) * sx));
        const yy = Math.min(image.height - 1, Math.floor((y + Math.floor(k / 2) * 0.5 + 0.25) * sy));
        const i = (yy * image.width + xx) * 4;
        r += image.data[i] ?? 0;
        g += image.data[i + 1] ?? 0;
        b += image.data[i + 2] ?? 0;
        n++;
      }
      out[(y * w + x) * 3] = r / n;
      out[(y * w + x) * 3 + 1] = g / n;
      out[(y * w + x) * 3 + 2] = b / n;
    }
  }
  return out;
}

/** Each channel averaged over a (2r + 1)² square (edges clamped), in two passes of running sums. */
function boxBlur(rgb: Uint8ClampedArray, w: number, h: number, r: number): Uint8ClampedArray {
  const size = 2 * r + 1;
  // One pass along lines of `count` pixels `step` apart, lines starting `lineStep` apart.
  const pass = (src: Uint8ClampedArray, lines: number, count: number, lineStep: number, step: number) => {
    const out = new Uint8ClampedArray(src.length);
    for (let line = 0; line < lines; line++) {
      for (let c = 0; c < 3; c++) {
        const at = (k: number) => src[(line * lineStep + Math.min(count - 1, Math.max(0, k)) * step) * 3 + c] as number;
        let sum = 0;
        for (let k = -r; k <= r; k++) sum += at(k);
        for (let k = 0; k < count; k++) {
          out[(line * lineStep + k * step) * 3 + c] = sum / size;
          sum += at(k + r + 1) - at(k - r);
        }
      }
    }
    return out;
  };
  return pass(pass(rgb, h, w, w, 1), w, h, 1, w);
}

/**
 * The table's colour across the picture, fitted to the pixels of `where` (the photo's border): a
 * plane a + b·u + c·v per channel (u, v in [-1, 1] across and down), so the light falling off
 * from one side of the table to the other is the table's, not something on it. A quadratic would
 * also take a vignette's bright middle, where the card lies, for the table's.
 */
function tableColour(
  rgb: Uint8ClampedArray,
  w: number,
  h: number,
  where: (x: number, y: number) => boolean,
): (x: number, y: number, c: number) => number {
  const across = (x: number) => (2 * x) / Math.max(1, w - 1) - 1;
  const down = (y: number) => (2 * y) / Math.max(1, h - 1) - 1;
  const normal = [0, 1, 2].map(() => [0, 0, 0]);
  const rhs = [0, 1, 2].map(() => [0, 0, 0]);
  const t = [1, 0, 0];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!where(x, y)) continue;
      t[1] = across(x);
      t[2] = down(y);
      for (let i = 0; i < 3; i++) {
        const row = normal[i] as number[];
        for (let j = 0; j < 3; j++) row[j] = (row[j] ?? 0) + (t[i] ?? 0) * (t[j] ?? 0);
        for (let c = 0; c < 3; c++) {
          const r = rhs[c] as number[];
          r[i] = (r[i] ?? 0) + (t[i] ?? 0) * (rgb[(y * w + x) * 3 + c] ?? 0);
        }
      }
    }
  }
  const planes = Float64Array.from(rhs.flatMap((r) => solve(normal, r) ?? [0, 0, 0]));
  return (x, y, c) =>
    (planes[3 * c] as number) + (planes[3 * c + 1] as number) * across(x) + (planes[3 * c + 2] as number) * down(y);
}

/** Radius of the blur the colours get before they are compared with the table's: grain and sensor noise would outweigh a faint card. */
const UNLIKE_BLUR = 2;

/**
 * Pixels unlike the table: the table's colour is fitted to a ring along the photo's border
 * (tableColour, a plane, as the light varies across a table), with its spread around the fit
 * per channel (so a grained table's own variation does not count), on colours blurred a little.
 * A pixel is unlike the table when its spread-scaled distance from the fit is above the Otsu
 * threshold of all of them: a light card on a light table in dim, uneven light stands out so.
 */
function unlikeBorder(sharp: Uint8ClampedArray, w: number, h: number): Uint8Array {
  const rgb = boxBlur(sharp, w, h, UNLIKE_BLUR);
  const ring = Math.max(1, Math.round(Math.min(w, h) * 0.04));
  const inRing = (x: number, y: number) => x < ring || y < ring || x >= w - ring || y >= h - ring;
  const table = tableColour(rgb, w, h, inRing);
  const sq = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inRing(x, y)) continue;
      for (let c = 0; c < 3; c++) sq[c] = (sq[c] ?? 0) + ((rgb[(y * w + x) * 3 + c] ?? 0) - table(x, y, c)) ** 2;
      n++;
    }
  }
  const spread = sq.map((q) => Math.sqrt(q / Math.max(1, n)) + 6);
  const distance = new Float32Array(w * h);
  let max = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let d = 0;
      for (let c = 0; c < 3; c++) d += (((rgb[i * 3 + c] ?? 0) - table(x, y, c)) / (spread[c] ?? 1)) ** 2;
      const root = Math.sqrt(d);
      distance[i] = root;
      if (root > max) max = root;
    }
  }
  const scaled = new Uint8ClampedArray(w * h);
  for (let i = 0; i < w * h; i++) scaled[i] = max > 0 ? ((distance[i] ?? 0) * 255) / max : 0;
  const t = otsu({ data: scaled, width: w, height: h });
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) mask[i] = (scaled[i] ?? 0) > t ? 1 : 0;
  return mask;
}

/**
 * Pixels enclosed by strong edges: what the table, flooded from the photo's border across every
 * pixel that is no edge, cannot reach. A card of nearly the table's own colour (white on a white
 * desk, black on dark wood) still has an outline, the step in shade or the thin shadow along its
 * sides, even where neither brightness nor colour sets it apart. Thin lines left over (wood
 * grain, the table's own marks) are opened away, so the card's solid inside is what remains.
 */
function insideEdges(rgb: Uint8ClampedArray, w: number, h: number): Uint8Array {
  // Colour gradient: the largest Sobel magnitude of the three channels.
  const magnitude = new Float32Array(w * h);
  let max = 0;
  const row = 3 * w;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let strongest = 0;
      for (let c = 0; c < 3; c++) {
        // The 3 × 3 neighbourhood's channel c: a b d above, e · f beside, g k l below.
        const m = (y * w + x) * 3 + c;
        const a = rgb[m - row - 3] as number;
        const b = rgb[m - row] as number;
        const d = rgb[m - row + 3] as number;
        const e = rgb[m - 3] as number;
        const f = rgb[m + 3] as number;
        const g = rgb[m + row - 3] as number;
        const k = rgb[m + row] as number;
        const l = rgb[m + row + 3] as number;
        const gx = d + 2 * f + l - a - 2 * e - g;
        const gy = g + 2 * k + l - a - 2 * b - d;
        strongest = Math.max(strongest, Math.abs(gx) + Math.abs(gy));
      }
      magnitude[y * w + x] = strongest;
      if (strongest > max) max = strongest;
    }
  }
  if (max === 0) return new Uint8Array(w * h);
  // An edge stands well above the photo's typical gradient (grain and sensor noise: most of a
  // photo is flat), however much stronger the print is: the card's outline may be faint.
  const sorted = Float32Array.from(magnitude).sort();
  const typical = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const t = Math.max(EDGE_OVER_TYPICAL * typical, EDGE_FLOOR);
  // An edge pixel, grown by one so that a faint outline broken here and there still closes.
  const edge = dilate(
    Uint8Array.from(magnitude, (v) => (v > t ? 1 : 0)),
    w,
    h,
    1,
  );
  const outside = reachedFromBorder(edge, w, h);
  const inside = outside.map((v) => 1 - v);
  // Opening: lines up to four pixels wide go, the card's inside stays; then out to the middle of
  // its outline (half the band the grown edge pixels make).
  return dilate(erode(inside, w, h, 3), w, h, 1);
}

/** A binary mask grown by `r` pixels (a square neighbourhood). */
function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return morph(mask, w, h, r, 1);
}

/** A binary mask shrunk by `r` pixels (a square neighbourhood). */
function erode(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return morph(mask, w, h, r, 0);
}

/** Dilation (hit 1: any neighbour set) or erosion (hit 0: any neighbour clear), separably. */
function morph(mask: Uint8Array, w: number, h: number, r: number, hit: 0 | 1): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = 1 - hit;
      for (let dx = -r; dx <= r && v !== hit; dx++) {
        const xx = Math.min(w - 1, Math.max(0, x + dx));
        if (mask[y * w + xx] === hit) v = hit;
      }
      rows[y * w + x] = v;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = 1 - hit;
      for (let dy = -r; dy <= r && v !== hit; dy++) {
        const yy = Math.min(h - 1, Math.max(0, y + dy));
        if (rows[yy * w + x] === hit) v = hit;
      }
      out[y * w + x] = v;
    }
  }
  return out;
}

/**
 * The card's four corners in source pixels (top-left, top-right, bottom-right, bottom-left),
 * or null when no card-like region stands out (the caller then uses the whole picture).
 */
export function findCard(image: Rgba): Quad | null {
  if (image.width < 8 || image.height < 8) return null;
  const { gray, scale } = analysisGray(image);
  const { width: w, height: h, data } = gray;
  const t = otsu(gray);
  // A flat picture (nothing stands out) has no card.
  let lo = 255;
  let hi = 0;
  for (const v of data) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (hi - lo < 40) return null;
  // A light card on a darker table, or a dark card on a lighter one: the side of the threshold
  // whose largest region is the more card-shaped (filling its quadrilateral best) is the card.
  // A card of about the table's brightness but another colour (teal on brown wood) stands out
  // from the colours seen along the photo's border, where the table is.
  const masks: Uint8Array[] = [true, false].map((light) => {
    const mask = new Uint8Array(w * h);
    for (let i = 0; i < mask.length; i++) mask[i] = (data[i] ?? 0) > t === light ? 1 : 0;
    return mask;
  });
  const rgb = analysisRgb(image, w, h);
  masks.push(unlikeBorder(rgb, w, h));
  const regions = masks.map((mask) => cardInMask(mask, w, h)).filter((f) => f !== null);
  // And the card's outline: where no region is clearly card-shaped (none fills its
  // quadrilateral, or the best is a strip of the card, the white under a coloured band), or
  // where the clean rectangle is only a part of the card inside its outline (the light half of
  // a two-coloured card, the part out of a shadow falling across it).
  const clear = bestOf(regions);
  const outline = cardInMask(insideEdges(rgb, w, h), w, h);
  let best =
    !clear || clear.fill < CLEAR_FILL || !cardProportioned(clear.quad)
      ? bestOf(outline ? [...regions, outline] : regions)
      : outline && (around(outline, clear) || clearlyBetterFilled(outline, clear))
        ? outline
        : clear;
  if (best && !cardProportioned(best.quad)) best = acrossBand(masks, best, w, h) ?? best;
  // Analysis pixel (x, y) covers source pixels from x·scale to (x + 1)·scale.
  return best ? (best.quad.map((p) => ({ x: (p.x + 0.5) * scale, y: (p.y + 0.5) * scale })) as unknown as Quad) : null;
}

/** The widest band across a card that joining its two parts bridges, as a share of the analysis copy's long side. */
const BAND = 0.06;

/**
 * A card a band runs across, as one region: the best region found is only a strip of it (the
 * paper under the band, too long for its height). Each mask, closed over the band, may hold a
 * region proportioned like a card that takes in that strip; the best-filled is the card. Null
 * when none does.
 */
function acrossBand(masks: readonly Uint8Array[], strip: Found, w: number, h: number): Found | null {
  const r = Math.max(1, Math.round(BAND * Math.max(w, h)));
  let joined: Found | null = null;
  for (const mask of masks) {
    const found = cardInMask(closing(mask, w, h, r), w, h);
    if (!found || found.fill < PROPORTIONED_FILL || !cardProportioned(found.quad)) continue;
    if (!strip.quad.every((p) => holds(found.quad, p, r))) continue;
    if (!joined || found.fill > joined.fill) joined = found;
  }
  return joined;
}

/** A mask closed over gaps up to 2r wide (dilated, then eroded), on a margin so that nothing grown to the picture's edge stays there. */
function closing(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const pw = w + 2 * r;
  const ph = h + 2 * r;
  const padded = new Uint8Array(pw * ph);
  for (let y = 0; y < h; y++) padded.set(mask.subarray(y * w, (y + 1) * w), (y + r) * pw + r);
  const closed = erode(dilate(padded, pw, ph, r), pw, ph, r);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) out.set(closed.subarray((y + r) * pw + r, (y + r) * pw + r + w), y * w);
  return out;
}

/** Sides of a card photographed at an angle: long over short, from a square-ish card to a long one seen aslant. */
const CARD_PROPORTION = { min: 1.2, max: 2.5 };
/** A card-proportioned region is taken over a better-filled strip when it fills its quadrilateral this well. */
const PROPORTIONED_FILL = 0.8;

function cardProportioned(quad: Quad): boolean {
  const [a, b, c, d] = quad;
  const across = (Math.hypot(b.x - a.x, b.y - a.y) + Math.hypot(c.x - d.x, c.y - d.y)) / 2;
  const down = (Math.hypot(d.x - a.x, d.y - a.y) + Math.hypot(c.x - b.x, c.y - b.y)) / 2;
  const ratio = Math.max(across, down) / Math.max(1e-6, Math.min(across, down));
  return ratio >= CARD_PROPORTION.min && ratio <= CARD_PROPORTION.max;
}

/**
 * The likeliest card among regions: the best-filled of those proportioned like a card (filling
 * their quadrilateral well enough), else the best-filled of all. A card printed with a band of
 * colour across it splits into strips at a brightness threshold, each a clean rectangle but far
 * too long for its height; the region of colours unlike the table, or the outline, is the card.
 */
type Found = { quad: Quad; fill: number };

function bestOf(found: readonly Found[]): Found | null {
  const byFill = (a: Found | null, b: Found) => (!a || b.fill > a.fill ? b : a);
  const proportioned = found.filter((f) => f.fill >= PROPORTIONED_FILL && cardProportioned(f.quad));
  return proportioned.reduce(byFill, null) ?? found.reduce(byFill, null);
}

/** How much better an outline fills its quadrilateral than a region to be the card instead (a region that took in a shadow or glare beside the card). */
const FILL_MARGIN = 0.05;

function clearlyBetterFilled(outline: Found, region: Found): boolean {
  return cardProportioned(outline.quad) && outline.fill >= region.fill + FILL_MARGIN;
}

/**
 * Whether `outer`, as clean a quadrilateral as `inner` and clearly larger, holds it: `inner` is
 * a part of the card (a panel, a band, the part out of a shadow), `outer` the card.
 */
function around(outer: Found, inner: Found): boolean {
  return (
    cardProportioned(outer.quad) &&
    outer.fill >= CLEAR_FILL &&
    outer.fill >= inner.fill - FILL_TIE &&
    Math.abs(polygonArea(outer.quad)) >= LARGER * Math.abs(polygonArea(inner.quad)) &&
    inner.quad.every((p) => holds(outer.quad, p, INSIDE_SLACK))
  );
}

/** How much less well a region around the best-filled one may fill its quadrilateral and still be the card. */
const FILL_TIE = 0.02;
/** How much larger a region around the best-filled one is to be the card, not the same outline drawn a little wider. */
const LARGER = 1.15;
/** Analysis pixels a corner may stand outside a quadrilateral and still be in it. */
const INSIDE_SLACK = 2;

/** Whether `p` lies inside the convex quadrilateral `q`, or within `slack` of it. */
function holds(q: Quad, p: Point, slack: number): boolean {
  const sign = Math.sign(polygonArea(q));
  return q.every((a, k) => {
    const b = q[(k + 1) % 4] as Point;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    return (sign * cross) / Math.max(1e-6, Math.hypot(b.x - a.x, b.y - a.y)) >= -slack;
  });
}

/**
 * The card-shaped quadrilateral of the largest region of `mask` (analysis pixels), with how much
 * of it the region fills (1 for a perfect card), or null when that region is no card.
 */
function cardInMask(mask: Uint8Array, w: number, h: number): { quad: Quad; fill: number } | null {
  const component = largestComponent(mask, w, h);
  if (!component) return null;
  fillHoles(component, w, h);
  const { boundary, n, sumX, sumY, touches } = outlineOf(component, w, h);
  const areaShare = n / (w * h);
  if (areaShare < 0.08 || areaShare > 0.97) return null;
  // A region that runs along the picture's edges is background, not a card in the picture.
  if (touches > 0.25 * boundary.length) return null;
  const centre = { x: sumX / n, y: sumY / n };
  let quad = orderCorners(extremeCorners(boundary, centre, principalAngle(boundary, centre)));
  if (!isConvex(quad) || Math.abs(polygonArea(quad)) < 0.5 * n) return null;
  const candidate = refinedCorners(quad, boundary, centre);
  if (!candidate) return null;
  const moved = Math.max(
    ...candidate.map((p, k) => Math.hypot(p.x - (quad[k] as Point).x, p.y - (quad[k] as Point).y)),
  );
  if (isConvex(candidate) && moved < 0.1 * Math.max(w, h)) quad = candidate;
  // A quadrilateral smaller than the region missed part of it, a larger one holds other things.
  const area = Math.abs(polygonArea(quad));
  return { quad, fill: Math.min(n, area) / Math.max(n, area) };
}

/**
 * A region's boundary pixels, its pixel count and the sums of its pixels' coordinates, and how
 * many of the boundary pixels lie on the picture's edge.
 */
function outlineOf(
  component: Uint8Array,
  w: number,
  h: number,
): { boundary: Point[]; n: number; sumX: number; sumY: number; touches: number } {
  const boundary: Point[] = [];
  let n = 0;
  let sumX = 0;
  let sumY = 0;
  let touches = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (component[p] !== 1) continue;
      n++;
      sumX += x;
      sumY += y;
      const edge =
        x === 0 || y === 0 || x === w - 1 || y === h - 1 || !component[p - 1] || !component[p + 1] || !component[p - w];
      if (edge || !component[p + w]) {
        boundary.push({ x, y });
        if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touches++;
      }
    }
  }
  return { boundary, n, sumX, sumY, touches };
}

/** The angle of the principal axis of the boundary pixels around `centre`. */
function principalAngle(boundary: readonly Point[], centre: Point): number {
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of boundary) {
    sxx += (p.x - centre.x) ** 2;
    syy += (p.y - centre.y) ** 2;
    sxy += (p.x - centre.x) * (p.y - centre.y);
  }
  return 0.5 * Math.atan2(2 * sxy, sxx - syy);
}

/** Extreme points along the diagonals of the principal frame (turned by `theta`): the corners of a rectangle. */
function extremeCorners(boundary: readonly Point[], centre: Point, theta: number): Point[] {
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const best = [-Infinity, -Infinity, -Infinity, -Infinity];
  const corners: Point[] = [
    { x: 0, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: 0 },
  ];
  for (const p of boundary) {
    const u = (p.x - centre.x) * cos + (p.y - centre.y) * sin;
    const v = -(p.x - centre.x) * sin + (p.y - centre.y) * cos;
    const scores = [u + v, u - v, -u + v, -u - v];
    for (let k = 0; k < 4; k++) {
      if ((scores[k] ?? 0) > (best[k] ?? 0)) {
        best[k] = scores[k] ?? 0;
        corners[k] = p;
      }
    }
  }
  return corners;
}

/**
 * The corners refined: a line fitted to the boundary pixels of each side (away from the
 * corners), the lines intersected; null when a side has no line or two sides do not meet.
 */
function refinedCorners(quad: Quad, boundary: readonly Point[], centre: Point): Quad | null {
  const lines: Line[] = [];
  for (let k = 0; k < 4; k++) {
    const a = quad[k] as Point;
    const b = quad[(k + 1) % 4] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const near = Math.max(2, len * 0.03);
    const pts = boundary.filter((p) => {
      const { d, t: along } = segmentDistance(p, a, b);
      return d <= near && along > 0.1 && along < 0.9;
    });
    const line = fitLine(pts);
    if (!line) return null;
    // Boundary pixels are the card's outermost pixel centres; its edge lies half a pixel further out.
    const outward = line.a * (centre.x - (a.x + b.x) / 2) + line.b * (centre.y - (a.y + b.y) / 2) < 0 ? 1 : -1;
    lines.push({ a: line.a, b: line.b, c: line.c + 0.5 * outward });
  }
  const refined: Point[] = [];
  for (let k = 0; k < 4; k++) {
    const p = intersect(lines[(k + 3) % 4] as Line, lines[k] as Line);
    if (!p) return null;
    refined.push(p);
  }
  return refined as unknown as Quad;
}
