import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CloudCard } from '../../src/api';
import { csvOf, exportFileName, vcardOf } from '../../src/lib/cloud-export';
import { foldLine, splitPersonalName as splitName } from '../../src/lib/vcard-text';
import { readVCards } from '../support/vcards';

const rows = (pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value }));
const card = (id: string, pairs: [string, string][], over: Partial<CloudCard> = {}): CloudCard => ({
  id,
  photo: '',
  photo_bg: '',
  extension: rows(pairs),
  group_id: '',
  created_at: 1,
  updated_at: 1,
  ...over,
});

const chan = card(
  'card00001',
  [
    ['name', '陳大文'],
    ['english_name', 'Tai Man CHAN'],
    ['company', '大文貿易, 有限公司; 香港'],
    ['position', 'Director, Sales\nAsia'],
    ['tel', '+852 9123 4567'],
    ['tel', '2345-6789'],
    ['email', 'taiman@example.hk'],
    ['website', 'example.hk/a,b'],
    ['website', 'javascript:alert(1)'],
    ['address', '香港中環皇后大道中1號, 10樓\n(近地鐵站)'],
    ['other', 'Met at the fair; back\\slash'],
    ['wechat', 'taiman_chan'],
    ['email', '   '],
  ],
  { photo: 'https://cdn.example.com/c/1.jpg' },
);
const local = card('card00002', [['english_name', 'Peter Wong']], { photo: 'local:abc' });
/** Photos as the server stores them: paths on our origin. */
const uploaded = card('card00003', [['name', 'David Wong, Jr.']], {
  photo: '/blobs/cloud/front-1.webp',
  photo_bg: '/blobs/cloud/back-1.webp',
});
const ORIGIN = 'https://cardbook.example';

/** Every vCard of a file as ical.js components. */
function parseAll(text: string): ICAL.Component[] {
  const parsed = ICAL.parse(text) as unknown[];
  const list = typeof parsed[0] === 'string' ? [parsed] : parsed;
  return list.map((jcal) => new ICAL.Component(jcal as unknown[]));
}

/** RFC 4180 reader, to read our CSV back. */
function readCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) out.push([...row, field]);
  return out;
}

describe('vcardOf', () => {
  const text = vcardOf([chan, local], ORIGIN);

  it('is CRLF throughout, folded at 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const long = `NOTE:${'香港'.repeat(40)}`;
    const parts = foldLine(long).split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(long);
  });

  it('parses with ical.js and keeps every field', () => {
    const [a, b] = parseAll(text);
    if (!a || !b) throw new Error('two cards expected');
    expect(a.getFirstPropertyValue('version')).toBe('3.0');
    expect(a.getFirstPropertyValue('fn')).toBe('陳大文');
    expect(a.getFirstPropertyValue('n')).toEqual(['陳', '大文', '', '', '']);
    expect(a.getFirstPropertyValue('nickname')).toBe('Tai Man CHAN');
    expect(a.getFirstPropertyValue('org')).toBe('大文貿易, 有限公司; 香港');
    expect(a.getFirstPropertyValue('title')).toBe('Director, Sales\nAsia');
    expect(a.getAllProperties('tel').map((p) => p.getFirstValue())).toEqual(['+852 9123 4567', '2345-6789']);
    expect(a.getAllProperties('email').map((p) => p.getFirstValue())).toEqual(['taiman@example.hk']);
    expect(a.getAllProperties('url').map((p) => p.getFirstValue())).toEqual(['https://example.hk/a%2Cb']);
    const adr = a.getFirstPropertyValue('adr') as unknown as string[];
    expect(adr[2]).toBe('香港中環皇后大道中1號, 10樓\n(近地鐵站)');
    expect(readVCards(text)[0]?.note).toBe('Met at the fair; back\\slash\nwechat: taiman_chan');
    expect(a.getFirstPropertyValue('photo')).toBe('https://cdn.example.com/c/1.jpg');

    expect(b.getFirstPropertyValue('fn')).toBe('Peter Wong');
    expect(b.getFirstPropertyValue('n')).toEqual(['Wong', 'Peter', '', '', '']);
    expect(b.getFirstProperty('photo')).toBeNull();
    expect(b.getFirstProperty('org')).toBeNull();
  });

  it('names split as people write them', () => {
    expect(splitName('歐陽小明')).toEqual({ family: '歐陽', given: '小明', suffix: '' });
    expect(splitName('CHAN Tai Man')).toEqual({ family: 'CHAN', given: 'Tai Man', suffix: '' });
    expect(splitName('Madonna')).toEqual({ family: '', given: 'Madonna', suffix: '' });
  });

  it('an empty list is an empty file', () => {
    expect(vcardOf([], ORIGIN)).toBe('');
  });

  it('reads the same with ical.js and vcf, hostile text included', () => {
    const hostile = 'A;B,C\\D\nE:F "G" 😀 陳';
    const text = vcardOf(
      [
        card('card00004', [
          ['name', hostile],
          ['company', hostile],
          ['position', hostile],
          ['address', hostile],
          ['other', hostile],
        ]),
        chan,
      ],
      ORIGIN,
    );
    const [h, c] = readVCards(text);
    expect(h?.fn).toBe(hostile);
    expect(h?.org).toEqual([{ group: null, value: [hostile] }]);
    expect(h?.title).toEqual([hostile]);
    expect(h?.adr).toEqual([['', '', hostile, '', '', '', '']]);
    expect(h?.note).toBe(hostile);
    expect(c?.fn).toBe('陳大文');
  });

  it('has the photo: its JPEG when given, else its link on our origin; none before it is uploaded', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const [withBytes, link, none] = readVCards(
      vcardOf([uploaded, { ...uploaded, id: 'card00005' }, local], ORIGIN, new Map([[uploaded.id, jpeg]])),
    );
    expect(withBytes?.photo).toBe(`b:${Buffer.from(jpeg).toString('base64')}`);
    expect(link?.photo).toBe('uri:https://cardbook.example/blobs/cloud/front-1.webp');
    expect(none?.photo).toBeNull();
    expect(withBytes?.n).toEqual(['Wong', 'David', '', '', 'Jr.']);
  });
});

