/**
 * The HTML of one card photo: the card (one of several layouts) lying tilted on a table
 * (wood, cloth or stone made of CSS gradients and SVG noise) under uneven light, plus what the
 * camera does afterwards (blur, sensor noise, JPEG quality), all drawn from the seeded PRNG.
 * Pure: the renderer (./index.ts) gives the HTML to Chromium and the rest to sharp.
 */
import type { CardAddress, CardModel, CardPhone, Rng } from './data';

export type Layout = 'logo-left' | 'logo-right' | 'centered' | 'stacked' | 'two-columns';
export const LAYOUTS: readonly Layout[] = ['logo-left', 'logo-right', 'centered', 'stacked', 'two-columns'];

/** What sharp does to the screenshot: Gaussian blur sigma (0: none), noise sigma in levels, JPEG quality. */
export type CameraEffects = { blur: number; noise: number; quality: number };

export type Scene = {
  html: string;
  width: number;
  height: number;
  layout: Layout;
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

type Style = {
  cjk: string;
  latin: string;
  paper: string;
  ink: string;
  accent: string;
  muted: string;
  colon: string;
};

function style(rng: Rng, card: CardModel): Style {
  const serif = rng.chance(0.3);
  const cjk =
    card.kind === 'cn'
      ? serif
        ? "'Noto Serif CJK SC'"
        : "'Noto Sans CJK SC'"
      : serif
        ? "'Noto Serif CJK TC'"
        : rng.pick(["'Noto Sans CJK HK'", "'Noto Sans CJK TC'"]);
  const latin = serif
    ? "'Liberation Serif', 'Noto Serif CJK SC'"
    : rng.pick(["'Liberation Sans'", "'Noto Sans CJK SC'"]);
  const dark = rng.chance(0.15);
  const hue = rng.int(0, 359);
  return {
    cjk,
    latin,
    paper: dark
      ? `hsl(${hue} ${rng.int(30, 60)}% ${rng.int(14, 22)}%)`
      : `hsl(${rng.int(30, 60)} ${rng.int(0, 30)}% ${rng.int(94, 99)}%)`,
    ink: dark ? `hsl(${hue} 10% 94%)` : `hsl(${hue} ${rng.int(0, 20)}% ${rng.int(8, 22)}%)`,
    accent: dark ? `hsl(${(hue + 180) % 360} 70% 70%)` : `hsl(${hue} ${rng.int(45, 80)}% ${rng.int(28, 42)}%)`,
    muted: dark ? `hsl(${hue} 10% 78%)` : `hsl(${hue} 8% ${rng.int(30, 40)}%)`,
    colon: card.kind === 'cn' ? rng.pick(['：', '：', ': ']) : rng.pick([': ', ' ', ': ']),
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

function identity(card: CardModel, centered: boolean): string {
  const names = card.chineseName
    ? `<div class="name cjk">${escapeHtml(card.chineseName)}</div>${card.latinName ? `<div class="ename">${escapeHtml(card.latinName)}</div>` : ''}`
    : `<div class="name">${escapeHtml(card.latinName)}</div>`;
  const positions = card.position.map((p) => `<div class="position">${escapeHtml(p)}</div>`).join('');
  return `<div class="identity${centered ? ' center' : ''}">${names}${positions}</div>`;
}

const companies = (card: CardModel) =>
  `<div class="companies">${card.company.map((c) => `<div class="company">${escapeHtml(c)}</div>`).join('')}</div>`;

const slogans = (card: CardModel) => card.slogans.map((t) => `<div class="slogan">${escapeHtml(t)}</div>`).join('');

function logo(rng: Rng): string {
  const shape = rng.pick(['50%', '12%', '0']);
  const rotate = shape === '0' ? 45 : 0;
  return `<div class="logo" style="border-radius:${shape};transform:rotate(${rotate}deg)"><div class="logo-inner"></div></div>`;
}

function cardBody(rng: Rng, card: CardModel, s: Style, layout: Layout): string {
  switch (layout) {
    case 'logo-left':
    case 'logo-right':
      return `<div class="row${layout === 'logo-right' ? ' reverse' : ''}">${logo(rng)}<div class="main">${companies(card)}${identity(card, false)}</div></div><div class="rule"></div><div class="contacts">${contacts(card, s, false)}</div>${slogans(card)}`;
    case 'centered':
      return `<div class="centered">${companies(card)}${identity(card, true)}<div class="rule short"></div><div class="contacts center">${contacts(card, s, false)}</div>${slogans(card)}</div>`;
    case 'stacked':
      return `<div class="row">${logo(rng)}<div class="main">${identity(card, false)}${companies(card)}</div></div><div class="contacts grid">${contacts(card, s, true)}</div>${slogans(card)}`;
    case 'two-columns':
      return `<div class="cols"><div class="col">${identity(card, false)}${companies(card)}${slogans(card)}</div><div class="col right">${contacts(card, s, false)}</div></div>`;
  }
}

function noise(frequency: string, opacity: number, seed: number): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='512' height='512'><filter id='n'><feTurbulence type='fractalNoise' baseFrequency='${frequency}' numOctaves='3' seed='${seed}' stitchTiles='stitch'/><feColorMatrix type='saturate' values='0'/></filter><rect width='100%' height='100%' filter='url(%23n)' opacity='${opacity}'/></svg>`;
  return `url("data:image/svg+xml;utf8,${svg.replaceAll('"', "'")}")`;
}

/** The table under the card: wood, cloth or stone, in varied colours. */
function table(rng: Rng): string {
  const kind = rng.pick(['wood', 'wood', 'cloth', 'stone']);
  const seed = rng.int(1, 999);
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

/** The photo of `card`: page HTML and camera effects, all from `rng`. */
export function makeScene(rng: Rng, card: CardModel): Scene {
  const width = rng.int(16, 24) * 100;
  const height = Math.round((width * rng.pick([3, 3, 9 / 4])) / 4);
  const s = style(rng, card);
  const layout = rng.pick(LAYOUTS);
  const ratio = card.kind === 'en' && card.truth.address.some((a) => /\b[A-Z]{2} \d{5}\b/.test(a)) ? 3.5 / 2 : 90 / 54;
  const cardWidth = Math.round(width * rng.range(0.58, 0.76));
  const cardHeight = Math.round(cardWidth / ratio);
  const base = cardWidth / rng.range(36, 42);
  const tilt = { x: fixed(signed(rng, 2, 20)), y: fixed(signed(rng, 2, 18)), z: fixed(signed(rng, 0, 15)) };
  const perspective = Math.round(width * rng.range(1.1, 2));
  const shift = { x: fixed(rng.range(-0.05, 0.05) * width), y: fixed(rng.range(-0.04, 0.04) * height) };
  const shadow = `${rng.int(-20, 20)}px ${rng.int(8, 40)}px ${rng.int(20, 70)}px rgba(0,0,0,${fixed(rng.range(0.25, 0.55))})`;
  const light = {
    x: rng.int(0, 100),
    y: rng.int(0, 100),
    glow: fixed(rng.range(0.05, 0.3)),
    shade: fixed(rng.range(0.1, 0.45)),
    angle: rng.int(0, 359),
  };
  const camera: CameraEffects = {
    blur: rng.chance(0.5) ? fixed(rng.range(0.4, 1.3)) : 0,
    noise: fixed(rng.range(2, 7)),
    quality: rng.int(60, 85),
  };
  const css = `
*{box-sizing:border-box;margin:0;padding:0}
:root{--b:${fixed(base)}px}
html,body{width:${width}px;height:${height}px;overflow:hidden}
body{${table(rng)};display:flex;align-items:center;justify-content:center}
.stage{transform:translate(${shift.x}px,${shift.y}px) perspective(${perspective}px) rotateX(${tilt.x}deg) rotateY(${tilt.y}deg) rotateZ(${tilt.z}deg)}
.card{position:relative;width:${cardWidth}px;height:${cardHeight}px;background-color:${s.paper};background-image:${noise('0.7', 0.08, 7)};color:${s.ink};box-shadow:${shadow};border-radius:${rng.int(0, 12)}px;padding:calc(var(--b) * 1.6) calc(var(--b) * 1.9);font-family:${s.latin},${s.cjk},sans-serif;font-size:var(--b);line-height:1.35;overflow:hidden;display:flex;flex-direction:column;justify-content:space-between}
.cjk,.company,.position,.contact,.slogan{font-family:${s.latin},${s.cjk},sans-serif}
/* Names, titles, companies, phones, emails and sites never wrap (the type shrinks instead); addresses may. */
.name,.ename,.company,.position,.contact,.slogan{white-space:nowrap}
.contact.address{white-space:normal}
.row{display:flex;gap:calc(var(--b) * 1.4);align-items:center}
.row.reverse{flex-direction:row-reverse;text-align:right}
.logo{flex:none;width:calc(var(--b) * 4.2);height:calc(var(--b) * 4.2);background:${s.accent};display:flex;align-items:center;justify-content:center}
.logo-inner{width:45%;height:45%;border-radius:50%;background:${s.paper};opacity:.85}
.main{flex:1}
.name{font-size:calc(var(--b) * ${fixed(rng.range(1.9, 2.4))});font-weight:700;color:${s.accent};letter-spacing:${rng.chance(0.5) ? '0.08em' : '0'}}
.ename{font-size:calc(var(--b) * 1.25);font-weight:600}
.position{font-size:calc(var(--b) * 0.95);color:${s.muted}}
.company{font-size:calc(var(--b) * 1.1);font-weight:600}
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
.light{position:fixed;inset:0;pointer-events:none;background:radial-gradient(ellipse at ${light.x}% ${light.y}%,rgba(255,250,235,${light.glow}),rgba(255,250,235,0) 55%),linear-gradient(${light.angle}deg,rgba(0,0,0,0),rgba(0,0,0,${light.shade}))}
`;
  const lang = card.kind === 'cn' ? 'zh-Hans' : card.kind === 'hk' ? 'zh-Hant-HK' : 'en';
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${css}</style></head><body><div class="stage"><div class="card">${cardBody(rng, card, s, layout)}</div></div><div class="light"></div></body></html>`;
  return { html, width, height, layout, tilt, camera };
}
