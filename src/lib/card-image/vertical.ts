import type { Box } from '../card-fields/types';
import { cropScaled } from './crop';
import type { Gray } from './types';

/**
 * Chinese printed in columns, top to bottom (a name and title down the right edge of a
 * traditional card). tesseract's page layout reads only horizontal lines and drops such columns
 * whole, and there is no vertical Simplified model to read them with. So the columns are found
 * here as tall, narrow runs of ink nobody read, cut into their character cells, and the cells laid
 * side by side into one horizontal line the ordinary models read.
 */
export type VerticalColumn = {
  /** The column on the card. */
  box: Box;
  /** Its character cells, top to bottom. */
  cells: Box[];
};

/** A pixel darker than this is ink (the prepared card is dark print on light paper). */
const INK = 128;
/** Ink is gathered in blocks of this many pixels a side. */
const BLOCK = 4;
/** Blocks this many apart vertically (and HORIZONTAL_REACH sideways) belong to one column: a gap of up to 28 px, a third of a large character. */
const VERTICAL_REACH = 8;
const HORIZONTAL_REACH = 2;
/** A column at least this many times as tall as it is wide, of at least MIN_CELLS characters. */
const TALL = 1.8;
const MIN_CELLS = 2;
/** A character narrower than this is no text worth reading (a rule, a border). */
const MIN_WIDTH = 16;
/** Nor is one wider than this share of the card's height (a picture). */
const MAX_WIDTH = 0.2;
/** A character cell is at most this many times its column's width tall. */
const CELL_MAX = 1.15;
/** Share of a column's area that is ink, for text (a solid bar is all ink, a frame almost none). */
const MIN_DENSITY = 0.06;
const MAX_DENSITY = 0.6;

/** The vertical text columns of a prepared card, outside the boxes already read, right to left. */
export function findVerticalColumns(gray: Gray, read: readonly Box[]): VerticalColumn[] {
  const ink = inkOutside(gray, read);
  const columns: VerticalColumn[] = [];
  for (const box of inkRegions(ink, gray.width, gray.height)) {
    const width = box.x1 - box.x0;
    const height = box.y1 - box.y0;
    if (width < MIN_WIDTH || width > MAX_WIDTH * gray.height || height < TALL * width) continue;
    const density = inkIn(ink, gray.width, box) / (width * height);
    if (density < MIN_DENSITY || density > MAX_DENSITY) continue;
    const cells = characterCells(ink, gray.width, box);
    const square = cells.filter((c) => c.y1 - c.y0 >= 0.45 * width).length;
    if (cells.length >= MIN_CELLS && square >= 0.7 * cells.length) columns.push({ box, cells });
  }
  return columns.sort((a, b) => b.box.x1 - a.box.x1);
}

/**
 * The column's characters side by side on one line, each scaled to `charHeight` pixels, with
 * paper around them: what a single-line reading takes.
 */
export function columnAsLine(gray: Gray, column: VerticalColumn, charHeight: number): Gray {
  const width = column.box.x1 - column.box.x0;
  const scale = charHeight / width;
  const pad = Math.round(charHeight * 0.3);
  const gap = Math.round(charHeight * 0.25);
  const crops = column.cells.map((cell) => cropScaled(gray, { ...cell, x0: column.box.x0, x1: column.box.x1 }, scale));
  const outWidth = crops.reduce((sum, c) => sum + c.width, 0) + gap * (crops.length - 1) + 2 * pad;
  const outHeight = Math.max(...crops.map((c) => c.height)) + 2 * pad;
  const data = new Uint8ClampedArray(outWidth * outHeight).fill(255);
  let x = pad;
  for (const crop of crops) {
    const top = Math.round((outHeight - crop.height) / 2);
    for (let y = 0; y < crop.height; y++) {
      data.set(crop.data.subarray(y * crop.width, (y + 1) * crop.width), (top + y) * outWidth + x);
    }
    x += crop.width + gap;
  }
  return { data, width: outWidth, height: outHeight };
}

