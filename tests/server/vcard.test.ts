import ICAL from 'ical.js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { emptyExtension, keywordGrams, normalizeSearch } from '../../server/services/cards';
import { buildVCard, vcardDisposition } from '../../server/services/vcard';
import { foldLine, splitPersonalName, websiteUrl } from '../../src/lib/vcard-text';
import { readVCard } from '../support/vcards';

describe('splitPersonalName', () => {
  it.each([
    ['陳大文', '陳', '大文'],
    ['歐陽小明', '歐陽', '小明'],
    ['欧阳娜娜', '欧阳', '娜娜'],
    ['司徒', '司', '徒'],
    ['김민수', '김', '민수'],
    ['王', '王', ''],
    ['山田 太郎', '山田', '太郎'],
    ['Peter Chan', 'Chan', 'Peter'],
    ['Mary Ann van der Berg', 'Berg', 'Mary Ann van der'],
    ['CHAN Tai Man', 'CHAN', 'Tai Man'],
    ['Tai Man CHAN', 'CHAN', 'Tai Man'],
    ['Chan, Tai Man', 'Chan', 'Tai Man'],
    ['Madonna', '', 'Madonna'],
    ['  Peter   Chan  ', 'Chan', 'Peter'],
    ['', '', ''],
  ])('%s', (name, family, given) => {
    expect(splitPersonalName(name)).toEqual({ family, given, suffix: '' });
  });

  it.each([
    ['David Wong, Jr.', 'Wong', 'David', 'Jr.'],
    ['Wong, David, Jr.', 'Wong', 'David', 'Jr.'],
    ['David Wong Jr.', 'Wong', 'David', 'Jr.'],
    ['Mary Lee, PhD', 'Lee', 'Mary', 'PhD'],
    ['John Smith, Sr., MD', 'Smith', 'John', 'Sr., MD'],
    ['Henry Ford III', 'Ford', 'Henry', 'III'],
    ['CHAN Tai Man, JP', 'CHAN', 'Tai Man', 'JP'],
    ['Chan, Tai Man', 'Chan', 'Tai Man', ''],
  ])('%s has an honorific suffix', (name, family, given, suffix) => {
    expect(splitPersonalName(name)).toEqual({ family, given, suffix });
  });
});

