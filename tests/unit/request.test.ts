import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginBodySchema, loginResponseSchema, timeResponseSchema } from '../../src/api';
import type { Locale } from '../../src/i18n/langs';
import { createRequestClient, isCancelled, type RequestDeps, RequestError, statusMessage } from '../../src/lib/request';
import { catalogTranslator, httpText } from '../support/catalog-text';

type FakeCall = {
  url: string;
  init: RequestInit;
  respond(status: number, body: unknown): void;
  fail(error: unknown): void;
};

/** A fetch that answers when the test says so, and rejects on abort like the real one. */
function fakeFetch() {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        calls.push({
          url,
          init,
          respond: (status, body) =>
            resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })),
          fail: reject,
        });
      }),
  );
  return { fetch, calls };
}

function setup(overrides: Partial<RequestDeps> = {}) {
  const state = { locale: 'en' as Locale, token: 'tok-1' as string | null, path: '/home' };
  const { fetch, calls } = fakeFetch();
  const deps = {
    fetch,
    getToken: () => state.token,
    getLocale: () => state.locale,
    t: catalogTranslator(() => state.locale),
    currentPath: () => state.path,
    onUnauthorized: vi.fn(),
    toast: vi.fn(),
    alert: vi.fn(),
    navigate: vi.fn(),
    ...overrides,
  };
  const client = createRequestClient(deps);
  const call = (index: number): FakeCall => {
    const found = calls[index];
    if (!found) throw new Error(`no fetch call #${index}`);
    return found;
  };
  return { client, deps, state, fetch, calls, call };
}

type Outcome<T> = { value: T; error?: undefined } | { value?: undefined; error: RequestError };

/** Captures the outcome at once, so a rejection is never left unhandled. */
function outcome<T>(promise: Promise<T>): Promise<Outcome<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => {
      if (!(error instanceof RequestError)) throw error;
      return { error };
    },
  );
}

const ok = (data: unknown = null) => ({ code: 200, msg: 'Success', data });
const en = (key: Parameters<typeof httpText>[1], params?: Record<string, string | number>) =>
  httpText('en', key, params);
const timeoutText = en('timeout');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request headers and bodies', () => {
  it('sends the token and lang headers and resolves the envelope', async () => {
    const { client, call, state } = setup();
    const result = outcome(client.get('/api/user/getProfile'));
    const headers = new Headers(call(0).init.headers);
    expect(headers.get('token')).toBe('tok-1');
    expect(headers.get('lang')).toBe('en-us');
    expect(call(0).init.method).toBe('GET');
    call(0).respond(200, ok({ a: 1 }));
    expect((await result).value).toEqual(ok({ a: 1 }));

    state.token = null;
    state.locale = 'jp';
    void outcome(client.get('/api/get_time'));
    const second = new Headers(call(1).init.headers);
    expect(second.has('token')).toBe(false);
    expect(second.get('lang')).toBe('ja-jp');
  });

  it('appends query parameters in key order, leaving out null and undefined', () => {
    const { client, call } = setup();
    void outcome(client.get('/api/friend/list/1', { params: { z: 1, a: 'x y', skip: undefined, none: null } }));
    expect(call(0).url).toBe('/api/friend/list/1?a=x+y&z=1');
  });

  it('posts JSON with sorted keys', () => {
    const { client, call } = setup();
    void outcome(client.post('/api/group/add', { name: 'A', sort: 2, extra: { y: 1, x: 2 } }));
    expect(call(0).init.method).toBe('POST');
    expect(new Headers(call(0).init.headers).get('content-type')).toBe('application/json');
    expect(call(0).init.body).toBe('{"extra":{"x":2,"y":1},"name":"A","sort":2}');
  });

  it('uploads multipart without setting a content type (the browser adds the boundary)', () => {
    const { client, call } = setup();
    const form = new FormData();
    form.append('file', new File(['x'], 'a.png', { type: 'image/png' }));
    void outcome(client.upload('/api/user/uploadAvatar', form));
    expect(call(0).init.body).toBe(form);
    expect(new Headers(call(0).init.headers).has('content-type')).toBe(false);
  });

  it('parses the answer with the response schema', async () => {
    const { client, call } = setup();
    const result = outcome(client.get('/api/get_time', { schema: timeResponseSchema }));
    call(0).respond(200, { code: 200, msg: 'Success', data: { time: 42, extra: true } });
    expect((await result).value).toEqual({ code: 200, msg: 'Success', data: { time: 42 } });
  });
});

