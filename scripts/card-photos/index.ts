/**
 * Generated photos of business cards with truth files, for the OCR benchmark (bench/ocr.ts)
 * and end-to-end tests: `<name>.jpg` (a phone-sized photo of a card lying tilted on a table,
 * blurred or not, noisy, JPEG-compressed, sometimes with a glare spot, a phone's shadow, in low
 * light or on a desk of nearly the card's colour) beside `<name>.truth.json` (the CardFields a
 * perfect extractor returns). Deterministic from the seed: card i of a seed is the same whatever
 * the count. Cards are drawn by headless Chromium with the Noto CJK fonts (Debian's
 * fonts-noto-cjk), Liberation (fonts-liberation, Sans Narrow included) and DejaVu
 * (fonts-dejavu-core, and fonts-dejavu-extra for the condensed and light faces; a missing face
 * falls back to Liberation). CLI: `npm run card-photos -- --out DIR --count N --seed S`.
 *
 * Kinds (card i has kind kinds[i % kinds.length]): hk bilingual Hong Kong, en US/UK/Canada/
 * Australia, cn mainland Simplified, cnen mainland Simplified + English, tw Taiwan Traditional
 * (often with English), sg Singapore English (sometimes a Simplified name), eu Germany, Austria,
 * Switzerland, France, Spain, Italy, Netherlands.
 *
 * Truth rules: name is the Chinese name if any, else the Latin one; english_name is the Latin
 * name printed beside a Chinese one ('' otherwise: a Singapore card without its Chinese name has
 * name 'Tan Wei Ming' and no english_name); a degree printed after a Latin name ('Daniel Kim,
 * PhD') is in no field, the name is 'Daniel Kim'; a middle initial is part of the name ('Sarah
 * J. Connor'). tel holds every phone but faxes, as libphonenumber's formatInternational gives it
 * for the card's country, however it is printed ("02-2345-6789" on a Taiwan card is "+886 2 2345
 * 6789", "(415) 555-0132" on a US card "+1 415 555 0132", "030 1234567" on a German card "+49 30
 * 1234567"); faxes go to other as "Fax: <international>", with any slogan printed. An address
 * printed on several lines is one entry per language: Latin lines joined with ', ' whether a line
 * ends with its comma or not ('Friedrichstraße 68' + '10117 Berlin' is 'Friedrichstraße 68,
 * 10117 Berlin'; a country on its own line is part of it), Chinese lines joined with nothing;
 * a Taiwan postcode printed before the city ('110台北市…') is part of it. Company and position are
 * one entry per language (a Singapore card with '…私人有限公司' has two companies). Labels
 * (Tel, 電話, Mobil, Tél.…) are in no field. A minimal card prints only its name, position, one
 * phone and maybe its e-mail and company: its truth holds only those.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CardFields } from '../../src/api/cloud';
import { launchBrowser } from '../../tests/e2e/support/browser';
import { CARD_KINDS, type CardKind, type CardModel, createRng, makeCard, type Rng } from './data';
import { cardForLayout, makeScene, pickLayout, type Scene } from './scene';

export { CARD_KINDS, type CardKind, type CardModel } from './data';
export { FAULTS, type Fault, LAYOUTS, type Layout, type Paper, type Scene } from './scene';

export type CardPhotoOptions = { count: number; seed: number; outDir: string; kinds?: CardKind[] };
export type CardPhoto = { file: string; truth: CardFields; kind: CardKind };
export type CardPhotoPlan = { name: string; kind: CardKind; card: CardModel; scene: Scene; noiseSeed: number };

/** The seed of card `index` of `seed` (so a card does not depend on how many come before). */
function cardRng(seed: number, index: number): Rng {
  return createRng(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
}

/** What would be drawn, without drawing: card i has kind kinds[i % kinds.length]. */
export function planCardPhotos(options: Omit<CardPhotoOptions, 'outDir'>): CardPhotoPlan[] {
  const kinds = options.kinds && options.kinds.length > 0 ? options.kinds : [...CARD_KINDS];
  return Array.from({ length: options.count }, (_, i) => {
    const kind = kinds[i % kinds.length] ?? 'hk';
    const rng = cardRng(options.seed, i);
    const layout = pickLayout(rng, kind);
    const card = cardForLayout(rng, makeCard(rng, kind), layout);
    const scene = makeScene(rng, card, layout);
    return { name: `${kind}-${String(i + 1).padStart(3, '0')}`, kind, card, scene, noiseSeed: rng.int(1, 2 ** 30) };
  });
}

/** Adds Gaussian-ish sensor noise (sum of three uniforms) of `sigma` levels to raw RGB pixels. */
function addNoise(pixels: Buffer, sigma: number, seed: number): void {
  const rng = createRng(seed);
  const scale = sigma * 2; // three uniforms on [0, 1] less 1.5: standard deviation 0.5
  for (let i = 0; i < pixels.length; i += 3) {
    // One luminance grain per pixel plus a little chroma, as a phone's sensor gives.
    const grain = (rng.next() + rng.next() + rng.next() - 1.5) * scale;
    for (let c = 0; c < 3; c += 1) {
      const value = (pixels[i + c] ?? 0) + grain + (rng.next() - 0.5) * sigma * 0.6;
      pixels[i + c] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
    }
  }
}

/**
 * In the page: shrinks the card's type (CSS variable --b) until everything printed lies inside
 * the card's padding box with half the padding to spare, so no truth value is cut off or
 * printed off the card. Measured untransformed. A box marked data-bleed (a band of colour
 * behind the name) may reach the card's edges; what it holds may not.
 */
function fitCard(): void {
  const stage = document.querySelector<HTMLElement>('.stage');
  const card = document.querySelector<HTMLElement>('.card');
  if (!stage || !card) throw new Error('no card in the scene');
  const transform = stage.style.transform;
  stage.style.transform = 'none';
  const root = document.documentElement;
  let base = Number.parseFloat(getComputedStyle(root).getPropertyValue('--b'));
  for (let i = 0; i < 60; i += 1) {
    const box = card.getBoundingClientRect();
    const style = getComputedStyle(card);
    const padX = Number.parseFloat(style.paddingRight) / 2;
    const padY = Number.parseFloat(style.paddingBottom) / 2;
    const outside = Array.from(card.querySelectorAll('*:not([data-bleed])')).some((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        (r.left < box.left + padX ||
          r.right > box.right - padX ||
          r.top < box.top + padY ||
          r.bottom > box.bottom - padY)
      );
    });
    if (!outside) break;
    base *= 0.95;
    root.style.setProperty('--b', `${base}px`);
  }
  stage.style.transform = transform;
}

