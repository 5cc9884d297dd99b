/**
 * What every kind of made-up card shares: the seeded PRNG, the card model, phones that
 * libphonenumber calls valid, and addresses split into printed lines. Pure (no I/O).
 */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CardFields } from '../../src/api/cloud';

export type CardKind = 'hk' | 'en' | 'cn' | 'cnen' | 'tw' | 'sg' | 'eu';
/**
 * hk: bilingual Hong Kong (Traditional); en: US, UK, Canada, Australia; cn: mainland Simplified
 * only; cnen: mainland Simplified + English; tw: Taiwan (Traditional, often English too); sg:
 * Singapore English (sometimes a Simplified name); eu: Germany, France, Spain, Italy,
 * Netherlands, Switzerland, Austria (accented Latin).
 */
export const CARD_KINDS: readonly CardKind[] = ['hk', 'en', 'cn', 'cnen', 'tw', 'sg', 'eu'];
/** The kinds whose cards carry a Chinese name always (the vertical layout is theirs). */
export const CHINESE_KINDS: readonly CardKind[] = ['hk', 'cn', 'cnen', 'tw'];

/** A small deterministic PRNG (mulberry32) with the helpers the generator needs. */
export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  range(min: number, max: number): number;
  digits(n: number): string;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
    range: (min, max) => min + next() * (max - min),
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
  };
}

/**
 * One phone as printed: its label, the text on the card, what the truth holds (libphonenumber's
 * formatInternational), the country the number belongs to (the card's), and which line it is.
 */
export type CardPhone = {
  label: string;
  shown: string;
  international: string;
  fax: boolean;
  region: CountryCode;
  line: PhoneKind;
};

/** An address as printed (one or more lines) and as one truth entry. */
export type CardAddress = { label: string; lines: string[]; joined: string };

/** A card to draw: every text on it, the truth, and how it looks. */
export type CardModel = {
  kind: CardKind;
  /** The country the card is from: its phones are that country's numbers. */
  country: CountryCode;
  /** The HTML lang of the card (zh-Hant-HK, zh-Hans, de, …). */
  lang: string;
  /** Chinese name ('' when none is printed) and the Latin name ('' on mainland cards). */
  chineseName: string;
  latinName: string;
  /** Printed after the Latin name (', PhD'), in no truth field; '' mostly. */
  nameSuffix: string;
  company: string[];
  position: string[];
  phones: CardPhone[];
  emailLabel: string;
  email: string[];
  websiteLabel: string;
  website: string[];
  address: CardAddress[];
  /** Slogans printed on the card (they belong to `other`). */
  slogans: string[];
  truth: CardFields;
};

export type CardDraft = Omit<CardModel, 'truth'>;
export type Pair = readonly [zh: string, en: string];

/**
 * A phone number of `region` valid by libphonenumber, drawn from `make` until it is; with
 * `line`, one that libphonenumber also takes for a mobile (or a fixed) line (or either).
 */
export function validNumber(
  region: CountryCode,
  make: () => string,
  line?: 'mobile' | 'fixed',
): { national: string; international: string } {
  const wanted = line === 'mobile' ? 'MOBILE' : 'FIXED_LINE';
  for (let i = 0; i < 200; i += 1) {
    const national = make();
    const parsed = parsePhoneNumberFromString(national, region);
    if (!parsed?.isValid()) continue;
    const type = parsed.getType();
    if (line && type !== wanted && type !== 'FIXED_LINE_OR_MOBILE') continue;
    return { national, international: parsed.formatInternational() };
  }
  throw new Error(`no valid ${region} ${line ?? ''} number made in 200 tries`);
}

/** The line a phone of `kind` is: mobile, or fixed (an office line or a fax). */
export const lineOf = (kind: PhoneKind): 'mobile' | 'fixed' => (kind === 'mobile' ? 'mobile' : 'fixed');

export type PhoneKind = 'tel' | 'mobile' | 'fax';
export type PhoneLabels = Record<PhoneKind, readonly string[]>;
export type Printed = { shown: string; international: string };

/**
 * 1–3 phones of `region`: a mobile or an office line first, then maybe the other, then maybe a
 * fax. The labels of one card are of one style (the same index in each list).
 */
export function phoneList(
  rng: Rng,
  region: CountryCode,
  labels: PhoneLabels,
  make: (k: PhoneKind) => Printed,
): CardPhone[] {
  const kinds: PhoneKind[] = [rng.chance(0.6) ? 'tel' : 'mobile'];
  if (rng.chance(0.6)) kinds.push(kinds[0] === 'tel' ? 'mobile' : 'tel');
  if (rng.chance(0.35)) kinds.push('fax');
  const style = rng.int(0, 5);
  return kinds.map((k): CardPhone => {
    const list = labels[k];
    return { label: list[style % list.length] ?? k, ...make(k), fax: k === 'fax', region, line: k };
  });
}

/** Lower-case ASCII letters and digits of `text` (accents dropped, ß as ss). */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replaceAll('ß', 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** 'a.b', 'ab', 'a' + first of b… : the local part of an e-mail from a given name and a surname. */
export function emailUser(rng: Rng, given: string, surname: string): string {
  const g = slug(given);
  const s = slug(surname);
  return rng.pick([`${g}.${s}`, `${g.charAt(0)}${s}`, `${g}`, `${g}.${s}`, `${g.charAt(0)}.${s}`]);
}

/**
 * A Latin address from its parts (joined by ', ' on one line), printed on 1–3 lines cut between
 * parts, the first line holding about half of them. A line that is not the last ends with its comma on some cards and without it on
 * others; the truth entry is the address on one line, its parts joined by ', ' whether or not the
 * printed lines end with a comma (what a user keeps of it). `ownLastLine` puts
 * the last part (a country) on a line of its own.
 */
export function latinAddress(rng: Rng, label: string, parts: string[], ownLastLine = false): CardAddress {
  const n = parts.length;
  const cuts = new Set<number>();
  const lines = ownLastLine ? rng.int(2, 3) : rng.pick([1, 1, 2, 2, 2, 3]);
  // The first cut near the middle, a second one after it (the country, or the city line).
  const middle = Math.max(1, Math.round(n / 2) + rng.int(-1, 0));
  if (lines > 1 && n > 1) cuts.add(ownLastLine && lines === 2 ? n - 1 : middle);
  if (lines > 2 && middle < n - 1) cuts.add(ownLastLine ? n - 1 : rng.int(middle + 1, n - 1));
  const comma = rng.chance(0.5) ? ',' : '';
  const printed: string[] = [];
  let current: string[] = [];
  parts.forEach((part, i) => {
    if (cuts.has(i) && current.length > 0) {
      printed.push(`${current.join(', ')}${comma}`);
      current = [];
    }
    current.push(part);
  });
  printed.push(current.join(', '));
  return { label, lines: printed, joined: parts.join(', ') };
}

/** A Chinese address on one line, or two cut at `cutAt` (joined with nothing in the truth). */
export function chineseAddress(rng: Rng, label: string, full: string, cutAt: number): CardAddress {
  if (rng.chance(0.5)) return { label, lines: [full], joined: full };
  return { label, lines: [full.slice(0, cutAt), full.slice(cutAt)], joined: full };
}

/** Groups of digits: group('12345678', 4, 4) is ['1234', '5678']; the last group takes the rest. */
export function groups(digits: string, ...sizes: number[]): string[] {
  const out: string[] = [];
  let at = 0;
  sizes.forEach((size, i) => {
    out.push(i === sizes.length - 1 ? digits.slice(at) : digits.slice(at, at + size));
    at += size;
  });
  return out.filter((g) => g.length > 0);
}
