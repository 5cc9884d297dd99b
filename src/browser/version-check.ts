import { versionFileSchema } from '../api/meta';

/**
 * The version check of SPEC §4: before each navigation the app reads /version.json and, when it
 * names another version than the one stored, offers to update. Everything it touches (fetch,
 * storage, host, clock) can be passed in, so the rule is tested without a browser.
 *
 * Local hosts are skipped, as SPEC §4 says, unless `force` is set or localStorage holds
 * `cardbook:versionCheck` = `always` (what the end-to-end tests on 127.0.0.1 set).
 */

/** Where the version the user last accepted is kept. */
export const VERSION_KEY = 'cardbook:version';
/** Set this localStorage key to `always` to check on local hosts too. */
export const VERSION_CHECK_FLAG_KEY = 'cardbook:versionCheck';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const DEFAULT_TIMEOUT_MS = 10_000;

export type VersionStorage = Pick<Storage, 'getItem' | 'setItem'>;
export type VersionFetch = (url: string, init?: RequestInit) => Promise<Response>;

export type VersionCheckOptions = {
  fetch?: VersionFetch;
  /** null when storage is unavailable; defaults to localStorage. */
  storage?: VersionStorage | null;
  /** Defaults to location.hostname. */
  hostname?: string;
  now?: () => number;
  /** Check even on a local host. */
  force?: boolean;
  /**
   * The version of the running build. On the first run (nothing stored) it is stored as the
   * baseline, so a page already older than the server is offered the update; without it the
   * server's version is stored silently.
   */
  current?: string;
  timeoutMs?: number;
};

/**
 * The server's version when it differs from the stored one, else null. Never throws and never
 * reports on failure (offline, timeout, bad answer): a check that cannot run shows no dialog.
 */
export async function checkForNewVersion(options: VersionCheckOptions = {}): Promise<string | null> {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const hostname = options.hostname ?? globalThis.location?.hostname ?? '';
  const forced = options.force === true || read(storage, VERSION_CHECK_FLAG_KEY) === 'always';
  if (LOCAL_HOSTS.has(hostname) && !forced) return null;

  const latest = await fetchVersion(options);
  if (latest === null) return null;
  let stored = read(storage, VERSION_KEY);
  if (stored === null) {
    stored = options.current ?? latest;
    write(storage, VERSION_KEY, stored);
  }
  return latest === stored ? null : latest;
}

/** Records the version the user accepted, so it is not offered again. */
export function acceptNewVersion(version: string, storage: VersionStorage | null = browserStorage()): void {
  write(storage, VERSION_KEY, version);
}

async function fetchVersion(options: VersionCheckOptions): Promise<string | null> {
  const fetchFn = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (!fetchFn) return null;
  const now = options.now ?? Date.now;
  try {
    const response = await fetchFn(`/version.json?t=${now()}`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const parsed = versionFileSchema.safeParse(await response.json());
    const version = parsed.success ? parsed.data.version.trim() : '';
    return version === '' ? null : version;
  } catch {
    return null;
  }
}

/** localStorage, or null where it is missing or refused (some private modes throw on access). */
function browserStorage(): VersionStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: VersionStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: VersionStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or refused storage: the check then simply offers the update again.
  }
}