async function cameraShot(png: Buffer, plan: CardPhotoPlan): Promise<Buffer> {
  const { blur, noise, brightness, quality } = plan.scene.camera;
  let image = sharp(png).removeAlpha();
  if (blur > 0) image = image.blur(blur);
  // Low light: darker, and warmer (indoor lamps), before the sensor's noise.
  if (brightness < 1) image = image.linear([brightness, brightness * 0.95, brightness * 0.84], [0, 0, 0]);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  addNoise(data, noise, plan.noiseSeed);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** Draws the photos into `outDir` (made if missing): `<name>.jpg` and `<name>.truth.json` each. */
export async function generateCardPhotos(options: CardPhotoOptions): Promise<CardPhoto[]> {
  mkdirSync(options.outDir, { recursive: true });
  const plans = planCardPhotos(options);
  const browser = await launchBrowser(['--font-render-hinting=none']);
  try {
    const context = await browser.newContext({ deviceScaleFactor: 1 });
    const page = await context.newPage();
    const out: CardPhoto[] = [];
    for (const plan of plans) {
      await page.setViewportSize({ width: plan.scene.width, height: plan.scene.height });
      await page.setContent(plan.scene.html, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.evaluate(fitCard);
      const png = await page.screenshot({ type: 'png' });
      const file = join(options.outDir, `${plan.name}.jpg`);
      writeFileSync(file, await cameraShot(png, plan));
      writeFileSync(join(options.outDir, `${plan.name}.truth.json`), `${JSON.stringify(plan.card.truth, null, 2)}\n`);
      out.push({ file, truth: plan.card.truth, kind: plan.kind });
    }
    await context.close();
    return out;
  } finally {
    await browser.close();
  }
}