describe('foldLine', () => {
  it('keeps short lines, folds long ones at 75 octets without splitting a character', () => {
    expect(foldLine('FN:陳大文')).toBe('FN:陳大文');
    const line = `NOTE:${'香港'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});

describe('buildVCard', () => {
  it('escapes text and survives a parser round trip', () => {
    const extension = emptyExtension();
    extension.company.push({ name: 'A; B, C', department: 'x\\y', position: 'Line one\nline two', key: 'company' });
    extension.tel.push({ key: 'mobile', content: '9123\r\n4567' });
    extension.website.push({ key: 'company', content: 'example.com/a,b' });
    const text = buildVCard({
      uid: 'urn:test:1',
      name: '',
      english_name: 'Peter Chan',
      profile: 'a;b,c\\d',
      photo: null,
      extension,
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    const card = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(card.getFirstPropertyValue('fn')).toBe('Peter Chan');
    expect(card.getFirstPropertyValue('org')).toEqual(['A; B, C', 'x\\y']);
    expect(card.getFirstPropertyValue('title')).toBe('Line one\nline two');
    expect(card.getFirstPropertyValue('tel')).toBe('9123 4567');
    expect(card.getFirstPropertyValue('url')).toBe('https://example.com/a%2Cb');
    expect(text).toContain('\r\nNOTE:a\\;b\\,c\\\\d\r\n');
    expect(card.getFirstPropertyValue('photo')).toBeNull();
    expect(readVCard(text).note).toBe('a;b,c\\d');
  });

  it('keeps only http(s) websites: one without a scheme is https, any other scheme is dropped', () => {
    const extension = emptyExtension();
    for (const content of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.com/x',
      'HTTPS://Example.com/Path',
      'www.example.com:8080/a b;c',
      '//cdn.example.com/x',
      'http://',
    ]) {
      extension.website.push({ key: 'personal', content });
    }
    const text = buildVCard({ uid: 'u', name: 'A', english_name: '', profile: '', photo: null, extension });
    expect(text).not.toMatch(/javascript|data:|vbscript|file:|ftp:/i);
    const card = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(card.getAllProperties('url').map((p) => p.getFirstValue())).toEqual([
      'HTTPS://Example.com/Path',
      'https://www.example.com:8080/a%20b%3Bc',
      'https://cdn.example.com/x',
    ]);
    expect(websiteUrl('example.com')).toBe('https://example.com');
    expect(websiteUrl('http://example.com/?q=a,b')).toBe('http://example.com/?q=a%2Cb');
  });

  it('escapes commas, semicolons, backslashes and newlines in every text value', () => {
    const extension = emptyExtension();
    extension.email.push({ key: 'work', content: 'a,b@example.com' });
    extension.social.push({ key: 'facebook', content: 'me, myself; I\\' });
    extension.address.push({ key: 'home', content: 'Flat 2, 3/F; Road\nKowloon' });
    extension.industry.push({ key: 'industry', content: 'Banking, Finance' });
    const text = buildVCard({
      uid: 'u',
      name: '陳, 大文',
      english_name: 'Chan; Tai, Man',
      profile: '',
      photo: null,
      extension,
    });
    const card = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(card.getFirstPropertyValue('fn')).toBe('陳, 大文');
    expect(card.getFirstPropertyValue('email')).toBe('a,b@example.com');
    expect(text).toContain('\r\nX-SOCIALPROFILE;TYPE=facebook:me\\, myself\\; I\\\\\r\n');
    expect(text).toContain('\r\nNICKNAME:Chan\\; Tai\\, Man\r\n');
    expect(card.getFirstPropertyValue('adr')).toEqual(['', '', 'Flat 2, 3/F; Road\nKowloon', '', '', '', '']);
    expect(card.getFirstPropertyValue('note')).toBe('Banking, Finance');
    const read = readVCard(text);
    expect(read.nickname).toBe('Chan; Tai, Man');
    expect(read.social).toEqual([{ type: 'facebook', value: 'me, myself; I\\' }]);
  });

  it('hostile text in every field reads back the same with ical.js and with vcf', () => {
    const hostile = 'A;B,C\\D\nE:F "G" 😀 陳\r\nEND:VCARD';
    const extension = emptyExtension();
    extension.company.push({ name: hostile, department: hostile, position: hostile, key: 'company' });
    extension.email.push({ key: 'work', content: 'x;y@example.com' });
    extension.address.push({ key: 'work', content: hostile });
    extension.social.push({ key: 'wechat', content: hostile });
    extension.other.push({ key: 'other', content: hostile });
    const text = buildVCard({
      uid: 'urn:test:;,',
      name: hostile,
      english_name: `${hostile} 2`,
      profile: hostile,
      photo: null,
      extension,
    });
    expect(text.match(/^BEGIN:VCARD\r$/gm)).toHaveLength(1);
    expect(text.match(/^END:VCARD\r$/gm)).toHaveLength(1);
    const card = readVCard(text);
    const read = hostile.replace('\r\n', '\n'); // a vCard line break is a newline
    expect(card.fn).toBe(read);
    expect(card.nickname).toBe(`${read} 2`);
    expect(card.org).toEqual([{ group: null, value: [read, read] }]);
    expect(card.title).toEqual([read]);
    expect(card.adr).toEqual([['', '', read, '', '', '', '']]);
    expect(card.social).toEqual([{ type: 'wechat', value: read }]);
    expect(card.note).toBe(`${read}\n${read}`);
    expect(card.email).toEqual(['x;y@example.com']);
  });

  it('writes an honorific suffix as the fifth component of N', () => {
    const text = buildVCard({
      uid: 'u',
      name: 'David Wong, Jr.',
      english_name: '',
      profile: '',
      photo: null,
      extension: emptyExtension(),
    });
    const card = readVCard(text);
    expect(card.fn).toBe('David Wong, Jr.');
    expect(card.n).toEqual(['Wong', 'David', '', '', 'Jr.']);
  });

  it('writes only social entries that are handles or http(s) links', () => {
    const extension = emptyExtension();
    for (const content of ['javascript:alert(1)', 'data:text/html,x', 'https://x.com/alice', '@alice']) {
      extension.social.push({ key: 'twitter', content });
    }
    extension.social.push({ key: 'whatsapp', content: '85291234567' });
    const text = buildVCard({ uid: 'u', name: 'A', english_name: '', profile: '', photo: null, extension });
    expect(text).not.toMatch(/javascript|data:/i);
    expect(readVCard(text).social.map((s) => s.value)).toEqual(['https://x.com/alice', '@alice', '85291234567']);
  });

  it('embeds the photo as a base64 JPEG', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const text = buildVCard({
      uid: 'u',
      name: 'A',
      english_name: '',
      profile: '',
      photo: jpeg,
      extension: emptyExtension(),
    });
    expect(text).toContain('\r\nPHOTO;ENCODING=b;TYPE=JPEG:');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const photo = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstProperty('photo');
    expect(photo?.getParameter('type')).toBe('JPEG');
    expect(Buffer.from(String(photo?.getFirstValue()), 'base64').equals(jpeg)).toBe(true);
  });

  it('falls back to the company for a card with no name', () => {
    const extension = emptyExtension();
    extension.company.push({ name: 'Acme', department: '', position: '', key: 'company' });
    const text = buildVCard({ uid: 'u', name: '', english_name: '', profile: '', photo: null, extension });
    expect(text).toContain('\r\nFN:Acme\r\n');
    expect(text).toContain('\r\nN:;;;;\r\n');
  });
});

describe('vcardDisposition', () => {
  it('gives an ASCII name and the UTF-8 one, without quotes or folders', () => {
    expect(vcardDisposition('陳大文')).toBe(
      `attachment; filename="card.vcf"; filename*=UTF-8''%E9%99%B3%E5%A4%A7%E6%96%87.vcf`,
    );
    expect(vcardDisposition('a/b"c\r\n')).toBe(`attachment; filename="abc.vcf"; filename*=UTF-8''abc.vcf`);
    expect(vcardDisposition("Peter (O'Brien)")).toBe(
      `attachment; filename="Peter (O'Brien).vcf"; filename*=UTF-8''Peter%20%28O%27Brien%29.vcf`,
    );
  });
});

describe('search keys', () => {
  it('are the pieces card_search_grams indexes: wide characters, pairs with one, ASCII triples', () => {
    expect(keywordGrams('chan')).toEqual(['cha', 'han']);
    expect(keywordGrams('陳')).toEqual(['陳']);
    expect(keywordGrams('陳大文')).toEqual(['陳大', '大文']);
    expect(keywordGrams('a')).toEqual([]);
    expect(keywordGrams('ng')).toEqual([]);
    expect(keywordGrams('aaaa')).toEqual(['aaa']);
    expect(keywordGrams('𠀀a')).toEqual(['𠀀a']);
    expect(keywordGrams('工程師 ab')).toEqual(['工程', '程師', '師 ', ' ab']);
    expect(normalizeSearch('ＡＢＣ Octopus')).toBe('abc octopus');
  });
});
