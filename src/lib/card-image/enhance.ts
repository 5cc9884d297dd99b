/**
 * Evening out a photo's light before recognition: the paper's brightness is estimated per tile
 * (the tile's brightest pixels are paper, not ink), interpolated smoothly, and each pixel divided
 * by it, so a shadow across the card does not turn into black blobs at tesseract's global
 * threshold. Then the ink is stretched to full contrast. A card printed light on dark paper
 * (white on navy) is turned over first, so it reads as ink on paper like any other: divided as
 * it is, dark paper would come out white where a tile holds no print and dark where it does.
 */
import { closing, opening } from './morphology';
import { shrunk } from './shrink';
import type { Gray } from './types';

const TILE = 32;
/** The share of a tile's brightest pixels above its paper tone (noise specks, glare). */
const PAPER_TOP = 0.03;
/** The paper's tone under the print is taken over a window of the card's long side / this (wider than any stroke). */
const PAPER_WINDOW = 70;
/** A shadow takes at most half the light (darker under the print's tone is print: a black band, a logo). */
const SHADOW_DEPTH = 0.5;
/** Light print's strokes are narrower than the card's long side / this. */
const STROKE_WINDOW = 140;
/** A tile whose print is this much lighter than its ground holds light print. */
const LIGHT_PRINT = 40;

/**
 * Whether the print is lighter than the paper: the paper is most of the card, so its tone is
 * the middle one, and the print lies further from it on the light side than on the dark side.
 */
/** The tones a histogram of `n` pixels has at 2 %, 50 % and 98 %. */
function tones(hist: Uint32Array, n: number): { dark: number; middle: number; light: number } {
  const at = (share: number) => {
    let count = 0;
    for (let v = 0; v < 256; v++) {
      count += hist[v] ?? 0;
      if (count >= share * n) return v;
    }
    return 255;
  };
  return { dark: at(0.02), middle: at(0.5), light: at(0.98) };
}

/**
 * Whether the print is lighter than the paper: the paper is most of the card, so its tone is
 * the middle one, and the print lies further from it on the light side than on the dark side.
 */
function printIsLight({ dark, middle, light }: { dark: number; middle: number; light: number }): boolean {
  return light - middle > 1.5 * (middle - dark);
}

export function isLightOnDark(gray: Gray): boolean {
  const hist = new Uint32Array(256);
  for (const v of gray.data) hist[v] = (hist[v] as number) + 1;
  const t = tones(hist, gray.data.length);
  return printIsLight(t) && t.middle < 160;
}

function inverted(gray: Gray): Gray {
  const data = new Uint8ClampedArray(gray.data.length);
  for (let i = 0; i < data.length; i++) data[i] = 255 - (gray.data[i] ?? 0);
  return { data, width: gray.width, height: gray.height };
}

/** Each tile's largest value over the 3 × 3 tiles around it (itself included). */
function maxAround(values: Uint8Array, tw: number, th: number): Uint8Array {
  const out = new Uint8Array(tw * th);
  for (let ty = 0; ty < th; ty++) {
    for (let tx = 0; tx < tw; tx++) {
      let max = 0;
      for (let y = Math.max(0, ty - 1); y <= Math.min(th - 1, ty + 1); y++) {
        for (let x = Math.max(0, tx - 1); x <= Math.min(tw - 1, tx + 1); x++)
          max = Math.max(max, values[y * tw + x] as number);
      }
      out[ty * tw + tx] = max;
    }
  }
  return out;
}

/**
 * The card at half size each way, for tones that change slowly (a quarter of the work), with
 * where each column and row of the card is in it (the copy drops an odd last one).
 */
type Half = { gray: Gray; x: Int32Array; row: (y: number) => number };

/** Per tile: the paper's brightness, the lightest tone of light print (0 where there is none), and the lightest of `wideLight` in it. */
type Tiles = { tw: number; th: number; bg: Float32Array; lightPrint: Uint8Array; wideTile: Uint8Array };

export function normalizeLight(photo: Gray): Gray {
  const gray = isLightOnDark(photo) ? inverted(photo) : photo;
  const { width, height } = gray;
  const tw = Math.max(1, Math.ceil(width / TILE));
  const th = Math.max(1, Math.ceil(height / TILE));
  const half = halfOf(gray);
  // What is light over more than a stroke's width: a lit part of the card, not light print.
  const wideLight = opening(half.gray, Math.round(Math.max(width, height) / STROKE_WINDOW / 2)).data;
  const tiles = tileTones(gray, half, wideLight, tw, th);
  withoutShadowEdges(tiles);
  const smooth = smoothed(tiles.bg, tw, th);
  // Tiles blur a shadow's sharp edge over a tile or two, which would leave a dark band along it
  // (tesseract then cuts every line across it in two): where the paper's tone under the print is
  // darker than the tiles say, it is the paper's.
  // Not near light print on a darker ground (a band no panel was found in): there the closing
  // would take the print's tone for the paper's.
  const paperTone = closing(half.gray, Math.round(Math.max(width, height) / PAPER_WINDOW / 2)).data;
  const nearLightPrint = maxAround(tiles.lightPrint, tw, th);
  const { out, hist } = dividedByPaper(gray, half, smooth, paperTone, nearLightPrint, tw, th);
  stretchInk(out, hist, 0.01 * width * height);
  return { data: out, width, height };
}

