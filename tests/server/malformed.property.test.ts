import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { MAX_JSON_DEPTH } from '../../server/http/json-body';
import { serverText } from '../../server/i18n';
import {
  addCloudCardBodySchema,
  addCloudGroupBodySchema,
  addFriendBodySchema,
  addGroupBodySchema,
  associateBodySchema,
  bindAccountBodySchema,
  breatvUrlBodySchema,
  cardApplyBodySchema,
  cardSearchBodySchema,
  cloudGroupCardsBodySchema,
  cloudListBodySchema,
  createCardBodySchema,
  createExchangeBodySchema,
  deleteAccountBodySchema,
  editCloudCardBodySchema,
  editCloudGroupBodySchema,
  editGroupBodySchema,
  emptyBodySchema,
  feedbackBodySchema,
  joinExchangeBodySchema,
  loginBodySchema,
  modifyPwdBodySchema,
  notifyOpenBodySchema,
  PULL_PAGE_MAX,
  physicalLinkBodySchema,
  publicMatchBodySchema,
  pushBodySchema,
  readNotificationsBodySchema,
  registerBodySchema,
  remarkBodySchema,
  resetPwdBodySchema,
  revokeAppBodySchema,
  roomCodeBodySchema,
  saveCompanyBodySchema,
  sendVerifyCodeBodySchema,
  setProfileBodySchema,
  sortCloudGroupsBodySchema,
  sortGroupsBodySchema,
  thirdPartyCallbackBodySchema,
  thirdPartyStartBodySchema,
} from '../../src/api';
import { LANG_HEADER, localeFromHeader } from '../../src/i18n/langs';
import { createTestApp, dbSnapshot, registerUser, type TestApp } from './helper';

/**
 * Sends malformed bodies, wrong types, oversize strings and unknown fields to every route:
 * each must answer a 4xx envelope (never a 5xx) and leave the database exactly as it was.
 */
