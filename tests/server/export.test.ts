import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtension } from '../../server/services/cards';
import { type ExportFile, exportFileSchema } from '../../src/api';
import { readVCards } from '../support/vcards';
import { call, createTestApp, registerUser, type TestApp } from './helper';
import { type User, userWithCard } from './social';

/** Uploads a photo as the app does (multipart), answers its URL. */
async function upload(user: { token: string }, url: '/api/card/upload' | '/api/ocr/upload'): Promise<string> {
  const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body });
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': request.headers.get('content-type') ?? '', token: user.token },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { url: string } }).data.url;
}

/** Export all my data (src/api/export.ts): my rows by table, and vCards, of mine only. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('export all my data', () => {
  it('answers a JSON file of my rows with vCards that parse, and nothing of anyone else', async () => {
    const me = await userWithCard(t, 'Mei Export');
    const friend = await userWithCard(t, 'Fred Friend');
    await userWithCard(t, 'Stan Stranger');
    expect(
      (await call(t.app, 'POST', '/api/friend/add', { content: [friend.shareStr] }, { token: me.token })).status,
    ).toBe(200);
    const cloud = await call(
      t.app,
      'POST',
      '/api/ocr/add',
      {
        photo: '',
        photo_bg: '',
        extension: [
          { key: 'name', value: 'Paper Card' },
          { key: 'tel', value: '+852 2345 6789' },
        ],
      },
      { token: me.token },
    );
    expect(cloud.status).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: { token: me.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cardbook-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file: ExportFile = exportFileSchema.parse(res.json());
    expect(file.user_id).toBe(me.id);
    expect(file.tables.card?.map((row) => row.value && 'name' in row.value && row.value.name)).toEqual(['Mei Export']);
    expect(file.tables.friend).toHaveLength(1);
    expect(file.tables.cloudCard).toHaveLength(1);
    expect(JSON.stringify(file)).not.toContain('Stan Stranger');

    const names = (vcf: string) => {
      const parsed = ICAL.parse(vcf) as unknown[];
      const cards = typeof parsed[0] === 'string' ? [parsed] : parsed;
      return cards.map((jcal) => new ICAL.Component(jcal as unknown[]).getFirstPropertyValue('fn'));
    };
    expect(names(file.vcards.my_card)).toEqual(['Mei Export']);
    expect(names(file.vcards.friends)).toEqual(['Fred Friend']);
    expect(names(file.vcards.cloud_cards)).toEqual(['Paper Card']);
  });

  it('writes every vCard with its photo and hostile text that ical.js and vcf read back alike', async () => {
    // Single-line fields refuse control characters (newline included); a profile may hold lines.
    const hostile = 'A;B,C\\D E:F "G" 😀 陳';
    const cardOf = async (user: User | Awaited<ReturnType<typeof registerUser>>, name: string) => {
      const saved = await call(
        t.app,
        'POST',
        '/api/card/create',
        {
          name,
          english_name: hostile,
          photo: await upload(user, '/api/card/upload'),
          photo_back: '',
          profile: `${hostile}\n${hostile}`,
          is_open: 0,
          extension: {
            ...emptyExtension(),
            company: [{ name: hostile, department: '', position: hostile }],
            social: [{ key: 'wechat', content: hostile }],
          },
        },
        { token: user.token },
      );
      expect(saved.status).toBe(200);
      return (saved.body.data as { share_str: string }).share_str;
    };
    const me = await registerUser(t);
    await cardOf(me, 'David Wong, Jr.');
    const friend = await registerUser(t);
    const friendKey = await cardOf(friend, `Fred ${hostile}`);
    expect((await call(t.app, 'POST', '/api/friend/add', { content: [friendKey] }, { token: me.token })).status).toBe(
      200,
    );
    const cloud = await call(
      t.app,
      'POST',
      '/api/ocr/add',
      {
        photo: await upload(me, '/api/ocr/upload'),
        photo_bg: '',
        extension: [
          { key: 'name', value: 'Wong, David, Jr.' },
          { key: 'company', value: hostile },
          { key: 'other', value: hostile },
        ],
      },
      { token: me.token },
    );
    expect(cloud.status).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: { token: me.token } });
    const file: ExportFile = exportFileSchema.parse(res.json());
    const [mine] = readVCards(file.vcards.my_card);
    expect(mine?.n).toEqual(['Wong', 'David', '', '', 'Jr.']);
    expect(mine?.nickname).toBe(hostile);
    expect(mine?.note).toBe(`${hostile}\n${hostile}`);
    expect(mine?.social).toEqual([{ type: 'wechat', value: hostile }]);
    expect(mine?.org).toEqual([{ group: null, value: [hostile] }]);
    const [fred] = readVCards(file.vcards.friends);
    expect(fred?.fn).toBe(`Fred ${hostile}`);
    expect(fred?.title).toEqual([hostile]);
    const [paper] = readVCards(file.vcards.cloud_cards);
    expect(paper?.fn).toBe('Wong, David, Jr.');
    expect(paper?.n).toEqual(['Wong', 'David', '', '', 'Jr.']);
    expect(paper?.org).toEqual([{ group: null, value: [hostile] }]);
    expect(paper?.note).toBe(hostile);
    // Each picture embedded as a JPEG of at most 400 px (server/services/vcard-photo.ts).
    for (const contact of [mine, fred, paper]) {
      expect(contact?.photo).toMatch(/^b:/);
      const meta = await sharp(Buffer.from(contact?.photo?.slice(2) ?? '', 'base64')).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width, meta.height)).toBe(400);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/api/user/export')).status).toBe(401);
  });
});
