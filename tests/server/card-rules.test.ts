import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { emptyExtension } from '../../server/services/cards';
import type { CreateCardBody, MyCard } from '../../src/api';
import { createTestApp, dbSnapshot, type TestApp } from './helper';
import { api, syncPush, type User, userWithCard } from './social';

/**
 * The rules of my card's fields (SPEC §5, §9, and a name required) on the server: card/create
 * and the sync mutations saveCard and patchCard refuse the same input as the editor, with the
 * same sentence in the request's language, and write nothing; WhatsApp and Signal numbers are
 * saved normalised; a rejected mutation does not stop the ones behind it.
 */
let t: TestApp;
let user: User;
beforeAll(async () => {
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy } });
  user = await userWithCard(t, 'Ada');
});
afterAll(async () => {
  await t.close();
});

const card = (
  patch: Omit<Partial<CreateCardBody>, 'extension'> & { extension?: Partial<CreateCardBody['extension']> },
) => ({
  name: 'Ada Lam',
  english_name: '',
  photo: '',
  photo_back: '',
  profile: '',
  is_open: 0,
  ...patch,
  extension: { ...emptyExtension(), ...patch.extension },
});

describe('card/create', () => {
  it.each([
    ['no name', card({ name: '' }), 'name', 'Enter a name or an English name', '請填寫姓名或英文名'],
    [
      'a 3-character phone',
      card({ extension: { tel: [{ key: 'work', content: '123' }] } }),
      'extension.tel.0.content',
      'A phone number has at least 5 characters: digits and + - ( ) only',
      '電話號碼最少 5 個字元，只可包含數字及 + - ( ) 等符號',
    ],
    [
      'a bad email',
      card({ extension: { email: [{ key: 'work', content: 'not-an-email' }] } }),
      'extension.email.0.content',
      'Enter a valid email address, such as name@example.com',
      '請輸入正確的電郵地址，例如 name@example.com',
    ],
    [
      'a 2-character website',
      card({ extension: { website: [{ key: 'company', content: 'ab' }] } }),
      'extension.website.0.content',
      'Enter a valid website (at least 5 characters), such as example.com',
      '請輸入正確的網址（最少 5 個字元），例如 example.com',
    ],
    [
      'a WhatsApp number with letters',
      card({ extension: { social: [{ key: 'whatsapp', content: 'call me' }] } }),
      'extension.social.0.content',
      'A WhatsApp or Signal number holds digits only, such as 91234567 or 85291234567',
      'WhatsApp／Signal 號碼只可包含數字，例如 91234567 或 85291234567',
    ],
  ])('refuses %s in the caller’s language, and saves nothing', async (_, body, _field, en, hk) => {
    const before = await dbSnapshot(t.app);
    const english = await api(t, user, 'POST', '/api/card/create', body, 'en-us');
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe(en);
    const chinese = await api(t, user, 'POST', '/api/card/create', body, 'zh-tw');
    expect(chinese.body.msg).toBe(hk);
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    'ftp://example.com/x',
  ])('refuses the social link %s in the caller’s language, and saves nothing', async (content) => {
    const body = card({ extension: { social: [{ key: 'facebook', content }] } });
    const before = await dbSnapshot(t.app);
    const english = await api(t, user, 'POST', '/api/card/create', body, 'en-us');
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe(
      'A social link must be a website (http or https); or enter the user name itself, such as @alice',
    );
    const chinese = await api(t, user, 'POST', '/api/card/create', body, 'zh-tw');
    expect(chinese.body.msg).toBe('社交連結只可以是網址（http 或 https），或直接輸入用戶名稱，例如 @alice');
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it('saves WhatsApp and Signal numbers normalised, and valid values as given', async () => {
    const res = await api<MyCard>(
      t,
      user,
      'POST',
      '/api/card/create',
      card({
        english_name: 'Ada',
        name: '',
        extension: {
          tel: [{ key: 'mobile', content: '+852 9123-4567' }],
          email: [{ key: 'work', content: 'ada@example.com' }],
          website: [{ key: 'company', content: 'example.com' }],
          social: [
            { key: 'whatsapp', content: '9123-4567' },
            { key: 'signal', content: '+44 7700 900123' },
            { key: 'twitter', content: '@ada' },
            { key: 'facebook', content: 'https://facebook.com/ada' },
            { key: 'wechat', content: 'ada_lam' },
          ],
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.extension.social.map((e) => e.content)).toEqual([
      '85291234567',
      '447700900123',
      '@ada',
      'https://facebook.com/ada',
      'ada_lam',
    ]);
    expect(res.body.data.extension.tel[0]?.content).toBe('+852 9123-4567');
  });
});

describe('sync push', () => {
  it('rejects an invalid saveCard or patchCard alone, with the rule’s message; the next mutation applies', async () => {
    const res = await syncPush(t, user, [
      { id: 'm-rule-1', name: 'saveCard', args: card({ extension: { tel: [{ key: 'work', content: '12' }] } }) },
      {
        id: 'm-rule-2',
        name: 'patchCard',
        args: { lists: { email: { from: [], to: [{ key: 'work', content: 'nope' }] } } },
      },
      { id: 'm-rule-3', name: 'patchCard', args: { fields: { name: '', english_name: '' } } },
      { id: 'm-rule-4', name: 'patchCard', args: { fields: { profile: 'still here' } } },
    ]);
    expect(res.status).toBe(200);
    const results = res.body.data.results;
    expect(results.map((r) => r.ok)).toEqual([false, false, false, true]);
    expect(results.map((r) => ('msg' in r ? r.msg : ''))).toEqual([
      'A phone number has at least 5 characters: digits and + - ( ) only',
      'Enter a valid email address, such as name@example.com',
      'Enter a name or an English name',
      expect.any(String),
    ]);
    const mine = await api<MyCard>(t, user, 'GET', '/api/card/info');
    expect(mine.body.data.profile).toBe('still here');
    expect(mine.body.data.extension.email).toEqual([{ key: 'work', content: 'ada@example.com' }]);
  });

  it('rejects a javascript: social link in a saveCard or patchCard', async () => {
    const res = await syncPush(t, user, [
      {
        id: 'm-rule-social-1',
        name: 'saveCard',
        args: card({ extension: { social: [{ key: 'facebook', content: 'javascript:alert(1)' }] } }),
      },
      {
        id: 'm-rule-social-2',
        name: 'patchCard',
        args: { lists: { social: { from: [], to: [{ key: 'twitter', content: 'javascript:alert(1)' }] } } },
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r) => ('msg' in r ? r.msg : 'ok'))).toEqual([
      'A social link must be a website (http or https); or enter the user name itself, such as @alice',
      'A social link must be a website (http or https); or enter the user name itself, such as @alice',
    ]);
    const mine = await api<MyCard>(t, user, 'GET', '/api/card/info');
    expect(JSON.stringify(mine.body.data.extension.social)).not.toContain('javascript');
  });

  it('takes a patch whose list was saved before a rule existed (its old entries are not judged)', async () => {
    const res = await syncPush(t, user, [
      {
        id: 'm-rule-5',
        name: 'patchCard',
        args: {
          lists: { tel: { from: [{ key: 'work', content: '12' }], to: [{ key: 'work', content: '2345 6789' }] } },
        },
      },
    ]);
    expect(res.body.data.results[0]?.ok).toBe(true);
  });
});