function halfOf(gray: Gray): Half {
  const { width } = gray;
  const half = shrunk(gray, 2);
  const halfX = Int32Array.from({ length: width }, (_, x) => Math.min(half.width - 1, x >> 1));
  const halfRow = (y: number) => Math.min(half.height - 1, y >> 1) * half.width;
  return { gray: half, x: halfX, row: halfRow };
}

/** Each tile's paper brightness, light print and wide light (Tiles). */
function tileTones(gray: Gray, half: Half, wideLight: Uint8ClampedArray, tw: number, th: number): Tiles {
  const { data, width, height } = gray;
  const bg = new Float32Array(tw * th);
  const lightPrint = new Uint8Array(tw * th);
  const wideTile = new Uint8Array(tw * th);
  const tileHist = new Uint32Array(256);
  for (let ty = 0; ty < th; ty++) {
    for (let tx = 0; tx < tw; tx++) {
      tileHist.fill(0);
      let wide = 0;
      const y1 = Math.min(height, (ty + 1) * TILE);
      const x1 = Math.min(width, (tx + 1) * TILE);
      for (let y = ty * TILE; y < y1; y++) {
        for (let i = y * width + tx * TILE, end = y * width + x1; i < end; i++) {
          const v = data[i] as number;
          tileHist[v] = (tileHist[v] as number) + 1;
        }
        if (y % 2 === 0) {
          const at = half.row(y);
          for (let x = tx * TILE; x < x1; x += 2)
            wide = Math.max(wide, wideLight[at + (half.x[x] as number)] as number);
        }
      }
      const n = (y1 - ty * TILE) * (x1 - tx * TILE);
      bg[ty * tw + tx] = paperOf(tileHist, n);
      const t = tones(tileHist, n);
      lightPrint[ty * tw + tx] = printIsLight(t) && t.light - t.middle > LIGHT_PRINT ? t.light : 0;
      wideTile[ty * tw + tx] = wide;
    }
  }
  return { tw, th, bg, lightPrint, wideTile };
}

/**
 * The paper's brightness in a tile of `n` pixels: near the top of its tones but under the sensor
 * noise's brightest specks (a photo in low light is grainy, and its brightest pixel is no paper).
 */
function paperOf(tileHist: Uint32Array, n: number): number {
  let count = 0;
  for (let v = 255; v >= 0; v--) {
    count += tileHist[v] ?? 0;
    if (count >= PAPER_TOP * n) return v;
  }
  return 255;
}

/** Light print is thin: a tile whose light goes on wide around it holds a shadow's edge instead. */
function withoutShadowEdges({ tw, th, lightPrint, wideTile }: Tiles): void {
  const wideAround = maxAround(wideTile, tw, th);
  for (let i = 0; i < lightPrint.length; i++) {
    if ((lightPrint[i] as number) - (wideAround[i] as number) < LIGHT_PRINT) lightPrint[i] = 0;
  }
}

/** The tile estimates smoothed (3×3 mean), so one dark tile (a logo) does not stand out. */
function smoothed(bg: Float32Array, tw: number, th: number): Float32Array {
  const smooth = new Float32Array(tw * th);
  for (let ty = 0; ty < th; ty++) {
    for (let tx = 0; tx < tw; tx++) {
      let s = 0;
      let n = 0;
      let max = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = tx + dx;
          const y = ty + dy;
          if (x < 0 || y < 0 || x >= tw || y >= th) continue;
          const v = bg[y * tw + x] ?? 0;
          s += v;
          n++;
          if (v > max) max = v;
        }
      }
      // Lean towards the brighter neighbours: paper is the bright part.
      smooth[ty * tw + tx] = 0.5 * (s / n) + 0.5 * max;
    }
  }
  return smooth;
}

/** Per column of the card, the two tiles' columns it lies between and the weight of the second. */
function columnWeights(width: number, tw: number): { col0: Int32Array; col1: Int32Array; colW: Float32Array } {
  const col0 = new Int32Array(width);
  const col1 = new Int32Array(width);
  const colW = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(tw - 1, Math.max(0, (x + 0.5) / TILE - 0.5));
    col0[x] = Math.floor(fx);
    col1[x] = Math.min(tw - 1, Math.floor(fx) + 1);
    colW[x] = fx - Math.floor(fx);
  }
  return { col0, col1, colW };
}

