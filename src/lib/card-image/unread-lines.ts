import type { Box } from '../card-fields/types';
import { inkIn, inkOutside, inkRegions } from './ink';
import type { Gray } from './types';

/**
 * Lines of type nobody read: tesseract's page layout sometimes takes a large bold name beside a
 * logo for part of a picture and drops it whole (謝偉強 above "Carmen Tse", never read). Such a
 * line is a run of ink outside every line read, shaped like a line of text: wider than tall,
 * as tall as large type and no taller, not touching the card's edge.
 */

/** Blocks of ink this many apart sideways (and 2 up and down) belong to one line: the gap between two large characters. */
const LINE_REACH = { x: 4, y: 2 };
/** A line's height in pixels, at least; at most this share of the card's height. */
const MIN_HEIGHT = 24;
const MAX_HEIGHT = 0.22;
/** A line holds two characters at least: this many times as wide as tall. */
const WIDE = 1.6;
/** Share of a line's area that is ink, for text (a solid bar is all ink, a frame almost none). */
const MIN_DENSITY = 0.12;
const MAX_DENSITY = 0.6;
/** Ink this close to the card's edge is its border or the table, not print. */
const EDGE = 4;
/** Lines returned at most, tallest first. */
const MAX_LINES = 2;

/** Line-shaped runs of ink outside the boxes already read, tallest first. */
export function findUnreadLines(gray: Gray, read: readonly Box[]): Box[] {
  const ink = inkOutside(gray, read);
  const lines: Box[] = [];
  for (const box of sideBySide(inkRegions(ink, gray.width, gray.height, LINE_REACH))) {
    const width = box.x1 - box.x0;
    const height = box.y1 - box.y0;
    if (height < MIN_HEIGHT || height > MAX_HEIGHT * gray.height || width < WIDE * height) continue;
    if (box.x0 < EDGE || box.y0 < EDGE || box.x1 > gray.width - EDGE || box.y1 > gray.height - EDGE) continue;
    const density = inkIn(ink, gray.width, box) / (width * height);
    if (density >= MIN_DENSITY && density <= MAX_DENSITY) lines.push(box);
  }
  return lines.sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0)).slice(0, MAX_LINES);
}

/** Two regions this many of their heights apart on one row are one line (a character apart from the rest of its name: 梁 | 雨涵). */
const ROW_GAP = 0.5;
/** Share of the lower region's height two regions on one row share. */
const ROW_SHARED = 0.7;

/** Regions of about one height standing side by side on one row, joined left to right. */
function sideBySide(regions: readonly Box[]): Box[] {
  const out: Box[] = [];
  for (const r of [...regions].sort((a, b) => a.x0 - b.x0)) {
    const h = r.y1 - r.y0;
    const left = out.find((l) => {
      const lh = l.y1 - l.y0;
      const shared = Math.min(l.y1, r.y1) - Math.max(l.y0, r.y0);
      return shared >= ROW_SHARED * Math.max(h, lh) && r.x0 - l.x1 <= ROW_GAP * Math.max(h, lh) && r.x0 >= l.x0;
    });
    if (!left) out.push({ ...r });
    else {
      left.x1 = Math.max(left.x1, r.x1);
      left.y0 = Math.min(left.y0, r.y0);
      left.y1 = Math.max(left.y1, r.y1);
    }
  }
  return out;
}