const JSON_ROUTES: Record<string, z.ZodMiniType> = {
  '/api/sendVerifyCode': sendVerifyCodeBodySchema,
  '/api/register': registerBodySchema,
  '/api/login': loginBodySchema,
  '/api/logout': emptyBodySchema,
  '/api/user/resetPwd': resetPwdBodySchema,
  '/api/user/modifyPwd': modifyPwdBodySchema,
  '/api/user/setProfile': setProfileBodySchema,
  '/api/sync/push': pushBodySchema,
  '/api/card/save_company': saveCompanyBodySchema,
  '/api/breatvUrl': breatvUrlBodySchema,
  '/api/card/create': createCardBodySchema,
  '/api/card/search': cardSearchBodySchema,
  '/api/group/add': addGroupBodySchema,
  '/api/group/edit': editGroupBodySchema,
  '/api/group/sorting': sortGroupsBodySchema,
  '/api/friend/add': addFriendBodySchema,
  '/api/friend/remark': remarkBodySchema,
  '/api/notify/read_all': readNotificationsBodySchema,
  '/api/ocr/add': addCloudCardBodySchema,
  '/api/ocr/edit': editCloudCardBodySchema,
  '/api/ocr/group/add': addCloudGroupBodySchema,
  '/api/ocr/group/edit': editCloudGroupBodySchema,
  '/api/ocr/group/sorting': sortCloudGroupsBodySchema,
  '/api/ocr/public_match': publicMatchBodySchema,
  '/api/exchange/create': createExchangeBodySchema,
  '/api/exchange/join': joinExchangeBodySchema,
  '/api/exchange/preview': roomCodeBodySchema,
  '/api/exchange/leave': roomCodeBodySchema,
  '/api/exchange/start': roomCodeBodySchema,
  '/api/exchange/dismiss': roomCodeBodySchema,
  '/api/user/third/bind': bindAccountBodySchema,
  '/api/user/associate': associateBodySchema,
  '/api/user/sessions/sign_out_others': emptyBodySchema,
  '/api/user/delete': deleteAccountBodySchema,
  '/api/auth/start': thirdPartyStartBodySchema,
  '/api/auth': thirdPartyCallbackBodySchema,
  '/api/user/authorized_apps/revoke': revokeAppBodySchema,
  '/api/feedback': feedbackBodySchema,
  '/api/card/card_apply': cardApplyBodySchema,
  '/api/card/bindPhysical': physicalLinkBodySchema,
  '/api/card/physical_open': physicalLinkBodySchema,
};
/** POST routes with a path parameter: a valid address of each, and its body schema. */
const JSON_PARAM_ROUTES: Record<string, { url: string; schema: z.ZodMiniType }> = {
  '/api/ocr/list/:page': { url: '/api/ocr/list/1', schema: cloudListBodySchema },
  '/api/ocr/group/card_list/:page/:group_id': {
    url: '/api/ocr/group/card_list/1/0',
    schema: cloudGroupCardsBodySchema,
  },
  '/api/notify/open/:id': { url: '/api/notify/open/1', schema: notifyOpenBodySchema },
};
const UPLOAD_ROUTES = [
  '/api/user/uploadAvatar',
  '/api/user/companyPdfUpload',
  '/api/user/companyUpload',
  '/api/card/upload',
  '/api/ocr/upload',
  '/api/card/ocr_recognize',
  '/api/feedback/image',
  '/api/card/physical_proof',
];
/** Share keys that are malformed (400) or unknown (404). */
const badShareKey = fc.oneof(
  fc.constantFrom('%00', 'a%00b', 'x'.repeat(65), 'no-such-key', '%E0%A4%A', 'a.b', '%2F'),
  fc.string({ minLength: 1, maxLength: 100 }).map(encodeURIComponent),
);
/** Ids that are malformed (400) or nobody's (404). */
const badId = fc.oneof(
  fc.constantFrom('-1', '0', '1.5', 'abc', 'NaN', 'Infinity', '1e400', String(2 ** 53), '0x10', '%00', '999999999'),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);
/** The number a path value stands for once decoded (NaN when it does not decode). */
function numberOf(value: string): number {
  try {
    return Number(decodeURIComponent(value));
  } catch {
    return Number.NaN;
  }
}
/** Group ids without the main group (1), which is everyone's and answers 200. */
const badGroupId = badId.filter((v) => numberOf(v) !== 1);
/** Notification pages that are not a page number (any page number answers 200). */
const badPage = badId.filter((v) => {
  const n = numberOf(v);
  return !(Number.isInteger(n) && n >= 1 && n <= 1_000_000);
});

/** GET routes with a path parameter: each with values of it that must be refused or not found. */
const PARAM_ROUTES: Record<string, fc.Arbitrary<string>> = {
  '/api/card/user_company_info/:cardId': fc.oneof(
    fc.constantFrom('-1', '0', '1.5', 'abc', 'NaN', 'Infinity', '1e400', String(2 ** 53), '0x10', '%00', '999999999'),
    fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  ),
  '/api/card/companyInfo/:shareStr': fc.oneof(
    fc.constantFrom('%00', 'a%00b', 'x'.repeat(129), 'no-such-key', '%E0%A4%A'),
    fc.string({ minLength: 1, maxLength: 200 }).map(encodeURIComponent),
  ),
  '/api/card/cardInfo/:share_key': badShareKey,
  '/api/card/user_card_info/:key': badShareKey,
  '/api/card/user_card_info/:key/1': badShareKey,
  '/api/share/vcf/:key/1': badShareKey,
  '/api/card/export_vcf/:id': badId,
  '/api/group/del/:id': badGroupId,
  '/api/group/group_update_cancel/:id': badGroupId,
  '/api/friend/list/:groupId': badGroupId,
  '/api/friend/delFriend/:acceptId': badId,
  '/api/friend/delFriendFromGroup/:acceptId/:groupId': badId,
  '/api/friend/moveToGroup/:acceptId/:fromGroupId/:toGroupId': badId,
  '/api/friend/copyToGroup/:acceptId/:groupId': badId,
  '/api/notify/list/:page': badPage,
  '/api/ocr/detail/:id': badId,
  '/api/ocr/del/:id': badId,
  '/api/ocr/group/del/:id': badId,
  '/api/ocr/move_to_group/:cardId/:groupId': badId,
  '/api/user/third/unbind/:id': badId,
  '/api/card/physical_status/:id': badId,
  '/api/policy/:type': fc.constantFrom('UPPER', 'a'.repeat(40), '..', 'no_such_policy', '%00'),
  '/api/user/associate_login/:id': badId,
  '/api/user/dis_associate/:id': badId,
  '/api/exchange/:roomCode': fc.oneof(
    fc.constantFrom('%00', 'ABCD-EFG', 'x'.repeat(65), '22222222', 'IIIIOOOO', '%E0%A4%A', 'a.b'),
    fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  ),
};

