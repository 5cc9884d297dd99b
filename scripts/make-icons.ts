import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * Rasterises public/favicon.svg into the PWA and Apple icons under public/icons/. Run by hand
 * (`npx tsx scripts/make-icons.ts`) when the mark changes; the PNGs are committed.
 *
 * Maskable and Apple icons are full-bleed on the brand colour: launchers crop maskable icons to
 * any shape inside the central 80% circle, and iOS fills transparent corners with black.
 */
const SOURCE = 'public/favicon.svg';
const OUT = 'public/icons';
const BRAND = '#0f766e';
/** The mark's share of a full-bleed icon: its white card then stays well inside the safe zone. */
const FULL_BLEED_SCALE = 0.8;

const svg = readFileSync(SOURCE);
/** The SVG's viewBox is 64 units wide; rasterise at the density that gives `size` pixels. */
const mark = (size: number) =>
  sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png();

async function plain(size: number, file: string): Promise<void> {
  await mark(size).toFile(`${OUT}/${file}`);
}

async function fullBleed(size: number, file: string): Promise<void> {
  const inner = Math.round(size * FULL_BLEED_SCALE);
  const offset = Math.round((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: await mark(inner).toBuffer(), top: offset, left: offset }])
    .removeAlpha()
    .png()
    .toFile(`${OUT}/${file}`);
}

mkdirSync(OUT, { recursive: true });
await Promise.all([
  plain(192, 'icon-192.png'),
  plain(512, 'icon-512.png'),
  fullBleed(512, 'maskable-512.png'),
  fullBleed(180, 'apple-touch-icon.png'),
]);
console.log(`make-icons: wrote ${OUT}/icon-192.png, icon-512.png, maskable-512.png, apple-touch-icon.png`);
