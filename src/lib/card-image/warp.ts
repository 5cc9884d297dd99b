/**
 * Perspective correction: the homography that maps the output rectangle onto the card's four
 * corners in the photo, and bilinear sampling of the photo's luminance through it.
 */
import { solve } from './solve';
import type { Gray, Point, Quad, Rgba } from './types';

/** 3×3 matrix, row-major, h[8] = 1. */
type Homography = readonly number[];

/** The homography taking each `from` point to the matching `to` point. */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i] as Point;
    const { x: u, y: v } = to[i] as Point;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  return h ? [...h, 1] : null;
}

export function applyHomography(h: Homography, p: Point): Point {
  const w = (h[6] ?? 0) * p.x + (h[7] ?? 0) * p.y + (h[8] ?? 1);
  return {
    x: ((h[0] ?? 0) * p.x + (h[1] ?? 0) * p.y + (h[2] ?? 0)) / w,
    y: ((h[3] ?? 0) * p.x + (h[4] ?? 0) * p.y + (h[5] ?? 0)) / w,
  };
}

/**
 * The part of `image` inside `quad`, straightened into a width × height grey picture.
 * Downscaling by more than 2× averages a small grid of samples per output pixel.
 */
export function warpToGray(image: Rgba, quad: Quad, width: number, height: number): Gray {
  const rect: Point[] = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const h = homography(rect, quad);
  const out = new Uint8ClampedArray(width * height);
  if (!h) return { data: out, width, height };
  const { data, width: sw, height: sh } = image;
  // Luminance once per source pixel the card covers (Rec. 601 weights), then bilinear taps on it.
  const bx0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x))) - 2);
  const bx1 = Math.max(bx0 + 1, Math.min(sw, Math.ceil(Math.max(...quad.map((p) => p.x))) + 2));
  const by0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y))) - 2);
  const by1 = Math.max(by0 + 1, Math.min(sh, Math.ceil(Math.max(...quad.map((p) => p.y))) + 2));
  const bw = bx1 - bx0;
  const lum = new Float32Array(bw * (by1 - by0));
  for (let y = by0; y < by1; y++) {
    for (let x = bx0, i = (y - by0) * bw, j = (y * sw + bx0) * 4; x < bx1; x++, i++, j += 4) {
      lum[i] = 0.299 * (data[j] as number) + 0.587 * (data[j + 1] as number) + 0.114 * (data[j + 2] as number);
    }
  }
  // Source pixels per output pixel (roughly): how many samples to average.
  const top = Math.hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y);
  const side = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
  const ratio = Math.max(top / width, side / height);
  const k = Math.max(1, Math.min(4, Math.floor(ratio)));
  const step = 1 / k;
  const inverse = 1 / (k * k);
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Taps stay inside the box (coordinates relative to it).
  const maxX = bw - 1;
  const maxY = by1 - by0 - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let j = 0; j < k; j++) {
        const py = y + (j + 0.5) * step;
        for (let i = 0; i < k; i++) {
          const px = x + (i + 0.5) * step;
          const w = h6 * px + h7 * py + h8;
          // Source pixel centres are at integer + 0.5.
          let sx = (h0 * px + h1 * py + h2) / w - 0.5 - bx0;
          let sy = (h3 * px + h4 * py + h5) / w - 0.5 - by0;
          sx = Math.max(0, Math.min(sx, maxX));
          sy = Math.max(0, Math.min(sy, maxY));
          const x0 = sx | 0;
          const y0 = sy | 0;
          const x1 = x0 < maxX ? x0 + 1 : x0;
          const y1 = y0 < maxY ? y0 + 1 : y0;
          const fx = sx - x0;
          const fy = sy - y0;
          const r0 = y0 * bw;
          const r1 = y1 * bw;
          const a = (lum[r0 + x0] as number) * (1 - fx) + (lum[r0 + x1] as number) * fx;
          const b = (lum[r1 + x0] as number) * (1 - fx) + (lum[r1 + x1] as number) * fx;
          sum += a * (1 - fy) + b * fy;
        }
      }
      out[y * width + x] = (sum * inverse + 0.5) | 0;
    }
  }
  return { data: out, width, height };
}