/**
 * Each pixel divided by the paper's brightness there, interpolated bilinearly between the
 * tiles' centres (per column once, then per row along the tiles), with the result's histogram.
 */
function dividedByPaper(
  gray: Gray,
  half: Half,
  smooth: Float32Array,
  paperTone: Uint8ClampedArray,
  nearLightPrint: Uint8Array,
  tw: number,
  th: number,
): { out: Uint8ClampedArray; hist: Uint32Array } {
  const { data, width, height } = gray;
  const { col0, col1, colW } = columnWeights(width, tw);
  const row = new Float32Array(tw);
  const out = new Uint8ClampedArray(width * height);
  const hist = new Uint32Array(256);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(th - 1, Math.max(0, (y + 0.5) / TILE - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(th - 1, y0 + 1);
    const wy = fy - y0;
    for (let tx = 0; tx < tw; tx++) {
      row[tx] = (smooth[y0 * tw + tx] as number) * (1 - wy) + (smooth[y1 * tw + tx] as number) * wy;
    }
    const atHalf = half.row(y);
    const tileRow = ((y / TILE) | 0) * tw;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const wx = colW[x] as number;
      let b = (row[col0[x] as number] as number) * (1 - wx) + (row[col1[x] as number] as number) * wx;
      if (nearLightPrint[tileRow + ((x / TILE) | 0)] === 0) {
        const paper = paperTone[atHalf + (half.x[x] as number)] as number;
        if (paper < b) b = Math.max(paper, SHADOW_DEPTH * b);
      }
      const v = (((data[i] as number) * 255) / Math.max(b, 16) + 0.5) | 0;
      const clamped = Math.min(v, 255);
      out[i] = clamped;
      hist[clamped] = (hist[clamped] as number) + 1;
    }
  }
  return { out, hist };
}

/** Stretch, in place: the darkest `target` pixels (1 %) become black, paper stays white. */
function stretchInk(out: Uint8ClampedArray, hist: Uint32Array, target: number): void {
  let count = 0;
  let low = 0;
  for (let v = 0; v < 256; v++) {
    count += hist[v] ?? 0;
    if (count >= target) {
      low = v;
      break;
    }
  }
  if (low > 0 && low < 200) {
    const f = 255 / (255 - low);
    const stretched = new Uint8Array(256);
    for (let v = 0; v < 256; v++) stretched[v] = Math.max(0, Math.min(255, Math.round((v - low) * f)));
    for (let i = 0; i < out.length; i++) out[i] = stretched[out[i] as number] as number;
  }
}

/** How grainy a picture is: the median difference between horizontal neighbours, in grey levels. */
export function graininess(gray: Gray): number {
  const hist = new Uint32Array(256);
  let n = 0;
  const step = Math.max(1, Math.floor(gray.height / 200));
  for (let y = 0; y < gray.height; y += step) {
    for (let x = 1; x < gray.width; x++) {
      const i = y * gray.width + x;
      const d = Math.abs((gray.data[i] ?? 0) - (gray.data[i - 1] ?? 0));
      hist[d] = (hist[d] ?? 0) + 1;
      n++;
    }
  }
  let count = 0;
  for (let v = 0; v < 256; v++) {
    count += hist[v] ?? 0;
    if (count >= n / 2) return v;
  }
  return 0;
}

/** A 3×3 mean, separable (two passes of three). */
function boxBlur(gray: Gray): Gray {
  const { width, height, data } = gray;
  const tmp = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const l = data[x > 0 ? i - 1 : i] ?? 0;
      const r = data[x < width - 1 ? i + 1 : i] ?? 0;
      tmp[i] = (l + (data[i] ?? 0) + r) / 3;
    }
  }
  const out = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const u = tmp[y > 0 ? i - width : i] ?? 0;
      const d = tmp[y < height - 1 ? i + width : i] ?? 0;
      out[i] = (u + (tmp[i] ?? 0) + d) / 3;
    }
  }
  return { data: out, width, height };
}

/** Grain under this (median neighbour difference, grey levels) is left alone. */
const GRAINY = 5;

/**
 * Smooths out the sensor grain of a photo taken in low light, which tesseract's binarization
 * would otherwise turn into specks all over the card (it then finds no text at all); a clean
 * photo is left as it is.
 */
export function reduceGrain(gray: Gray): Gray {
  const grain = graininess(gray);
  if (grain < GRAINY) return gray;
  const once = boxBlur(gray);
  return grain >= 2 * GRAINY ? boxBlur(once) : once;
}
