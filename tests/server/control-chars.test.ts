import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../../server/operator/commands';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import type { PhysicalOrder, PushResult } from '../../src/api';
import { call, createTestApp, type TestApp } from './helper';
import { userWithCard } from './social';

/**
 * User text cannot drive an operator's terminal (issue 23): the contract refuses control
 * characters in every user text field (newline and tab allowed where a field is multi-line), and
 * the operators' commands print what an older row may hold with them made visible.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: { points: 100, seconds: 3600 } } });
});
afterAll(async () => {
  await t.close();
});

const EN = 'en-us';
const ESC = '\u001b';
const ORDER = {
  kind: 'image',
  name_on_card: 'Ada Lovelace',
  quantity: 1,
  recipient: 'Ada Lovelace',
  phone: '91234567',
  address: '1 Harbour Road',
  payment_method: 'fps',
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const post = <T = unknown>(token: string, url: string, body: unknown) =>
  call<T>(t.app, 'POST', url, body, { token, lang: EN });
const refusal = (field: string) =>
  `The field “${field}” contains control characters (invisible ones such as ESC or a carriage return): remove them and try again`;

describe('the contract refuses control characters in user text', () => {
  it('refuses ESC and CR in single-line fields of orders, feedback, cards, profiles and groups, naming the field', async () => {
    const user = await userWithCard(t, 'Control Tester');
    const cases: [string, unknown, string][] = [
      ['/api/card/card_apply', { ...ORDER, name_on_card: `Ada${ESC}[2K` }, 'name_on_card'],
      ['/api/card/card_apply', { ...ORDER, recipient: 'Ada\r#7 paid' }, 'recipient'],
      ['/api/card/card_apply', { ...ORDER, address: `1 Harbour Road${ESC}[1A` }, 'address'],
      ['/api/card/card_apply', { ...ORDER, address: '1 Harbour Road\r\nWan Chai' }, 'address'],
      ['/api/feedback', feedback({ contact: '+85291234567\r' }), 'contact'],
      ['/api/feedback', feedback({ device: `Pixel${ESC}]0;owned\u0007` }), 'device'],
      ['/api/feedback', feedback({ app_version: `2${ESC}[31m` }), 'app_version'],
      ['/api/feedback', feedback({ content: `Great app${ESC}[2J` }), 'content'],
      ['/api/user/setProfile', { fullName: `Ada${ESC}[8m` }, 'fullName'],
      ['/api/ocr/group/add', { name: 'Clients\rpaid' }, 'name'],
    ];
    const answers = [];
    for (const [url, body] of cases) answers.push(await post(user.token, url, body));
    expect(answers.map((a) => a.status)).toEqual(cases.map(() => 400));
    expect(answers.map((a) => a.body.msg)).toEqual(cases.map(([, , field]) => refusal(field)));
    // The same in the user's language.
    const hk = await call(
      t.app,
      'POST',
      '/api/card/card_apply',
      { ...ORDER, recipient: `A${ESC}` },
      {
        token: user.token,
        lang: 'zh-tw',
      },
    );
    expect(hk.body.msg).toBe('欄位「recipient」含有控制字元（例如 ESC 或歸位字元等看不見的字元），請刪除後再試');
  });

  it('keeps newline and tab in multi-line fields', async () => {
    const user = await userWithCard(t, 'Multi Line');
    const order = await post<PhysicalOrder>(user.token, '/api/card/card_apply', {
      ...ORDER,
      address: 'Flat 3A\n1 Harbour Road\tWan Chai',
    });
    expect(order.status).toBe(200);
    expect(order.body.data.address).toBe('Flat 3A\n1 Harbour Road\tWan Chai');
    expect((await post(user.token, '/api/feedback', feedback({ content: 'Line one\n\tLine two' }))).status).toBe(200);
    expect((await post(user.token, '/api/user/setProfile', { profile: 'About me\nSecond line' })).status).toBe(200);
    // A single-line field keeps refusing a newline.
    expect((await post(user.token, '/api/user/setProfile', { fullName: 'Ada\nLovelace' })).status).toBe(400);
  });

  it('refuses a bad change in a sync push on its own: the rest of the push is applied', async () => {
    const user = await userWithCard(t, 'Sync Control');
    const res = await post<PushResult>(user.token, '/api/sync/push', {
      client_id: 'control-chars-client',
      mutations: [
        { id: 'bad-name-1', name: 'setProfile', args: { fullName: `Eve${ESC}[2K` } },
        { id: 'good-name-1', name: 'setProfile', args: { fullName: 'Ada Good' } },
      ],
    });
    expect(res.status).toBe(200);
    const [bad, good] = res.body.data.results;
    expect(bad).toEqual({ id: 'bad-name-1', ok: false, code: 400, msg: refusal('fullName') });
    expect(good).toMatchObject({ id: 'good-name-1', ok: true });
  });
});

describe('the operators’ commands show control characters instead of obeying them', () => {
  it('prints a hostile order and feedback (rows from before the rule) with no raw ESC or CR', async () => {
    const user = await userWithCard(t, 'Hostile Orderer');
    const order = (await post<PhysicalOrder>(user.token, '/api/card/card_apply', ORDER)).body.data;
    const forged = `Ada${ESC}[2K\r#${order.id}  ${order.order_no}  paid  image x1  HK$480`;
    await t.app.services.db.query(
      `update physical_card_orders set name_on_card = $2, delivery = $3::jsonb where id = $1`,
      [
        order.id,
        forged,
        JSON.stringify({ recipient: `Eve${ESC}]0;title\u0007`, phone: '9\r1', address: `Road\n    paid${ESC}[1A` }),
      ],
    );
    await t.app.services.db.query(
      `insert into feedback (user_id, content, contact, images, app_version, language, device)
       values ($1, $2, $3, '[]'::jsonb, $4, 'en', $5)`,
      [user.id, `Hi${ESC}[2J\r\nsecond line`, `a@b.co${ESC}[8m`, `9${ESC}[31m`, 'Pixel\r'],
    );
    const operator = (...args: string[]) => runOperatorCommand(t.app.services, 'https://cardbook.test', args);
    const shown = await operator('orders', 'show', String(order.id));
    const listed = await operator('orders', 'list');
    const feedbackList = await operator('feedback', 'list', '5');
    for (const output of [shown, listed, feedbackList]) expect(output).not.toMatch(RAW_CONTROL);
    expect(shown).toContain('Ada\\x1b[2K\\x0d#');
    expect(shown).toContain('Eve\\x1b]0;title\\x07');
    expect(feedbackList).toContain('Hi\\x1b[2J\\x0d');
    expect(feedbackList).toContain('a@b.co\\x1b[8m');
    // The order's real state is the only "submitted"/"paid" at the start of a line.
    expect(shown.split('\n').filter((line) => /^#\d+/.test(line))).toHaveLength(1);
    expect(shown.split('\n')[0]).toContain('submitted');
  });
});

function feedback(over: Record<string, unknown>) {
  return {
    id: `fb-${Math.random().toString(36).slice(2, 12)}`,
    content: 'A message',
    contact: 'ada@example.com',
    agree: true,
    images: [],
    app_version: '2.82.04',
    language: 'en',
    device: 'Pixel 8',
    ...over,
  };
}
