import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportFile, exportFileSchema } from '../../src/api';
import { call, createTestApp, type TestApp } from './helper';
import { userWithCard } from './social';

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

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/api/user/export')).status).toBe(401);
  });
});
