/** An RGBA picture as canvas ImageData and sharp's raw output give it: 4 bytes a pixel, rows top down. */
export type Rgba = { data: Uint8ClampedArray; width: number; height: number };

/** A grey picture: 1 byte a pixel. */
export type Gray = { data: Uint8ClampedArray; width: number; height: number };

export type Point = { x: number; y: number };

/** Four corners: top-left, top-right, bottom-right, bottom-left. */
export type Quad = readonly [Point, Point, Point, Point];
