/** Ink on a prepared card (dark print on light paper), and the regions it makes. */
import type { Box } from '../card-fields/types';
import type { Gray } from './types';

/** A pixel darker than this is ink. */
const INK = 128;
/** Ink is gathered in blocks of this many pixels a side. */
const BLOCK = 4;

/** 1 for each ink pixel not inside (or just around) a box already read. */
export function inkOutside(gray: Gray, read: readonly Box[]): Uint8Array {
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

/**
 * Bounding boxes of ink gathered into blocks of BLOCK pixels and joined across gaps of up to
 * `reach` blocks sideways (x) and up and down (y).
 */
export function inkRegions(ink: Uint8Array, width: number, height: number, reach: { x: number; y: number }): Box[] {
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
      for (let dy = -reach.y; dy <= reach.y; dy++) {
        const ny = by + dy;
        if (ny < 0 || ny >= bh) continue;
        for (let dx = -reach.x; dx <= reach.x; dx++) {
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

export function inkIn(ink: Uint8Array, width: number, box: Box): number {
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) n += ink[y * width + x] ?? 0;
  return n;
}
