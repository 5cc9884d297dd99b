import { describe, expect, it } from 'vitest';
import type { Gray } from '../../src/lib/card-image';
import { withPanelsTurned } from '../../src/lib/card-image/panels';

const W = 1400;
const H = 860;

function card(paper = 200): Gray {
  return { data: new Uint8ClampedArray(W * H).fill(paper), width: W, height: H };
}

function fill(g: Gray, x0: number, y0: number, x1: number, y1: number, v: number) {
  for (let y = y0; y < y1; y++) g.data.fill(v, y * W + x0, y * W + x1);
}

/** A word of type: strokes `stroke` wide, a gap as wide between them. */
function word(g: Gray, x: number, y: number, width: number, height: number, v: number, stroke = 6) {
  for (let sx = x; sx + stroke <= x + width; sx += 2 * stroke) fill(g, sx, y, sx + stroke, y + height, v);
}

const at = (g: Gray, x: number, y: number) => g.data[y * W + x] as number;

describe('withPanelsTurned', () => {
  it('turns a dark band printed light over: its ground as light as the paper, its print dark', () => {
    const g = card();
    fill(g, 0, 280, W, 460, 25);
    word(g, 60, 320, 240, 60, 195);
    word(g, 60, 400, 160, 24, 190, 3);
    const out = withPanelsTurned(g);
    expect(at(out, 700, 300)).toBeGreaterThan(180);
    expect(at(out, 62, 340)).toBeLessThan(60);
    // The paper outside the band is as it was.
    expect(at(out, 700, 100)).toBe(200);
  });

  it('turns a grey band, and one whose end glare lightens', () => {
    const g = card(225);
    fill(g, 0, 280, W, 460, 95);
    // Glare over the band's last fifth.
    fill(g, 1120, 280, W, 460, 150);
    word(g, 60, 320, 500, 60, 220);
    const out = withPanelsTurned(g);
    expect(at(out, 700, 300)).toBeGreaterThan(180);
    expect(at(out, 62, 340)).toBeLessThan(120);
  });

  it('leaves a shadow alone (its print is darker than it), and large bold type on paper', () => {
    const shadow = card();
    fill(shadow, 0, 0, 500, H, 70);
    word(shadow, 60, 300, 300, 30, 20, 3);
    expect(withPanelsTurned(shadow)).toBe(shadow);
    const bold = card();
    word(bold, 100, 100, 600, 120, 15, 14);
    expect(withPanelsTurned(bold)).toBe(bold);
  });

  it('leaves a band holding only a logo as it is', () => {
    const g = card();
    fill(g, 0, 0, W, 180, 25);
    fill(g, 60, 40, 160, 140, 200);
    expect(withPanelsTurned(g)).toBe(g);
  });

  it('leaves a card dark all over for the light evening to turn whole', () => {
    const g = card(35);
    word(g, 60, 320, 240, 60, 220);
    expect(withPanelsTurned(g)).toBe(g);
  });
});
