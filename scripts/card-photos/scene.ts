/**
 * The HTML of one card photo: the card (one of ten layouts, in one of several fonts, on light,
 * dark or coloured paper) lying tilted on a table (wood, cloth, stone, or a plain desk of nearly
 * the card's own colour) under uneven light, with the photo's faults (a glare spot, a phone's
 * hard shadow, low light, blur), plus what the camera does afterwards (blur, sensor noise,
 * brightness, JPEG quality), all drawn from the seeded PRNG. Pure: the renderer (./index.ts)
 * gives the HTML to Chromium and the rest to sharp.
 */
import { type CardAddress, type CardKind, type CardModel, type CardPhone, CHINESE_KINDS, type Rng } from './common';
import { withTruth } from './data';

export type Layout =
  | 'logo-left'
  | 'logo-right'
  | 'centered'
  | 'stacked'
  | 'two-columns'
  | 'right-column'
  | 'logo-heavy'
  | 'vertical'
  | 'band'
  | 'minimal';
export const LAYOUTS: readonly Layout[] = [
  'logo-left',
  'logo-right',
  'centered',
  'stacked',
  'two-columns',
  'right-column',
  'logo-heavy',
  'vertical',
  'band',
  'minimal',
];

/**
 * What is wrong with the photo: blur; a glare spot (a bright soft ellipse over part of the
 * card); a phone's hard shadow across part of it; low light (darker, noisier); a light card on
 * a plain table of nearly its own colour.
 */
export type Fault = 'blur' | 'glare' | 'shadow' | 'low-light' | 'plain-table';
export const FAULTS: readonly Fault[] = ['blur', 'glare', 'shadow', 'low-light', 'plain-table'];

/** The card's paper: light (white, cream, pastel), dark, or a strong colour (light text on both). */
export type Paper = 'light' | 'dark' | 'coloured';

/**
 * What sharp does to the screenshot: Gaussian blur sigma (0: none), noise sigma in levels,
 * brightness (1: as drawn; below 1 in low light) and JPEG quality.
 */
export type CameraEffects = { blur: number; noise: number; brightness: number; quality: number };