describe('dedupe', () => {
  it('cancels the earlier identical request, silently, and lets the later one answer', async () => {
    const { client, call, deps } = setup();
    const first = outcome(client.get('/api/group/list', { params: { a: 1, b: 2 } }));
    const second = outcome(client.get('/api/group/list', { params: { b: 2, a: 1 } }));
    const early = await first;
    expect(early.error?.kind).toBe('cancelled');
    expect(isCancelled(early.error)).toBe(true);
    expect(call(0).init.signal?.aborted).toBe(true);
    call(1).respond(200, ok('second'));
    expect((await second).value?.data).toBe('second');
    expect(deps.toast).not.toHaveBeenCalled();
    expect(client.pending).toBe(0);
  });

  it('treats bodies with the same content in another key order as identical', async () => {
    const { client } = setup();
    const first = outcome(client.post('/api/friend/remark', { id: 1, remark: 'x' }));
    void outcome(client.post('/api/friend/remark', { remark: 'x', id: 1 }));
    expect((await first).error?.kind).toBe('cancelled');
  });

  it('leaves different requests alone', async () => {
    const { client, call } = setup();
    const a = outcome(client.get('/api/group/list', { params: { page: 1 } }));
    const b = outcome(client.get('/api/group/list', { params: { page: 2 } }));
    const c = outcome(client.post('/api/group/list', { page: 1 }));
    expect(client.pending).toBe(3);
    for (const index of [0, 1, 2]) call(index).respond(200, ok(index));
    expect((await a).value?.data).toBe(0);
    expect((await b).value?.data).toBe(1);
    expect((await c).value?.data).toBe(2);
  });

  it('never dedupes a concurrent call (get_time, the company upload)', async () => {
    const { client, call } = setup();
    const form = new FormData();
    form.append('file', new File(['x'], 'logo.png', { type: 'image/png', lastModified: 1 }));
    const concurrent = { concurrent: true };
    const times = [outcome(client.get('/api/get_time', concurrent)), outcome(client.get('/api/get_time', concurrent))];
    const uploads = [
      outcome(client.upload('/api/user/companyUpload', form, concurrent)),
      outcome(client.upload('/api/user/companyUpload', form, concurrent)),
    ];
    expect(client.pending).toBe(4);
    for (const index of [0, 1, 2, 3]) call(index).respond(200, ok(index));
    expect((await Promise.all([...times, ...uploads])).map((o) => o.value?.data)).toEqual([0, 1, 2, 3]);
  });

  it('dedupes other uploads by their fields and files', async () => {
    const { client } = setup();
    const form = (name: string) => {
      const data = new FormData();
      data.append('file', new File(['x'], name, { type: 'image/png', lastModified: 1 }));
      return data;
    };
    const first = outcome(client.upload('/api/ocr/upload', form('a.png')));
    void outcome(client.upload('/api/ocr/upload', form('b.png')));
    void outcome(client.upload('/api/ocr/upload', form('a.png')));
    expect((await first).error?.kind).toBe('cancelled');
    expect(client.pending).toBe(2);
  });
});

