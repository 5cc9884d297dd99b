import ICAL from 'ical.js';
import VCard from 'vcf';
import { expect } from 'vitest';

/**
 * Reads a vCard file with two independent parsers, ical.js and vcf (node-vcf), and answers the
 * contacts as plain values after checking both read the same thing. A writer that forgets an
 * escape, folds inside a character or breaks a line shows here as a changed or split value.
 */
export type Contact = {
  fn: string;
  n: string[];
  nickname: string | null;
  org: { group: string | null; value: string[] }[];
  title: string[];
  tel: string[];
  email: string[];
  adr: string[][];
  url: string[];
  social: { type: string; value: string }[];
  note: string | null;
  /** 'b:<base64>' for an embedded picture, 'uri:<url>' for a link, null for none. */
  photo: string | null;
  uid: string;
};

/**
 * ical.js decodes `\;` only inside structured values (N, ORG, ADR): in a single text value it
 * keeps the backslash (its vCard design, FROM_VCARD_NEWLINE), though RFC 2426 requires the
 * escape and RFC 6350 §3.4 allows it. The writer always escapes `;`, so `\;` there is one.
 */
const icalText = (value: string) => value.replaceAll('\\;', ';');

export function readWithIcal(text: string): Contact[] {
  const parsed = ICAL.parse(text) as unknown[];
  const list = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[][];
  return list.map((jcal) => {
    const card = new ICAL.Component(jcal);
    const all = (name: string) => card.getAllProperties(name);
    const str = (name: string) => {
      const value = card.getFirstPropertyValue(name);
      return value === null || value === undefined ? null : icalText(String(value));
    };
    const photo = card.getFirstProperty('photo');
    const types = (p: ICAL.Property) => {
      const type = p.getParameter('type');
      return (Array.isArray(type) ? type : type ? [type] : []).map((t) => String(t).toLowerCase());
    };
    return {
      fn: str('fn') ?? '',
      n: (card.getFirstPropertyValue('n') as unknown as string[] | null) ?? [],
      nickname: str('nickname'),
      org: all('org').map((p) => {
        const value = p.getFirstValue() as unknown as string | string[];
        const group = p.getParameter('group');
        return { group: typeof group === 'string' ? group : null, value: Array.isArray(value) ? value : [value] };
      }),
      title: all('title').map((p) => icalText(String(p.getFirstValue()))),
      tel: all('tel').map((p) => String(p.getFirstValue())),
      email: all('email').map((p) => icalText(String(p.getFirstValue()))),
      adr: all('adr').map((p) => p.getFirstValue() as unknown as string[]),
      url: all('url').map((p) => String(p.getFirstValue())),
      // ical.js does not know X-SOCIALPROFILE: it hands the text back as written.
      social: all('x-socialprofile').map((p) => ({
        type: types(p).join(','),
        value: decodeText(String(p.getFirstValue())),
      })),
      note: str('note'),
      photo: photo
        ? photo.getParameter('encoding') === 'b'
          ? `b:${String(photo.getFirstValue())}`
          : `uri:${String(photo.getFirstValue())}`
        : null,
      uid: str('uid') ?? '',
    };
  });
}

/** RFC 6350 §3.4 text decoding: \\ \, \; \n. */
function decodeText(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Components of a structured value: split at unescaped semicolons, each decoded. */
function decodeStructured(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i];
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1];
      i += 1;
    } else if (c === ';') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map(decodeText);
}

export function readWithVcf(text: string): Contact[] {
  return VCard.parse(text).map((card) => {
    expect(card.version).toBe('3.0');
    const all = (key: string) => {
      const value = card.get(key);
      return value === undefined ? [] : Array.isArray(value) ? value : [value];
    };
    const raw = (key: string) => {
      const [first] = all(key);
      return first === undefined ? null : first.valueOf();
    };
    const str = (key: string) => {
      const value = raw(key);
      return value === null ? null : decodeText(value);
    };
    const [photo] = all('photo');
    const types = (p: { type?: string | string[] }) => (Array.isArray(p.type) ? p.type : p.type ? [p.type] : []);
    return {
      fn: str('fn') ?? '',
      n: raw('n') === null ? [] : decodeStructured(raw('n') ?? ''),
      nickname: str('nickname'),
      org: all('org').map((p) => ({ group: p.group ?? null, value: decodeStructured(p.valueOf()) })),
      title: all('title').map((p) => decodeText(p.valueOf())),
      tel: all('tel').map((p) => p.valueOf()),
      email: all('email').map((p) => decodeText(p.valueOf())),
      adr: all('adr').map((p) => decodeStructured(p.valueOf())),
      url: all('url').map((p) => p.valueOf()),
      social: all('xSocialprofile').map((p) => ({ type: types(p).join(','), value: decodeText(p.valueOf()) })),
      note: str('note'),
      photo: photo ? (photo.encoding === 'b' ? `b:${photo.valueOf()}` : `uri:${photo.valueOf()}`) : null,
      uid: str('uid') ?? '',
    };
  });
}

/** The contacts of a vCard file, as both parsers read them (they must agree). */
export function readVCards(text: string): Contact[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text).not.toMatch(/[^\r]\n|\r[^\n]/);
  for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const fromIcal = readWithIcal(text);
  expect(readWithVcf(text)).toEqual(fromIcal);
  return fromIcal;
}

/** The one contact of a vCard file. */
export function readVCard(text: string): Contact {
  const contacts = readVCards(text);
  expect(contacts).toHaveLength(1);
  return contacts[0] as Contact;
}