/** Whether a generated payload happens to be valid after all (e.g. `{"items": []}`): not a bad body then. */
function acceptedBy(schema: z.ZodMiniType, payload: string): boolean {
  try {
    return schema.safeParse(JSON.parse(payload)).success;
  } catch {
    return false;
  }
}

function knownKeys(schema: z.ZodMiniType): string[] {
  const inner = (schema as { unwrap?: () => z.ZodMiniType }).unwrap?.() ?? schema;
  return Object.keys((inner as unknown as { shape?: Record<string, unknown> }).shape ?? {});
}

/** Any text, now and then with half of a UTF-16 pair in it (which no database column takes). */
const anyText = (maxLength = 10) =>
  fc.tuple(fc.string({ maxLength }), fc.constantFrom('', '\uD800', '\uDC00x')).map(([text, lone]) => `${lone}${text}`);

const wrongType = fc.oneof(fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const oversize = fc.string({ minLength: 2_001, maxLength: 6_000 });

/** A body with at least one thing wrong with it, as a raw payload string. */
function badBody(keys: string[], bodyOptional: boolean): fc.Arbitrary<string> {
  const validish = fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['x'])), anyText(), {
    maxKeys: 3,
  });
  const unknownKey = fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !keys.includes(k) && k !== '__proto__');
  const withBadField = keys.length
    ? [
        fc
          .tuple(validish, fc.constantFrom(...keys), fc.oneof(wrongType, oversize))
          .map(([base, key, value]) => ({ ...base, [key]: value })),
      ]
    : [];
  return fc.oneof(
    fc
      .oneof(
        anyText(),
        fc.double(),
        fc.boolean(),
        ...(bodyOptional ? [] : [fc.constant(null)]),
        fc.array(fc.anything()),
      )
      .map((v) => JSON.stringify(v)),
    fc
      .tuple(validish, unknownKey, fc.jsonValue())
      .map(([base, key, value]) => JSON.stringify({ ...base, [key]: value })),
    ...withBadField.map((arb) => arb.map((v) => JSON.stringify(v))),
    fc.constantFrom('{', '{"email":', '[1,2', '{"a":1}}', 'nul', '\u0000'),
    // Nested deeper than any route takes (MAX_JSON_DEPTH), in a field of the route or at the top.
    fc
      .tuple(
        fc.constantFrom(...(keys.length ? keys : ['x'])),
        fc.integer({ min: MAX_JSON_DEPTH, max: 3_000 }),
        fc.boolean(),
      )
      .map(([key, depth, arrays]) => {
        const [open, close] = arrays ? ['[', ']'] : ['{"a":', '}'];
        return `{${JSON.stringify(key)}:${open.repeat(depth)}1${close.repeat(depth)}}`;
      }),
  );
}