describe('cancelAll', () => {
  it('aborts every in-flight request, exempt ones included, without a toast', async () => {
    const { client, deps, call } = setup();
    const all = [
      outcome(client.get('/api/group/list')),
      outcome(client.get('/api/get_time')),
      outcome(client.post('/api/card/search', { q: 'x' })),
    ];
    client.cancelAll();
    const results = await Promise.all(all);
    expect(results.map((r) => r.error?.kind)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(call(0).init.signal?.aborted && call(1).init.signal?.aborted && call(2).init.signal?.aborted).toBe(true);
    expect(deps.toast).not.toHaveBeenCalled();
    expect(deps.alert).not.toHaveBeenCalled();
    expect(client.pending).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it("also cancels on the caller's abort signal", async () => {
    const { client, deps } = setup();
    const controller = new AbortController();
    const result = outcome(client.get('/api/group/list', { signal: controller.signal }));
    controller.abort();
    expect((await result).error?.kind).toBe('cancelled');
    expect(deps.toast).not.toHaveBeenCalled();
  });
});

describe('HTTP status catalogue', () => {
  it.each([
    ['en', 400, 'Request error (400), Please check the network or Contact the administrator!'],
    ['en', 403, 'Access Denied (403), Please check the network or Contact the administrator!'],
    ['en', 404, 'Request error (404), Please check the network or Contact the administrator!'],
    ['en', 500, 'Server Error (500), Please check the network or Contact the administrator!'],
    ['en', 505, 'The HTTP version is not supported (505), Please check the network or Contact the administrator!'],
    ['en', 418, 'Connection error (418), Please check the network or Contact the administrator!'],
    ['hk', 403, '拒絕訪問 (403)，請檢查網絡或聯繫管理員！'],
    ['hk', 502, '網絡錯誤 (502)，請檢查網絡或聯繫管理員！'],
    ['hk', 599, '連接出錯 (599)，請檢查網絡或聯繫管理員！'],
  ] as const)('%s %i shows the catalogue text and the hint', async (locale, status, text) => {
    const { client, call, deps, state } = setup();
    state.locale = locale;
    const result = outcome(client.get('/api/card/info'));
    call(0).respond(status, { code: status, msg: 'the server reason', data: null });
    const { error } = await result;
    expect(error?.kind).toBe('http');
    expect(error?.status).toBe(status);
    expect(error?.message).toBe(text);
    expect(error?.serverMessage).toBe('the server reason');
    expect(deps.toast).toHaveBeenCalledWith(text, 'fail');
  });

  it('every status of the table has its own text in every language', () => {
    for (const locale of ['hk', 'en', 'cn', 'jp', 'kr', 'th'] as const) {
      const t = (key: Parameters<typeof httpText>[1], params?: Record<string, string | number>) =>
        httpText(locale, key, params);
      for (const status of [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505]) {
        expect(statusMessage(t, status)).toContain(String(status));
        expect(statusMessage(t, status)).toContain(t('checkNetwork'));
      }
    }
  });

  it('a non-envelope error body still gets the catalogue text', async () => {
    const { client, call } = setup();
    const result = outcome(client.get('/api/card/info'));
    call(0).respond(502, '<html>Bad gateway</html>');
    const { error } = await result;
    expect(error?.message).toBe('Network error (502), Please check the network or Contact the administrator!');
    expect(error?.serverMessage).toBeUndefined();
  });

  it('silent calls reject the same but do not toast', async () => {
    const { client, call, deps } = setup();
    const result = outcome(client.get('/api/card/get_company', { silent: true }));
    call(0).respond(500, { code: 500, msg: 'x', data: null });
    expect((await result).error?.kind).toBe('http');
    expect(deps.toast).not.toHaveBeenCalled();
  });
});

describe('401', () => {
  it('clears the session, toasts and goes to /login after 1 s, once for a burst', async () => {
    const { client, call, deps } = setup();
    const first = outcome(client.get('/api/group/list'));
    const second = outcome(client.get('/api/friend/list/1', { silent: true }));
    call(0).respond(401, { code: 401, msg: 'Please login again', data: null });
    call(1).respond(401, { code: 401, msg: 'Please login again', data: null });
    expect((await first).error?.status).toBe(401);
    expect((await second).error?.status).toBe(401);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.toast).toHaveBeenCalledTimes(1);
    expect(deps.toast).toHaveBeenCalledWith('Please login again', 'fail');
    await vi.advanceTimersByTimeAsync(999);
    expect(deps.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/login');
  });

  it('on the shared-card page only alerts', async () => {
    const { client, call, deps, state } = setup();
    state.path = '/s/abc';
    state.locale = 'hk';
    const result = outcome(client.get('/api/card/cardInfo/abc'));
    call(0).respond(401, { code: 401, msg: '請重新登入', data: null });
    expect((await result).error?.kind).toBe('http');
    expect(deps.alert).toHaveBeenCalledWith('請重新登入 (401)，請檢查網絡或聯繫管理員！');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.toast).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });
});

describe('timeouts and network failures', () => {
  it('times out a call after 60 s', async () => {
    const { client, call, deps } = setup();
    const result = outcome(client.post('/api/card/search', { q: 'x' }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(client.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const { error } = await result;
    expect(error?.kind).toBe('timeout');
    expect(error?.message).toBe(timeoutText);
    expect(call(0).init.signal?.aborted).toBe(true);
    expect(deps.toast).toHaveBeenCalledWith(timeoutText, 'fail');
  });

  it('times out an upload after 30 s', async () => {
    const { client, state } = setup();
    state.locale = 'cn';
    const result = outcome(client.upload('/api/card/upload', new FormData()));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(client.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const { error } = await result;
    expect(error?.kind).toBe('timeout');
    expect(error?.message).toBe('请求超时或网络异常，请稍后重试！');
  });

  it('does not time out a call that answered', async () => {
    const { client, call, deps } = setup();
    const result = outcome(client.get('/api/group/list'));
    call(0).respond(200, ok());
    expect((await result).value).toEqual(ok());
    await vi.advanceTimersByTimeAsync(120_000);
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('reports a network failure with the timeout/network message', async () => {
    const { client, call, deps } = setup();
    const result = outcome(client.get('/api/group/list'));
    call(0).fail(new TypeError('Failed to fetch'));
    const { error } = await result;
    expect(error?.kind).toBe('network');
    expect(error?.message).toBe(timeoutText);
    expect(deps.toast).toHaveBeenCalledWith(timeoutText, 'fail');
  });
});

describe('request validation', () => {
  it('stops a bad body before fetch and names the field', async () => {
    const { client, fetch, deps } = setup();
    const { error } = await outcome(
      client.post('/api/login', { email: 'not-an-email', password: 'secret1' }, { bodySchema: loginBodySchema }),
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(error?.kind).toBe('validation');
    expect(error?.field).toBe('email');
    expect(error?.message).toBe('The field “email” is not valid');
    expect(deps.toast).toHaveBeenCalledWith(error?.message, 'fail');
  });

  it('says which field is missing, unknown or too short, in the current language', async () => {
    const { client, fetch, state } = setup();
    const missing = await outcome(client.post('/api/login', { password: 'secret1' }, { bodySchema: loginBodySchema }));
    expect(missing.error?.field).toBe('email');
    expect(missing.error?.message).toBe('Please fill in the field “email”');

    state.locale = 'hk';
    const withExtra = { email: 'a@b.co', password: 'secret1', admin: true };
    const unknown = await outcome(client.post('/api/login', withExtra, { bodySchema: loginBodySchema }));
    expect(unknown.error?.field).toBe('admin');
    expect(unknown.error?.message).toBe('不支援的欄位「admin」');

    const short = await outcome(
      client.post('/api/login', { email: 'a@b.co', password: '123' }, { bodySchema: loginBodySchema }),
    );
    expect(short.error?.field).toBe('password');
    expect(short.error?.message).toBe('請輸入最少 6 個字元的密碼');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a valid body', () => {
    const { client, call } = setup();
    void outcome(client.post('/api/login', { password: 'secret1', email: 'a@b.co' }, { bodySchema: loginBodySchema }));
    expect(call(0).init.body).toBe('{"email":"a@b.co","password":"secret1"}');
  });
});

describe('answers that break the contract, and setup failures', () => {
  const abnormal = en('serverAbnormal');

  it('a response not matching its schema is the server-abnormal failure', async () => {
    const { client, call, deps } = setup();
    const result = outcome(client.post('/api/login', {}, { schema: loginResponseSchema }));
    call(0).respond(200, ok({ id: 'not a number' }));
    const { error } = await result;
    expect(error?.kind).toBe('setup');
    expect(error?.message).toBe(abnormal);
    expect(deps.toast).toHaveBeenCalledWith(abnormal, 'fail');
  });

  it('a 2xx answer that is not an envelope is the server-abnormal failure', async () => {
    const { client, call } = setup();
    const result = outcome(client.get('/api/group/list'));
    call(0).respond(200, '<!doctype html>');
    expect((await result).error?.message).toBe(abnormal);
  });

  it('an envelope code other than 200 rejects with its msg', async () => {
    const { client, call, deps } = setup();
    const result = outcome(client.get('/api/card/info'));
    call(0).respond(200, { code: 400, msg: 'Card not found', data: null });
    const { error } = await result;
    expect(error?.kind).toBe('api');
    expect(error?.code).toBe(400);
    expect(error?.message).toBe('Card not found');
    expect(deps.toast).toHaveBeenCalledWith('Card not found', 'fail');
  });

  it('a body that cannot be serialised is not sent', async () => {
    const { client, fetch } = setup();
    const { error } = await outcome(client.post('/api/card/search', { n: 10n }));
    expect(fetch).not.toHaveBeenCalled();
    expect(error?.kind).toBe('setup');
    expect(error?.message).toBe(abnormal);
  });

  it.each(['//evil.example/api/login', '/\\evil.example/api', 'https://evil.example/api', 'api/login'])(
    'refuses %s, so the token never leaves the origin',
    async (url) => {
      const { client, fetch } = setup();
      const { error } = await outcome(client.get(url));
      expect(fetch).not.toHaveBeenCalled();
      expect(error?.kind).toBe('setup');
    },
  );
});