export type Scene = {
  html: string;
  width: number;
  height: number;
  layout: Layout;
  paper: Paper;
  /** The CSS font families of Latin and of Chinese text. */
  fonts: { latin: string; cjk: string };
  faults: Fault[];
  /** Degrees of the card's tilt (CSS rotateX, rotateY, rotateZ). */
  tilt: { x: number; y: number; z: number };
  camera: CameraEffects;
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A signed angle from min to max degrees, small ones likelier (as most photos are taken nearly square-on). */
const signed = (rng: Rng, min: number, max: number) =>
  (rng.chance(0.5) ? -1 : 1) * (min + (max - min) * rng.next() ** 2);
const fixed = (n: number) => Number(n.toFixed(2));
const HAN = /\p{Script=Han}/u;

/** The layout of a card of `kind`: any of the ten, but 'vertical' only for Chinese kinds. */
export function pickLayout(rng: Rng, kind: CardKind): Layout {
  const chinese = CHINESE_KINDS.includes(kind);
  return rng.pick(LAYOUTS.filter((l) => chinese || l !== 'vertical'));
}

/**
 * The card as `layout` prints it: a minimal card keeps the name, position, one phone, maybe the
 * e-mail and maybe the company, and drops the rest (so the truth holds only what is printed).
 */
export function cardForLayout(rng: Rng, card: CardModel, layout: Layout): CardModel {
  if (layout !== 'minimal') return card;
  const phone = card.phones.find((p) => !p.fax) ?? card.phones[0];
  return withTruth({
    ...card,
    phones: phone ? [phone] : [],
    email: rng.chance(0.65) ? card.email : [],
    website: [],
    address: [],
    slogans: [],
    company: rng.chance(0.6) ? card.company : [],
  });
}

type Style = {
  cjk: string;
  latin: string;
  paper: Paper;
  paperColor: string;
  /** Hue, saturation and lightness of the paper, for a table of nearly its colour. */
  hsl: [number, number, number];
  ink: string;
  accent: string;
  muted: string;
  /** A band behind the name: its colour and the light text on it. */
  band: string;
  bandInk: string;
  nameWeight: number;
  colon: string;
};

/** Latin faces: [CSS family list, whether it is a serif, whether it has a light weight]. */
const LATIN_FONTS: readonly (readonly [string, boolean, boolean])[] = [
  ["'Liberation Sans'", false, false],
  ["'Liberation Sans Narrow', 'Liberation Sans'", false, false],
  ["'DejaVu Sans', 'Liberation Sans'", false, true],
  ["'DejaVu Sans Condensed', 'Liberation Sans Narrow', 'Liberation Sans'", false, false],
  ["'Noto Sans CJK SC'", false, false],
  ["'Liberation Serif'", true, false],
  ["'DejaVu Serif', 'Liberation Serif'", true, false],
  ["'Noto Serif CJK SC'", true, false],
];

function cjkFont(rng: Rng, kind: CardKind, serif: boolean): string {
  const simplified = kind === 'cn' || kind === 'cnen' || kind === 'sg';
  if (simplified) return serif ? "'Noto Serif CJK SC'" : "'Noto Sans CJK SC'";
  if (serif) return "'Noto Serif CJK TC'";
  return kind === 'hk' ? rng.pick(["'Noto Sans CJK HK'", "'Noto Sans CJK TC'"]) : "'Noto Sans CJK TC'";
}

function style(rng: Rng, card: CardModel): Style {
  const [latin, serif, light] = rng.pick(LATIN_FONTS);
  const cjk = cjkFont(rng, card.kind, serif ? rng.chance(0.7) : rng.chance(0.15));
  const hue = rng.int(0, 359);
  const roll = rng.next();
  const paper: Paper = roll < 0.13 ? 'dark' : roll < 0.26 ? 'coloured' : 'light';
  let hsl: [number, number, number];
  let ink: string;
  let accent: string;
  let muted: string;
  if (paper === 'dark') {
    hsl = [hue, rng.int(20, 55), rng.int(10, 20)];
    ink = `hsl(${hue} 10% 94%)`;
    accent = rng.chance(0.5) ? `hsl(${(hue + 180) % 360} 70% 72%)` : `hsl(${rng.int(38, 50)} 75% 68%)`;
    muted = `hsl(${hue} 10% 80%)`;
  } else if (paper === 'coloured') {
    // Yellows and greens look lighter than blues and reds of the same lightness.
    hsl = hue >= 35 && hue <= 190 ? [hue, rng.int(50, 75), rng.int(20, 27)] : [hue, rng.int(50, 75), rng.int(28, 38)];
    ink = `hsl(${hue} 25% 97%)`;
    accent = rng.chance(0.5) ? `hsl(${hue} 90% 88%)` : `hsl(${rng.int(40, 55)} 90% 75%)`;
    muted = `hsl(${hue} 30% 88%)`;
  } else {
    const tint = rng.next();
    hsl =
      tint < 0.6
        ? [rng.int(30, 60), rng.int(0, 25), rng.int(95, 99)]
        : tint < 0.8
          ? [rng.int(35, 50), rng.int(30, 55), rng.int(90, 94)]
          : [hue, rng.int(25, 55), rng.int(90, 95)];
    ink = `hsl(${hue} ${rng.int(0, 20)}% ${rng.int(8, 22)}%)`;
    accent = `hsl(${hue} ${rng.int(45, 80)}% ${rng.int(26, 40)}%)`;
    muted = `hsl(${hue} 8% ${rng.int(28, 38)}%)`;
  }
  const bandHue = paper === 'dark' ? (hue + rng.int(90, 270)) % 360 : hue;
  const band =
    paper === 'coloured'
      ? `hsl(${hue} 40% ${rng.int(10, 16)}%)`
      : paper === 'dark'
        ? `hsl(${bandHue} ${rng.int(50, 70)}% ${rng.int(30, 38)}%)`
        : `hsl(${bandHue} ${rng.int(35, 70)}% ${rng.int(16, 34)}%)`;
  const weight = rng.next();
  const nameWeight = light && weight < 0.35 ? 200 : weight < 0.55 ? 700 : weight < 0.7 ? 600 : 400;
  const colonCn = card.kind === 'cn' || card.kind === 'cnen' || card.kind === 'tw';
  return {
    cjk,
    latin,
    paper,
    paperColor: `hsl(${hsl[0]} ${hsl[1]}% ${hsl[2]}%)`,
    hsl,
    ink,
    accent,
    muted,
    band,
    bandInk: `hsl(${bandHue} 20% 96%)`,
    nameWeight,
    colon: colonCn ? rng.pick(['：', '：', ': ', ' ']) : rng.pick([': ', ' ', ': ', '  ']),
  };
}

const span = (cls: string, text: string) => `<span class="${cls}">${escapeHtml(text)}</span>`;

function contactLine(label: string, value: string, colon: string, stacked: boolean): string {
  if (stacked) {
    return `<div class="contact stacked">${label ? `<div class="label">${escapeHtml(label)}</div>` : ''}<div class="value">${escapeHtml(value)}</div></div>`;
  }
  return `<div class="contact">${label ? span('label', `${label}${colon}`) : ''}${span('value', value)}</div>`;
}

function addressLines(address: CardAddress, colon: string, stacked: boolean): string {
  const lines = address.lines.map((line) => `<div class="value">${escapeHtml(line)}</div>`).join('');
  if (stacked) {
    return `<div class="contact stacked address">${address.label ? `<div class="label">${escapeHtml(address.label)}</div>` : ''}${lines}</div>`;
  }
  // The label sits on the first line; the following lines are indented under the value.
  const [first = '', ...rest] = address.lines;
  return `<div class="contact address">${address.label ? span('label', `${address.label}${colon}`) : ''}${span('value', first)}${rest
    .map((line) => `<div class="value cont">${escapeHtml(line)}</div>`)
    .join('')}</div>`;
}

function contacts(card: CardModel, s: Style, stacked: boolean): string {
  const phone = (p: CardPhone) => contactLine(p.label, p.shown, s.colon, stacked);
  return [
    ...card.phones.map(phone),
    ...card.email.map((e) => contactLine(card.emailLabel, e, s.colon, stacked)),
    ...card.website.map((w) => contactLine(card.websiteLabel, w, s.colon, stacked)),
    ...card.address.map((a) => addressLines(a, s.colon, stacked)),
  ].join('');
}

function latinNameHtml(card: CardModel, cls: string): string {
  const suffix = card.nameSuffix ? `<span class="suffix">${escapeHtml(card.nameSuffix)}</span>` : '';
  return `<div class="${cls}">${escapeHtml(card.latinName)}${suffix}</div>`;
}

/** Names and positions; `skipHan` leaves out the Chinese name and titles (printed vertically). */
function identity(card: CardModel, centered: boolean, skipHan = false): string {
  const names = card.chineseName
    ? `${skipHan ? '' : `<div class="name cjk">${escapeHtml(card.chineseName)}</div>`}${card.latinName ? latinNameHtml(card, skipHan ? 'ename big' : 'ename') : ''}`
    : latinNameHtml(card, 'name');
  const positions = card.position
    .filter((p) => !(skipHan && HAN.test(p)))
    .map((p) => `<div class="position">${escapeHtml(p)}</div>`)
    .join('');
  return `<div class="identity${centered ? ' center' : ''}">${names}${positions}</div>`;
}

const companies = (card: CardModel) =>
  card.company.length === 0
    ? ''
    : `<div class="companies">${card.company.map((c) => `<div class="company">${escapeHtml(c)}</div>`).join('')}</div>`;

/** The paper's faint grain. */
const paperNoise = noise('0.7', 0.08, 7);

const slogans = (card: CardModel) => card.slogans.map((t) => `<div class="slogan">${escapeHtml(t)}</div>`).join('');

function logo(rng: Rng, size = ''): string {
  const shape = rng.pick(['50%', '12%', '0']);
  const rotate = shape === '0' ? 45 : 0;
  const dims = size ? `width:${size};height:${size};` : '';
  return `<div class="logo" style="${dims}border-radius:${shape};transform:rotate(${rotate}deg) scale(${rotate ? 0.72 : 1})"><div class="logo-inner"></div></div>`;
}

/** The card's content, and what the layout adds to the card's CSS (a band of colour behind a third of it). */
type Body = { html: string; cardCss: string };

function cardBody(
  rng: Rng,
  card: CardModel,
  s: Style,
  layout: Layout,
  size: { w: number; h: number; base: number },
): Body {
  const plain = (html: string): Body => ({ html, cardCss: '' });
  switch (layout) {
    case 'logo-left':
    case 'logo-right':
      return plain(
        `<div class="row${layout === 'logo-right' ? ' reverse' : ''}">${logo(rng)}<div class="main">${companies(card)}${identity(card, false)}</div></div><div class="rule"></div><div class="contacts">${contacts(card, s, false)}</div>${slogans(card)}`,
      );
    case 'centered':
      return plain(
        `<div class="centered">${companies(card)}${identity(card, true)}<div class="rule short"></div><div class="contacts center">${contacts(card, s, false)}</div>${slogans(card)}</div>`,
      );
    case 'stacked':
      return plain(
        `<div class="row">${logo(rng)}<div class="main">${identity(card, false)}${companies(card)}</div></div><div class="contacts grid">${contacts(card, s, true)}</div>${slogans(card)}`,
      );
    case 'two-columns':
      return plain(
        `<div class="cols"><div class="col">${identity(card, false)}${companies(card)}${slogans(card)}</div><div class="col right">${contacts(card, s, false)}</div></div>`,
      );
    case 'right-column': {
      const withLogo = rng.chance(0.5);
      return plain(
        `<div class="rc"><div class="rc-main">${withLogo ? logo(rng) : ''}${companies(card)}${identity(card, false)}${slogans(card)}</div><div class="rc-side">${contacts(card, s, rng.chance(0.3))}</div></div>`,
      );
    }
    case 'logo-heavy': {
      const variant = rng.pick(['left', 'right', 'top', 'logo'] as const);
      const pad = size.base * 1.9;
      if (variant === 'top') {
        const band = Math.round(size.h / 3);
        const logoPx = Math.round((band - pad) * 0.8);
        return {
          html: `<div class="heavy top banded"><div class="heavy-side" style="flex:0 0 calc(${band}px - var(--b) * 1.6)">${logo(rng, `${logoPx}px`)}</div><div class="heavy-main"><div class="col">${identity(card, false)}${companies(card)}</div><div class="col right">${contacts(card, s, false)}${slogans(card)}</div></div></div>`,
          cardCss: `background-image:${paperNoise},linear-gradient(180deg,${s.accent} 0 ${band}px,transparent ${band}px)`,
        };
      }
      const band = Math.round(size.w / 3);
      const logoPx = Math.round(Math.min((band - pad) * 0.72, size.h * 0.5));
      const banded = variant !== 'logo';
      const right = variant === 'right';
      const gradient = right
        ? `linear-gradient(270deg,${s.accent} 0 ${band}px,transparent ${band}px)`
        : `linear-gradient(90deg,${s.accent} 0 ${band}px,transparent ${band}px)`;
      return {
        html: `<div class="heavy${right ? ' reverse' : ''}${banded ? ' banded' : ''}"><div class="heavy-side" style="flex:0 0 calc(${band}px - var(--b) * 1.9)">${logo(rng, `${logoPx}px`)}</div><div class="heavy-main">${companies(card)}${identity(card, false)}<div class="rule"></div><div class="contacts">${contacts(card, s, false)}</div>${slogans(card)}</div></div>`,
        cardCss: banded ? `background-image:${paperNoise},${gradient}` : '',
      };
    }
    case 'vertical': {
      const hanPositions = card.position.filter((p) => HAN.test(p));
      const side = `<div class="vt-side"><div class="name cjk vname">${escapeHtml(card.chineseName)}</div>${hanPositions.map((p) => `<div class="position vpos">${escapeHtml(p)}</div>`).join('')}</div>`;
      return plain(
        `<div class="vt${rng.chance(0.6) ? ' reverse' : ''}">${side}<div class="vt-main">${companies(card)}${identity(card, false, true)}<div class="rule"></div><div class="contacts">${contacts(card, s, false)}</div>${slogans(card)}</div></div>`,
      );
    }
    case 'band':
      return plain(
        `${companies(card)}<div class="band${rng.chance(0.35) ? ' center' : ''}" data-bleed>${identity(card, false)}</div><div class="contacts${rng.chance(0.4) ? ' grid' : ''}">${contacts(card, s, false)}</div>${slogans(card)}`,
      );
    case 'minimal':
      return plain(
        `<div class="minimal${rng.chance(0.5) ? ' center' : ''}">${companies(card)}${identity(card, false)}<div class="mini-lines">${contacts(card, s, false)}</div></div>`,
      );
  }
}

function noise(frequency: string, opacity: number, seed: number): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='512' height='512'><filter id='n'><feTurbulence type='fractalNoise' baseFrequency='${frequency}' numOctaves='3' seed='${seed}' stitchTiles='stitch'/><feColorMatrix type='saturate' values='0'/></filter><rect width='100%' height='100%' filter='url(%23n)' opacity='${opacity}'/></svg>`;
  return `url("data:image/svg+xml;utf8,${svg.replaceAll('"', "'")}")`;
}

/** The table under the card: wood, cloth or stone, in varied colours, or (plain) a desk of nearly `near`'s colour. */
function table(rng: Rng, near: [number, number, number] | null): string {
  const seed = rng.int(1, 999);
  if (near) {
    // A white or light grey desk, a few percent darker than the card (or the card's own tint).
    const [h, s, l] = near;
    const grey = rng.chance(0.5);
    const light = Math.max(80, l - rng.int(2, 9));
    return `background-color:hsl(${grey ? rng.int(0, 60) : h} ${grey ? rng.int(0, 6) : s}% ${light}%);background-image:${noise('0.8', 0.12, seed)};background-blend-mode:multiply`;
  }
  const kind = rng.pick(['wood', 'wood', 'cloth', 'stone']);
  if (kind === 'wood') {
    const hue = rng.int(18, 38);
    const light = rng.int(22, 55);
    const angle = rng.pick([0, 90]) + rng.int(-6, 6);
    const band = rng.int(18, 60);
    return `background-color:hsl(${hue} 45% ${light}%);background-image:${noise(angle % 180 < 45 ? '0.004 0.12' : '0.12 0.004', 0.55, seed)},repeating-linear-gradient(${angle}deg,hsl(${hue} 50% ${light}%) 0px,hsl(${hue - 4} 55% ${light - 8}%) ${band}px,hsl(${hue} 45% ${light + 4}%) ${band * 2}px,hsl(${hue} 50% ${light}%) ${band * 3}px);background-blend-mode:multiply`;
  }
  if (kind === 'cloth') {
    const hue = rng.int(0, 359);
    const light = rng.int(25, 70);
    const step = rng.int(3, 6);
    return `background-color:hsl(${hue} ${rng.int(10, 50)}% ${light}%);background-image:${noise('0.9', 0.4, seed)},repeating-linear-gradient(0deg,rgba(0,0,0,0.12) 0 1px,transparent 1px ${step}px),repeating-linear-gradient(90deg,rgba(255,255,255,0.08) 0 1px,transparent 1px ${step}px);background-blend-mode:multiply,normal,normal`;
  }
  const grey = rng.int(35, 80);
  return `background-color:hsl(${rng.int(0, 60)} ${rng.int(0, 12)}% ${grey}%);background-image:${noise('0.02', 0.5, seed)},${noise('0.6', 0.3, seed + 1)};background-blend-mode:multiply`;
}

/** A glare spot: a bright soft ellipse over part of the card (moving with it), never opaque. */
function glare(rng: Rng, paper: Paper): string {
  // Light text on dark paper loses more to the same glare.
  const a = fixed(paper === 'light' ? rng.range(0.4, 0.6) : rng.range(0.3, 0.48));
  const at = `${rng.int(15, 85)}% ${rng.int(15, 85)}%`;
  const size = `${rng.int(14, 32)}% ${rng.int(12, 30)}%`;
  return `background:radial-gradient(ellipse ${size} at ${at},rgba(255,255,255,${a}) 0%,rgba(255,255,252,${fixed(a * 0.7)}) 45%,rgba(255,255,250,0) 100%)`;
}

/**
 * A phone's hard shadow: a dark rectangle from one side of the photo over 15–40 % of the card
 * (which lies around `card`), slightly turned, its edge a little soft, never opaque.
 */
function phoneShadow(
  rng: Rng,
  photo: { w: number; h: number },
  card: { x: number; y: number; w: number; h: number },
): string {
  const side = rng.pick(['left', 'right', 'top', 'bottom'] as const);
  const depth = rng.range(0.15, 0.4);
  const angle = fixed(rng.range(-12, 12));
  const alpha = fixed(rng.range(0.28, 0.48));
  const soft = rng.int(2, 7);
  const base = `position:fixed;pointer-events:none;background:rgba(8,6,4,${alpha});filter:blur(${soft}px);border-radius:${rng.int(20, 60)}px`;
  const W = photo.w;
  const H = photo.h;
  if (side === 'left' || side === 'right') {
    const edge = side === 'left' ? card.x - card.w / 2 + depth * card.w : card.x + card.w / 2 - depth * card.w;
    const left = side === 'left' ? -W : edge;
    const width = side === 'left' ? edge + W : 2 * W - edge;
    const top = card.y - card.h * rng.range(0.3, 1.2);
    return `${base};left:${fixed(left)}px;top:${fixed(top)}px;width:${fixed(width)}px;height:${fixed(2 * H)}px;transform-origin:${side === 'left' ? 'right' : 'left'} ${fixed(card.y - top)}px;transform:rotate(${angle}deg)`;
  }
  const edge = side === 'top' ? card.y - card.h / 2 + depth * card.h : card.y + card.h / 2 - depth * card.h;
  const top = side === 'top' ? -H : edge;
  const height = side === 'top' ? edge + H : 2 * H - edge;
  const left = card.x - card.w * rng.range(0.3, 1.2);
  return `${base};top:${fixed(top)}px;left:${fixed(left)}px;height:${fixed(height)}px;width:${fixed(2 * W)}px;transform-origin:${fixed(card.x - left)}px ${side === 'top' ? 'bottom' : 'top'};transform:rotate(${angle}deg)`;
}

/** The card's width over its height: US and Canadian 3.5 × 2 in, European 85 × 55 mm, else 90 × 54 mm. */
function ratioOf(card: CardModel): number {
  if (card.country === 'US' || card.country === 'CA') return 3.5 / 2;
  if (card.kind === 'eu') return 85 / 55;
  return 90 / 54;
}

/** The photo of `card` printed in `layout`: page HTML and camera effects, all from `rng`. */
export function makeScene(rng: Rng, card: CardModel, layout: Layout): Scene {
  const width = rng.int(16, 24) * 100;
  const height = Math.round((width * rng.pick([3, 3, 9 / 4])) / 4);
  const s = style(rng, card);
  // The card fills 58–76 % of the photo's width, and at most 78 % of its height (tilted, it stays in).
  const cardWidth = Math.round(Math.min(width * rng.range(0.58, 0.76), height * 0.78 * ratioOf(card)));
  const cardHeight = Math.round(cardWidth / ratioOf(card));
  const base = cardWidth / rng.range(36, 42);
  const radius = rng.int(0, 12);
  const tilt = { x: fixed(signed(rng, 2, 20)), y: fixed(signed(rng, 2, 18)), z: fixed(signed(rng, 0, 15)) };
  const perspective = Math.round(width * rng.range(1.1, 2));
  const shift = { x: fixed(rng.range(-0.05, 0.05) * width), y: fixed(rng.range(-0.04, 0.04) * height) };

  const faults: Fault[] = [];
  const blur = rng.chance(0.5) ? fixed(rng.range(0.4, 1.3)) : 0;
  if (blur > 0) faults.push('blur');
  const plainTable = s.paper === 'light' && rng.chance(0.14);
  if (plainTable) faults.push('plain-table');
  const withGlare = rng.chance(0.2);
  if (withGlare) faults.push('glare');
  const lowLight = rng.chance(0.15);
  if (lowLight) faults.push('low-light');
  // A hard shadow needs a strong light: none in low light.
  const withShadow = !lowLight && rng.chance(0.2);
  if (withShadow) faults.push('shadow');

  const shadowAlpha = plainTable ? rng.range(0.12, 0.25) : rng.range(0.25, 0.55);
  const cardShadow = `${rng.int(-20, 20)}px ${rng.int(8, 40)}px ${rng.int(20, 70)}px rgba(0,0,0,${fixed(shadowAlpha)})`;
  const light = {
    x: rng.int(0, 100),
    y: rng.int(0, 100),
    glow: fixed(rng.range(0.05, 0.3)),
    shade: fixed(rng.range(0.1, 0.45)),
    angle: rng.int(0, 359),
  };
  const camera: CameraEffects = {
    blur,
    noise: lowLight ? fixed(rng.range(8, 14)) : fixed(rng.range(2, 7)),
    brightness: lowLight ? fixed(rng.range(0.42, 0.62)) : 1,
    quality: rng.int(60, 85),
  };
  const body = cardBody(rng, card, s, layout, { w: cardWidth, h: cardHeight, base });
  const glareCss = withGlare ? glare(rng, s.paper) : '';
  const shadowCss = withShadow
    ? phoneShadow(
        rng,
        { w: width, h: height },
        { x: width / 2 + shift.x, y: height / 2 + shift.y, w: cardWidth, h: cardHeight },
      )
    : '';
  const css = `
*{box-sizing:border-box;margin:0;padding:0}
:root{--b:${fixed(base)}px}
html,body{width:${width}px;height:${height}px;overflow:hidden}
body{${table(rng, plainTable ? s.hsl : null)};display:flex;align-items:center;justify-content:center}
.stage{position:relative;transform:translate(${shift.x}px,${shift.y}px) perspective(${perspective}px) rotateX(${tilt.x}deg) rotateY(${tilt.y}deg) rotateZ(${tilt.z}deg)}
.card{position:relative;width:${cardWidth}px;height:${cardHeight}px;background-color:${s.paperColor};background-image:${paperNoise};color:${s.ink};box-shadow:${cardShadow};border-radius:${radius}px;padding:calc(var(--b) * 1.6) calc(var(--b) * 1.9);font-family:${s.latin},${s.cjk},sans-serif;font-size:var(--b);line-height:1.35;overflow:hidden;display:flex;flex-direction:column;justify-content:space-between}
/* Names, titles, companies, phones, emails and sites never wrap (the type shrinks instead); addresses may. */
.name,.ename,.company,.position,.contact,.slogan{white-space:nowrap}
.contact.address{white-space:normal}
.cjk{font-family:${s.latin},${s.cjk},sans-serif}
.row{display:flex;gap:calc(var(--b) * 1.4);align-items:center}
.row.reverse{flex-direction:row-reverse;text-align:right}
.logo{flex:none;width:calc(var(--b) * 4.2);height:calc(var(--b) * 4.2);background:${s.accent};display:flex;align-items:center;justify-content:center}
.logo-inner{width:45%;height:45%;border-radius:50%;background:${s.paperColor};opacity:.85}
.main{flex:1}
.name{font-size:calc(var(--b) * ${fixed(rng.range(1.9, 2.4))});font-weight:${s.nameWeight};color:${s.accent};letter-spacing:${rng.chance(0.4) ? '0.08em' : '0'}}
.suffix{font-size:.6em;font-weight:400;color:${s.muted}}
.ename{font-size:calc(var(--b) * 1.25);font-weight:${s.nameWeight === 200 ? 200 : 600}}
.ename.big{font-size:calc(var(--b) * 1.7);color:${s.accent}}
.position{font-size:calc(var(--b) * 0.95);color:${s.muted}}
.company{font-size:calc(var(--b) * 1.1);font-weight:${rng.pick([600, 700, 400])}}
.companies{margin-bottom:calc(var(--b) * 0.4)}
.rule{height:calc(var(--b) * 0.12);background:${s.accent};margin:calc(var(--b) * 0.5) 0;opacity:.8}
.rule.short{width:30%;margin:calc(var(--b) * 0.5) auto}
.contacts{font-size:calc(var(--b) * 0.9)}
.contacts.center{text-align:center}
.contacts.grid{display:grid;grid-template-columns:1fr 1fr;gap:calc(var(--b) * 0.3) calc(var(--b) * 1.2)}
.contacts.grid .address{grid-column:1 / -1}
.label{color:${s.muted};margin-right:.3em}
.stacked .label{font-size:calc(var(--b) * 0.7);text-transform:uppercase;letter-spacing:.06em;margin:0}
.value.cont{padding-left:${rng.chance(0.5) ? '2.5em' : '0'}}
.centered{display:flex;flex-direction:column;justify-content:center;height:100%;text-align:center}
.identity.center{margin:calc(var(--b) * 0.4) 0}
.cols{display:flex;gap:calc(var(--b) * 1.5);height:100%;align-items:center}
.col{flex:1}
.col.right{flex:1.3;font-size:calc(var(--b) * 0.88);border-left:calc(var(--b) * 0.1) solid ${s.accent};padding-left:calc(var(--b) * 1.2)}
.slogan{font-style:italic;color:${s.accent};font-size:calc(var(--b) * 0.85);margin-top:calc(var(--b) * 0.3)}
/* right-column: identity left, every contact in a narrow column on the right. */
.rc{display:flex;height:100%;gap:calc(var(--b) * 1.4)}
.rc-main{flex:1;display:flex;flex-direction:column;justify-content:center;gap:calc(var(--b) * 0.6)}
.rc-side{flex:0 0 36%;font-size:calc(var(--b) * 0.78);display:flex;flex-direction:column;justify-content:center;gap:calc(var(--b) * 0.25);border-left:calc(var(--b) * 0.08) solid ${s.accent};padding-left:calc(var(--b) * 0.9)}
/* logo-heavy: a third of the card is a band of colour (or a big logo). */
.heavy{display:flex;height:100%}
.heavy.reverse{flex-direction:row-reverse}
.heavy.top{flex-direction:column}
.heavy-side{display:flex;align-items:center;justify-content:center}
.heavy.top .heavy-side{justify-content:flex-start}
.heavy-main{flex:1;margin-left:calc(var(--b) * 1.3);display:flex;flex-direction:column;justify-content:center}
.heavy.reverse .heavy-main{margin:0 calc(var(--b) * 1.3) 0 0}
.heavy.top .heavy-main{margin:calc(var(--b) * 1.2) 0 0;flex-direction:row;align-items:center;gap:calc(var(--b) * 1.5)}
.heavy.banded .logo{background:${s.paperColor}}
.heavy.banded .logo-inner{background:${s.accent}}
/* vertical: the Chinese name and title top to bottom on one side. */
.vt{display:flex;height:100%;gap:calc(var(--b) * 1.6)}
.vt.reverse{flex-direction:row-reverse}
.vt-side{writing-mode:vertical-rl;text-orientation:upright}
.vt-side .cjk,.vt-side .position{font-family:${s.cjk},sans-serif}
.vname{letter-spacing:.18em;margin-left:calc(var(--b) * 0.5)}
.vpos{padding-top:calc(var(--b) * 1.2);font-size:calc(var(--b) * 1.05)}
.vt-main{flex:1;display:flex;flex-direction:column;justify-content:center}
/* band: a dark or coloured band behind the name, with light text. */
.band{margin:0 calc(var(--b) * -1.9);padding:calc(var(--b) * 0.6) calc(var(--b) * 1.9);background:${s.band};color:${s.bandInk}}
.band.center{text-align:center}
.band .name,.band .ename{color:${s.bandInk}}
.band .position{color:${s.bandInk};opacity:.85}
/* minimal: the name and a line or two, large, with room around them. */
.minimal{display:flex;flex-direction:column;justify-content:space-around;height:100%}
.minimal.center{text-align:center}
.minimal .name{font-size:calc(var(--b) * 2.9)}
.minimal .companies{font-size:calc(var(--b) * 0.85)}
.mini-lines{font-size:calc(var(--b) * 1.2);line-height:1.6}
.glare{position:absolute;inset:0;border-radius:${radius}px;pointer-events:none;${glareCss}}
.phone-shadow{${shadowCss}}
${body.cardCss ? `.card{${body.cardCss}}` : ''}
.light{position:fixed;inset:0;pointer-events:none;background:radial-gradient(ellipse at ${light.x}% ${light.y}%,rgba(255,255,235,${light.glow}),rgba(255,250,235,0) 55%),linear-gradient(${light.angle}deg,rgba(0,0,0,0),rgba(0,0,0,${light.shade}))}
`;
  const html = `<!doctype html><html lang="${card.lang}"><head><meta charset="utf-8"><style>${css}</style></head><body><div class="stage"><div class="card">${body.html}</div>${withGlare ? '<div class="glare"></div>' : ''}</div>${withShadow ? '<div class="phone-shadow"></div>' : ''}<div class="light"></div></body></html>`;
  return {
    html,
    width,
    height,
    layout,
    paper: s.paper,
    fonts: { latin: s.latin, cjk: s.cjk },
    faults,
    tilt,
    camera,
  };
}
