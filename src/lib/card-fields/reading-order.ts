/**
 * The order a person reads a card's lines in, for a card printed in columns side by side: each
 * column top to bottom, left to right, so that an address wrapped over two lines of the right
 * column is two lines one after the other, not parted by the left column's line between them.
 * A line running across the columns ends them: what is below it is read after it, and so does a
 * line below where every column has ended (the name's block above, the contacts' columns under it). A card
 * printed in one column (lines above one another, however centred) is read top to bottom.
 */
import type { Box, OcrLine } from './types';

/** Two boxes share this much of the narrower one's width: they are in one column. */
const SAME_COLUMN = 0.3;
/** A line across this share of the card's width (the span of all its lines) stands across its columns. */
const WIDE = 0.75;
/** A column whose last line ends more than this many line heights above a line has ended there. */
const BAND_GAP = 1.5;
/** Two boxes share this much of the lower one's height: they stand side by side. */
const SIDE_BY_SIDE = 0.5;

const width = (b: Box) => Math.max(0, b.x1 - b.x0);
const height = (b: Box) => Math.max(0, b.y1 - b.y0);

function horizontalShare(a: Box, b: Box): number {
  const shared = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return shared <= 0 ? 0 : shared / Math.max(1, Math.min(width(a), width(b)));
}

function sideBySide(a: Box, b: Box): boolean {
  const shared = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return horizontalShare(a, b) === 0 && shared > SIDE_BY_SIDE * Math.max(1, Math.min(height(a), height(b)));
}

type Column = { box: Box; lines: OcrLine[] };

/** The lines in reading order (a new array; the lines themselves are not changed). */
export function readingOrder(lines: readonly OcrLine[]): OcrLine[] {
  const sane = lines.every((l) => [l.bbox?.x0, l.bbox?.x1, l.bbox?.y0, l.bbox?.y1].every(Number.isFinite));
  if (!sane) return [...lines];
  const byTop = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.bbox.y0 - b.line.bbox.y0 || a.index - b.index);
  // One column: top to bottom (the page layout may give a block out of its place).
  if (!lines.some((a, i) => lines.some((b, j) => j > i && sideBySide(a.bbox, b.bbox)))) return byTop.map((t) => t.line);
  const out: OcrLine[] = [];
  let columns: Column[] = [];
  const flush = () => {
    for (const column of [...columns].sort((a, b) => a.box.x0 - b.box.x0)) out.push(...column.lines);
    columns = [];
  };
  const left = Math.min(...lines.map((l) => l.bbox.x0));
  const right = Math.max(...lines.map((l) => l.bbox.x1));
  for (const { line } of byTop) {
    if (width(line.bbox) > WIDE * (right - left)) {
      // Across most of the card: no column of its own, and the columns above end here.
      flush();
      out.push(line);
      continue;
    }
    // Below where every column has ended, a row of lines side by side starts a new band, even
    // under a column (the contacts' labels under a wide company line).
    const reach = BAND_GAP * height(line.bbox);
    const ended = !columns.some((c) => c.box.y1 >= line.bbox.y0 - reach);
    if (ended && lines.some((o) => o !== line && sideBySide(o.bbox, line.bbox))) flush();
    const touching = columns.filter((c) => horizontalShare(c.box, line.bbox) >= SAME_COLUMN);
    // Under one column still running and one ended far above it (a name's block), the line goes
    // on the running one: an address's second line, longer than its first, reaching under the name.
    const running = touching.filter((c) => c.box.y1 >= line.bbox.y0 - reach);
    if (touching.length > 1 && running.length !== 1) {
      // Across the columns: they end here.
      flush();
      columns.push({ box: { ...line.bbox }, lines: [line] });
      continue;
    }
    const column = touching.length > 1 ? running[0] : touching[0];
    if (!column) {
      // Beside a column still running, a column of its own; below them all, the start of a new band.
      if (ended) flush();
      columns.push({ box: { ...line.bbox }, lines: [line] });
      continue;
    }
    column.lines.push(line);
    column.box = {
      x0: Math.min(column.box.x0, line.bbox.x0),
      y0: Math.min(column.box.y0, line.bbox.y0),
      x1: Math.max(column.box.x1, line.bbox.x1),
      y1: Math.max(column.box.y1, line.bbox.y1),
    };
  }
  flush();
  return out;
}