/** 1 for each ink pixel not inside (or just around) a box already read. */
function inkOutside(gray: Gray, read: readonly Box[]): Uint8Array {
  const ink = new Uint8Array(gray.width * gray.height);
  for (let i = 0; i < ink.length; i++) ink[i] = (gray.data[i] ?? 255) < INK ? 1 : 0;
  for (const box of read) {
    const pad = Math.max(2, (box.y1 - box.y0) * 0.15);
    const x0 = Math.max(0, Math.floor(box.x0 - pad));
    const x1 = Math.min(gray.width, Math.ceil(box.x1 + pad));
    const y0 = Math.max(0, Math.floor(box.y0 - pad));
    const y1 = Math.min(gray.height, Math.ceil(box.y1 + pad));
    for (let y = y0; y < y1; y++) ink.fill(0, y * gray.width + x0, y * gray.width + x1);
  }
  return ink;
}

/** Bounding boxes of ink gathered into blocks and joined across small gaps (columns stay apart). */
function inkRegions(ink: Uint8Array, width: number, height: number): Box[] {
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const blocks = new Uint8Array(bw * bh);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      if (ink[y * width + x]) blocks[Math.floor(y / BLOCK) * bw + Math.floor(x / BLOCK)] = 1;
  }
  const label = new Int32Array(bw * bh).fill(-1);
  const regions: Box[] = [];
  const stack: number[] = [];
  for (let start = 0; start < blocks.length; start++) {
    if (!blocks[start] || label[start] !== -1) continue;
    const id = regions.length;
    const box = { x0: Number.POSITIVE_INFINITY, y0: Number.POSITIVE_INFINITY, x1: 0, y1: 0 };
    label[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop() ?? 0;
      const bx = at % bw;
      const by = (at - bx) / bw;
      box.x0 = Math.min(box.x0, bx);
      box.y0 = Math.min(box.y0, by);
      box.x1 = Math.max(box.x1, bx + 1);
      box.y1 = Math.max(box.y1, by + 1);
      for (let dy = -VERTICAL_REACH; dy <= VERTICAL_REACH; dy++) {
        const ny = by + dy;
        if (ny < 0 || ny >= bh) continue;
        for (let dx = -HORIZONTAL_REACH; dx <= HORIZONTAL_REACH; dx++) {
          const nx = bx + dx;
          if (nx < 0 || nx >= bw) continue;
          const next = ny * bw + nx;
          if (blocks[next] && label[next] === -1) {
            label[next] = id;
            stack.push(next);
          }
        }
      }
    }
    regions.push(box);
  }
  // Back to pixels, tight around the ink.
  return regions.map((r) => tighten(ink, width, height, r));
}

function tighten(ink: Uint8Array, width: number, height: number, r: Box): Box {
  const box = { x0: width, y0: height, x1: 0, y1: 0 };
  for (let y = r.y0 * BLOCK; y < Math.min(height, r.y1 * BLOCK); y++) {
    for (let x = r.x0 * BLOCK; x < Math.min(width, r.x1 * BLOCK); x++) {
      if (!ink[y * width + x]) continue;
      box.x0 = Math.min(box.x0, x);
      box.y0 = Math.min(box.y0, y);
      box.x1 = Math.max(box.x1, x + 1);
      box.y1 = Math.max(box.y1, y + 1);
    }
  }
  return box;
}

function inkIn(ink: Uint8Array, width: number, box: Box): number {
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) n += ink[y * width + x] ?? 0;
  return n;
}

/**
 * The column cut where whole rows hold no ink, pieces joined while they fit in one character's
 * height: 三 has gaps inside it, but no character is much taller than its column is wide.
 */
function characterCells(ink: Uint8Array, width: number, box: Box): Box[] {
  const runs: { y0: number; y1: number }[] = [];
  let from = -1;
  for (let y = box.y0; y <= box.y1; y++) {
    let any = false;
    for (let x = box.x0; x < box.x1 && y < box.y1; x++) {
      if (ink[y * width + x]) {
        any = true;
        break;
      }
    }
    if (any && from < 0) from = y;
    if (!any && from >= 0) {
      runs.push({ y0: from, y1: y });
      from = -1;
    }
  }
  const limit = CELL_MAX * (box.x1 - box.x0);
  const cells: Box[] = [];
  for (const run of runs) {
    const last = cells.at(-1);
    if (last && run.y1 - last.y0 <= limit) last.y1 = run.y1;
    else cells.push({ x0: box.x0, y0: run.y0, x1: box.x1, y1: run.y1 });
  }
  return cells;
}
