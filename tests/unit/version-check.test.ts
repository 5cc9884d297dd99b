import { describe, expect, it, vi } from 'vitest';
import {
  acceptNewVersion,
  checkForNewVersion,
  VERSION_CHECK_FLAG_KEY,
  VERSION_KEY,
  type VersionFetch,
  type VersionStorage,
} from '../../src/browser/version-check';

function memoryStorage(initial: Record<string, string> = {}): VersionStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

function serving(body: unknown, status = 200) {
  return vi.fn<VersionFetch>(async () => new Response(JSON.stringify(body), { status }));
}

const HOST = 'cardbook.example';

describe('checkForNewVersion', () => {
  it('reads /version.json with a cache-busting time and without the HTTP cache', async () => {
    const fetch = serving({ version: '2.82.04' });
    await checkForNewVersion({ fetch, storage: memoryStorage(), hostname: HOST, now: () => 1234 });
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]?.[0]).toBe('/version.json?t=1234');
    expect(fetch.mock.calls[0]?.[1]?.cache).toBe('no-store');
  });

  it('stores the first version it sees silently', async () => {
    const storage = memoryStorage();
    expect(await checkForNewVersion({ fetch: serving({ version: '1.0.0' }), storage, hostname: HOST })).toBeNull();
    expect(storage.data.get(VERSION_KEY)).toBe('1.0.0');
  });

  it('on the first run, uses the running build as the baseline when given', async () => {
    const storage = memoryStorage();
    const result = await checkForNewVersion({
      fetch: serving({ version: '2.0.0' }),
      storage,
      hostname: HOST,
      current: '1.0.0',
    });
    expect(result).toBe('2.0.0');
    expect(storage.data.get(VERSION_KEY)).toBe('1.0.0');
  });

  it('reports nothing when the stored version is the server version', async () => {
    const storage = memoryStorage({ [VERSION_KEY]: '1.0.0' });
    expect(await checkForNewVersion({ fetch: serving({ version: '1.0.0' }), storage, hostname: HOST })).toBeNull();
  });

  it('reports the server version when it differs, and keeps offering it until accepted', async () => {
    const storage = memoryStorage({ [VERSION_KEY]: '1.0.0' });
    const fetch = serving({ version: '1.1.0' });
    expect(await checkForNewVersion({ fetch, storage, hostname: HOST })).toBe('1.1.0');
    expect(await checkForNewVersion({ fetch, storage, hostname: HOST })).toBe('1.1.0');
    acceptNewVersion('1.1.0', storage);
    expect(storage.data.get(VERSION_KEY)).toBe('1.1.0');
    expect(await checkForNewVersion({ fetch, storage, hostname: HOST })).toBeNull();
  });

  it.each(['localhost', '127.0.0.1', '[::1]'])('skips the local host %s', async (hostname) => {
    const fetch = serving({ version: '9.9.9' });
    const storage = memoryStorage({ [VERSION_KEY]: '1.0.0' });
    expect(await checkForNewVersion({ fetch, storage, hostname })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks a local host when forced by option or by the localStorage flag', async () => {
    const fetch = serving({ version: '9.9.9' });
    const stored = { [VERSION_KEY]: '1.0.0' };
    expect(
      await checkForNewVersion({ fetch, storage: memoryStorage(stored), hostname: '127.0.0.1', force: true }),
    ).toBe('9.9.9');
    const flagged = memoryStorage({ ...stored, [VERSION_CHECK_FLAG_KEY]: 'always' });
    expect(await checkForNewVersion({ fetch, storage: flagged, hostname: '127.0.0.1' })).toBe('9.9.9');
  });

  it.each([
    ['offline', vi.fn<VersionFetch>(async () => Promise.reject(new TypeError('Failed to fetch')))],
    ['a server error', serving({ version: '9.9.9' }, 503)],
    ['bad JSON', vi.fn<VersionFetch>(async () => new Response('<html>', { status: 200 }))],
    ['a wrong shape', serving({ v: '9.9.9' })],
    ['an empty version', serving({ version: ' ' })],
  ])('stays silent on %s and stores nothing', async (_name, fetch) => {
    const storage = memoryStorage({ [VERSION_KEY]: '1.0.0' });
    expect(await checkForNewVersion({ fetch, storage, hostname: HOST })).toBeNull();
    expect(storage.data.get(VERSION_KEY)).toBe('1.0.0');
  });

  it('stays silent when the answer takes longer than the timeout', async () => {
    const fetch = vi.fn<VersionFetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const storage = memoryStorage({ [VERSION_KEY]: '1.0.0' });
    expect(await checkForNewVersion({ fetch, storage, hostname: HOST, timeoutMs: 20 })).toBeNull();
  });

  it('works without storage, and with storage that throws', async () => {
    const fetch = serving({ version: '2.0.0' });
    expect(await checkForNewVersion({ fetch, storage: null, hostname: HOST, current: '1.0.0' })).toBe('2.0.0');
    const refusing: VersionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(await checkForNewVersion({ fetch, storage: refusing, hostname: HOST })).toBeNull();
    expect(() => acceptNewVersion('2.0.0', refusing)).not.toThrow();
  });
});