describe('csvOf', () => {
  it('starts with a BOM, has a header row and reads back cell for cell', () => {
    const text = csvOf([chan, local, uploaded], ORIGIN);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const table = readCsv(text.slice(1));
    expect(table[0]).toEqual([
      'name',
      'english_name',
      'company',
      'position',
      'tel',
      'email',
      'website',
      'address',
      'other',
      'photo',
      'photo_bg',
    ]);
    expect(table[1]).toEqual([
      '陳大文',
      'Tai Man CHAN',
      '大文貿易, 有限公司; 香港',
      'Director, Sales\nAsia',
      '+852 9123 4567\n2345-6789',
      'taiman@example.hk',
      'example.hk/a,b\njavascript:alert(1)',
      '香港中環皇后大道中1號, 10樓\n(近地鐵站)',
      'Met at the fair; back\\slash\nwechat: taiman_chan',
      'https://cdn.example.com/c/1.jpg',
      '',
    ]);
    expect(table[2]).toEqual(['', 'Peter Wong', '', '', '', '', '', '', '', '', '']);
    // The photo columns hold absolute links to the uploaded photos.
    expect(table[3]?.slice(-2)).toEqual([
      'https://cardbook.example/blobs/cloud/front-1.webp',
      'https://cardbook.example/blobs/cloud/back-1.webp',
    ]);
    expect(table).toHaveLength(4);
  });

  it('doubles quotes and takes headers in the user language', () => {
    const text = csvOf([card('card00003', [['name', 'Say "hi"']])], ORIGIN, {
      name: '姓名',
      english_name: '英文名',
      company: '公司',
      position: '職位',
      tel: '電話',
      email: '電郵',
      website: '網站',
      address: '地址',
      other: '其他',
      photo: '正面',
      photo_bg: '背面',
    });
    expect(text.split('\r\n')[1]).toBe('"Say ""hi""",,,,,,,,,,');
    expect(readCsv(text.slice(1))[0]?.[0]).toBe('姓名');
  });

  it('file names keep letters and CJK', () => {
    expect(exportFileName('陳大文 / ACME', 'vcf')).toBe('陳大文-ACME.vcf');
    expect(exportFileName('///', 'csv')).toBe('cards.csv');
  });
});