const lang = fc.constantFrom(undefined, ...Object.values(LANG_HEADER));

let t: TestApp;
let token: string;
const answers: { route: string; status: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  token = (await registerUser(t)).token;
});
afterAll(async () => {
  await t.close();
});

function expectEnvelope4xx(route: string, status: number, body: unknown) {
  answers.push({ route, status });
  expect(status, route).toBeGreaterThanOrEqual(400);
  expect(status, route).toBeLessThan(500);
  expect(body).toMatchObject({ code: status, data: null });
  expect(typeof (body as { msg: unknown }).msg).toBe('string');
  expect((body as { msg: string }).msg.length).toBeGreaterThan(0);
}

describe('every route refuses bad input cleanly', () => {
  it('covers every /api route the server has', () => {
    const printed = t.app.printRoutes({ commonPrefix: false });
    const routes = [...printed.matchAll(/(\/api\/\S+) \(([A-Z, ]+)\)/g)].map((m) => m[1] as string);
    const covered = new Set([
      ...Object.keys(JSON_ROUTES),
      ...Object.keys(JSON_PARAM_ROUTES),
      ...UPLOAD_ROUTES,
      '/api/get_time',
      '/api/user/getProfile',
      '/api/sync/pull',
      '/api/card/get_company',
      '/api/card/info',
      '/api/card/copyKey',
      '/api/group/list',
      '/api/group/friend_update',
      '/api/ocr/group/list',
      '/api/push/session',
      '/api/user/third/account_list',
      '/api/user/my_associate',
      '/api/user/sessions',
      '/api/user/export',
      '/api/auth/providers',
      '/api/user/authorized_apps',
      '/api/oauth/card',
      '/api/site',
      ...Object.keys(PARAM_ROUTES),
    ]);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });

  const jsonRoutes = [
    ...Object.entries(JSON_ROUTES).map(([route, schema]) => [route, route, schema] as const),
    ...Object.entries(JSON_PARAM_ROUTES).map(([route, { url, schema }]) => [route, url, schema] as const),
  ];
  it.each(jsonRoutes)('POST %s', async (route, url, schema) => {
    const before = await dbSnapshot(t.app);
    await fc.assert(
      fc.asyncProperty(
        badBody(knownKeys(schema), schema.safeParse(null).success).filter((p) => !acceptedBy(schema, p)),
        lang,
        fc.boolean(),
        async (payload, language, signedIn) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (language) headers.lang = language;
          if (signedIn) headers.token = token;
          const res = await t.app.inject({ method: 'POST', url, headers, payload });
          expectEnvelope4xx(route, res.statusCode, res.json());
        },
      ),
      { numRuns: 80 },
    );
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it.each(jsonRoutes)(
    'POST %s nested 75,000 deep: 400 in the caller’s language, before any work',
    async (route, url) => {
      const before = await dbSnapshot(t.app);
      // Within the body size limit (256 KB): arrays 75,000 deep, objects 40,000 deep.
      const payloads = ['['.repeat(75_000) + ']'.repeat(75_000), `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`];
      for (const payload of payloads) {
        for (const language of [undefined, ...Object.values(LANG_HEADER)]) {
          const headers: Record<string, string> = { 'content-type': 'application/json', token };
          if (language) headers.lang = language;
          const res = await t.app.inject({ method: 'POST', url, headers, payload });
          expectEnvelope4xx(route, res.statusCode, res.json());
          expect(res.statusCode, route).toBe(400);
          expect(res.json().msg).toBe(serverText(localeFromHeader(language), 'nestedTooDeep', { max: MAX_JSON_DEPTH }));
        }
      }
      expect(await dbSnapshot(t.app)).toBe(before);
    },
  );

  it('takes a body nested as deep as the limit', async () => {
    const nested = `${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json', token, lang: 'en' },
      payload: `{"content":${nested}}`,
    });
    // Parsed, then refused by the contract for its fields, not for its depth.
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).not.toBe(serverText('en', 'nestedTooDeep', { max: MAX_JSON_DEPTH }));
    const deeper = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json', token, lang: 'en' },
      payload: `{"content":[${nested}]}`,
    });
    expect(deeper.json().msg).toBe(serverText('en', 'nestedTooDeep', { max: MAX_JSON_DEPTH }));
  });

  it.each([
    '/api/get_time',
    '/api/user/getProfile',
    '/api/sync/pull',
    '/api/card/get_company',
    '/api/card/info',
    '/api/card/copyKey',
    '/api/group/list',
    '/api/group/friend_update',
    '/api/ocr/group/list',
    '/api/push/session',
    '/version.json',
  ])('GET %s with unknown or oversize query', async (route) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .string({ minLength: 1, maxLength: 10 })
            .filter((k) => k !== 't' && k !== '__proto__')
            .map((k) => ({ [k]: 'x' })),
          fc.string({ minLength: 33, maxLength: 500 }).map((v) => ({ t: v })),
        ),
        async (query) => {
          const res = await t.app.inject({ method: 'GET', url: route, query, headers: { token } });
          expectEnvelope4xx(route, res.statusCode, res.json());
        },
      ),
      { numRuns: 40 },
    );
  });

  it('GET /api/sync/pull with a bad cursor, a bad limit or an unknown key', async () => {
    const route = '/api/sync/pull';
    const before = await dbSnapshot(t.app);
    const notCount = fc.oneof(
      fc.constantFrom('-1', '1.5', 'abc', 'NaN', 'Infinity', '1e400', String(2 ** 53), '0x', 'true'),
      fc.integer({ max: -1 }).map(String),
      fc.string({ minLength: 1, maxLength: 20 }).filter((v) => !(Number.isSafeInteger(Number(v)) && Number(v) >= 0)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          notCount.map((cursor) => ({ cursor })),
          fc.oneof(notCount, fc.constantFrom('0', String(PULL_PAGE_MAX + 1))).map((limit) => ({ cursor: '0', limit })),
          fc
            .string({ minLength: 1, maxLength: 10 })
            .filter((k) => !['cursor', 'limit', 't', '__proto__'].includes(k))
            .map((k) => ({ cursor: '0', [k]: 'x' })),
        ),
        lang,
        async (query, language) => {
          const headers: Record<string, string> = { token };
          if (language) headers.lang = language;
          const res = await t.app.inject({ method: 'GET', url: route, query, headers });
          expectEnvelope4xx(route, res.statusCode, res.json());
        },
      ),
      { numRuns: 80 },
    );
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it.each(Object.entries(PARAM_ROUTES))('GET %s with a bad or unknown parameter', async (route, values) => {
    const before = await dbSnapshot(t.app);
    await fc.assert(
      fc.asyncProperty(values, lang, fc.boolean(), async (value, language, signedIn) => {
        const headers: Record<string, string> = {};
        if (language) headers.lang = language;
        if (signedIn) headers.token = token;
        const url = route.replaceAll(/:\w+/g, value);
        const res = await t.app.inject({ method: 'GET', url, headers });
        expectEnvelope4xx(route, res.statusCode, res.json());
      }),
      { numRuns: 80 },
    );
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it.each(UPLOAD_ROUTES)('POST %s without a multipart image', async (route) => {
    const before = await dbSnapshot(t.app);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data'),
        fc.string({ maxLength: 200 }),
        async (contentType, payload) => {
          const res = await t.app.inject({
            method: 'POST',
            url: route,
            headers: { 'content-type': contentType, token },
            payload,
          });
          expectEnvelope4xx(route, res.statusCode, res.json());
        },
      ),
      { numRuns: 40 },
    );
    expect(await dbSnapshot(t.app)).toBe(before);
  });

  it('saw no 5xx at all', () => {
    expect(answers.length).toBeGreaterThan(500);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  });
});
