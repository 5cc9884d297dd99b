import type { Box } from '../card-fields/types';
import { cropScaled } from './crop';
import { inkIn, inkOutside, inkRegions } from './ink';
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

/** Blocks of ink this many apart vertically (and 2 sideways) belong to one column: a gap of up to 28 px, a third of a large character. */
const COLUMN_REACH = { x: 2, y: 8 };
/** A column at least this many times as tall as it is wide, of at least MIN_CELLS characters. */
const TALL = 1.8;
const MIN_CELLS = 2;
/** A character narrower than this is no text worth reading (a rule, a border). */
const MIN_WIDTH = 16;
/** Nor is one wider than this share of the card's height (a picture). */
const MAX_WIDTH = 0.2;
/** A character cell is at most this many times its column's width tall. */
const CELL_MAX = 1.15;
/** Share of a column's width in ink that a row may hold and still be the gap between two characters. */
const ROW_SPECKS = 0.05;
/** Share of a column's area that is ink, for text (a solid bar is all ink, a frame almost none). */
const MIN_DENSITY = 0.06;
const MAX_DENSITY = 0.6;

/** The vertical text columns of a prepared card, outside the boxes already read, right to left. */
export function findVerticalColumns(gray: Gray, read: readonly Box[]): VerticalColumn[] {
  const ink = inkOutside(gray, read);
  const columns: VerticalColumn[] = [];
  for (const box of inkRegions(ink, gray.width, gray.height, COLUMN_REACH)) {
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

/**
 * The column cut where whole rows hold no ink, pieces joined while they fit in one character's
 * height: 三 has gaps inside it, but no character is much taller than its column is wide.
 */
function characterCells(ink: Uint8Array, width: number, box: Box): Box[] {
  const runs: { y0: number; y1: number }[] = [];
  let from = -1;
  // A row with a speck or two of ink (the paper's grain) is empty between characters.
  const specks = Math.max(1, Math.round(ROW_SPECKS * (box.x1 - box.x0)));
  for (let y = box.y0; y <= box.y1; y++) {
    let count = 0;
    for (let x = box.x0; x < box.x1 && y < box.y1; x++) count += ink[y * width + x] ?? 0;
    const any = count > specks;
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
