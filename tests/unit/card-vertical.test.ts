import { describe, expect, it } from 'vitest';
import type { Gray } from '../../src/lib/card-image';
import { findUnreadLines } from '../../src/lib/card-image/unread-lines';
import { columnAsLine, findVerticalColumns } from '../../src/lib/card-image/vertical';

/**
 * Vertical type on a prepared card (findVerticalColumns): characters drawn as square glyphs of
 * strokes (like 王: three bars and a stem, 三 with gaps inside), stacked in columns.
 */
const W = 1400;
const H = 800;

function paper(): Gray {
  return { data: new Uint8ClampedArray(W * H).fill(245), width: W, height: H };
}

function fill(g: Gray, x0: number, y0: number, x1: number, y1: number, v = 20) {
  for (let y = y0; y < y1; y++) g.data.fill(v, y * g.width + x0, y * g.width + x1);
}

/** A square glyph `size` wide at (x, y): 王, or 三 (bars only, gaps inside it). */
function glyph(g: Gray, x: number, y: number, size: number, kind: '王' | '三' = '王') {
  const bar = Math.max(3, Math.round(size / 9));
  for (const at of [0.05, 0.47, 0.9]) fill(g, x, y + Math.round(at * size), x + size, y + Math.round(at * size) + bar);
  if (kind === '王') fill(g, x + Math.round(size / 2 - bar / 2), y, x + Math.round(size / 2 + bar / 2), y + size);
}

/** Glyphs down a column from `top`, `gap` of the size between them. */
function column(g: Gray, x: number, top: number, size: number, kinds: ('王' | '三')[], gap = 0.2) {
  kinds.forEach((kind, i) => {
    glyph(g, x, Math.round(top + i * size * (1 + gap)), size, kind);
  });
}

describe('findVerticalColumns', () => {
  it('finds a name and a title in columns, right to left, cut into their characters', () => {
    const g = paper();
    column(g, 1250, 60, 70, ['王', '三', '王']);
    column(g, 1160, 80, 38, ['王', '王', '三', '王']);
    const columns = findVerticalColumns(g, []);
    expect(columns).toHaveLength(2);
    const [name, title] = columns;
    expect(name?.box).toMatchObject({ x0: 1250, x1: 1320 });
    expect(name?.cells).toHaveLength(3);
    expect(title?.cells).toHaveLength(4);
    for (const cell of name?.cells ?? []) expect(cell.y1 - cell.y0).toBeGreaterThanOrEqual(60);
  });

  it('finds a two-character name, its characters far apart', () => {
    const g = paper();
    column(g, 1250, 60, 70, ['王', '王'], 0.35);
    expect(findVerticalColumns(g, []).map((c) => c.cells.length)).toEqual([2]);
  });

  it('leaves out what was read already, lines of horizontal text, rules and solid bars', () => {
    const g = paper();
    column(g, 1250, 60, 70, ['王', '王', '王']);
    // Horizontal text: a row of glyphs.
    for (let i = 0; i < 10; i++) glyph(g, 80 + i * 40, 300, 34);
    // A vertical rule and a solid bar, both tall and narrow.
    fill(g, 700, 100, 704, 700);
    fill(g, 900, 100, 940, 600);
    expect(findVerticalColumns(g, [])).toHaveLength(1);
    expect(findVerticalColumns(g, [{ x0: 1245, y0: 50, x1: 1330, y1: 330 }])).toEqual([]);
  });

  it('cuts a column into its characters on grainy paper, a speck or two of grain in the rows between them', () => {
    const g = paper();
    column(g, 1250, 60, 70, ['王', '王'], 0.25);
    // Grain: a dark speck every 40 pixels down the column's middle, between the characters too.
    for (let y = 40; y < 260; y += 6) g.data[y * W + 1250 + ((y * 7) % 70)] = 30;
    expect(findVerticalColumns(g, []).map((c) => c.cells.length)).toEqual([2]);
  });

  it('finds nothing on a blank card', () => {
    expect(findVerticalColumns(paper(), [])).toEqual([]);
  });
});

describe('columnAsLine', () => {
  it('lays the characters side by side at the height asked, on paper', () => {
    const g = paper();
    column(g, 1250, 60, 70, ['王', '三', '王']);
    const [found] = findVerticalColumns(g, []);
    if (!found) throw new Error('no column');
    const line = columnAsLine(g, found, 40);
    expect(line.height).toBeGreaterThanOrEqual(40);
    expect(line.height).toBeLessThan(70);
    expect(line.width).toBeGreaterThan(3 * 40);
    // Three dark runs across the middle row (the stems of 王 and the bars of 三 cross it).
    const row = Math.floor(line.height / 2);
    const dark = [...line.data.subarray(row * line.width, (row + 1) * line.width)].map((v) => v < 128);
    const runs = dark.filter((d, i) => d && !dark[i - 1]).length;
    expect(runs).toBe(3);
    // Paper all round.
    expect(Math.min(...line.data.subarray(0, line.width))).toBeGreaterThan(200);
  });
});

describe('findUnreadLines', () => {
  it('finds a line of large type nobody read, and neither a logo, a border, the lines read nor a lone stroke', () => {
    const g = paper();
    // A large name of three characters, never read.
    for (const [i, kind] of (['王', '三', '王'] as const).entries()) glyph(g, 260 + i * 80, 60, 68, kind);
    // A square logo beside it, the card's dark border, and a line already read.
    fill(g, 60, 150, 220, 310);
    fill(g, 0, 0, W, 3);
    for (let i = 0; i < 6; i++) glyph(g, 260 + i * 40, 200, 32);
    fill(g, 800, 500, 1100, 506);
    const lines = findUnreadLines(g, [{ x0: 255, y0: 195, x1: 500, y1: 236 }]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({ x0: 260, y0: 60, x1: 488, y1: 129 });
  });

  it('finds a large name whose first character stands apart from the rest as one line (梁 | 雨涵)', () => {
    const g = paper();
    glyph(g, 66, 330, 74);
    glyph(g, 160, 330, 74);
    glyph(g, 240, 330, 74);
    const [line, ...rest] = findUnreadLines(g, []);
    expect(rest).toEqual([]);
    expect(line).toEqual({ x0: 66, y0: 330, x1: 314, y1: 405 });
  });
});
