/**
 * The client's one way to call /api/* (SPEC §7–8), on fetch + AbortController.
 *
 * Every dependency on the browser or the app (fetch, session, language, toasts, router,
 * timers) is injected, so the rules below are unit-tested without either.
 *
 * - Headers `lang` (always) and `token` (when signed in); POST bodies are JSON; uploads are
 *   multipart. Timeout 60 s, uploads 30 s. Only same-origin paths are accepted, so the token can
 *   never be sent elsewhere.
 * - A body with a `bodySchema` is checked by the very schema the server uses before anything is
 *   sent; the answer must be a `{code, msg, data}` envelope and, with a `schema`, match it.
 * - Identical in-flight requests: the later one cancels the earlier (see dedupe.ts).
 *   cancelAll() is for navigation. Cancelled calls reject with a `cancelled` RequestError and
 *   are never shown; callers skip them with isCancelled().
 * - Failures are shown here, not by callers: SPEC §7 has the msg of most failing calls shown as
 *   a failure toast, and one place keeps that uniform. A call that shows its failure its own way
 *   (inline form errors, logged-only company info, background polls) passes `silent: true`; the
 *   promise rejects the same either way. A status outside 200–299 shows the SPEC §8 text of the
 *   status plus the hint, not the server's msg (kept on the error as `serverMessage`).
 * - 401 always applies the session rule, `silent` or not, in place of the failure toast: clear
 *   the session, toast 'Please login again', go to /login after 1 s (once for a burst of 401s);
 *   on the shared-card page (/s/…), which needs no session, only an alert.
 */
import type { z } from 'zod/mini';
import type { Envelope } from '../../api/envelope';
import { TIME_ZONE_HEADER } from '../../api/meta';
import { LANG_HEADER, type Locale } from '../../i18n/langs';
import { deviceTimeZone } from '../format-time';
import { PendingRequests } from './dedupe';
import { RequestError } from './errors';
import type { Translate } from './messages';
import { formDataFingerprint, stableStringify } from './serialize';
import { type Prepared, sendPrepared, type Transport } from './transport';
import { type anyEnvelopeSchema, checkBody } from './validation';

export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 30_000;
export const LOGIN_REDIRECT_DELAY_MS = 1_000;
export const LOGIN_PATH = '/login';
export const SHARED_CARD_PREFIX = '/s/';

export type ToastKind = 'fail' | 'info';
export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;
export type TimerHandle = unknown;

export type RequestDeps = {
  /** Defaults to the global fetch. */
  fetch?: FetchFn;
  getToken(): string | null;
  getLocale(): Locale;
  /** Translates keys of the `http` namespace (the app passes i18next's, tests the catalogue's). */
  t: Translate;
  currentPath(): string;
  /** Clears the session (token, user). */
  onUnauthorized(): void;
  toast(message: string, kind: ToastKind): void;
  alert(message: string): void;
  navigate(path: string): void;
  setTimeout?: (callback: () => void, ms: number) => TimerHandle;
  clearTimeout?: (handle: TimerHandle) => void;
};

export type QueryParams = Record<string, string | number | boolean | null | undefined>;
export type EnvelopeSchema = z.ZodMiniType<Envelope<unknown>>;
export type AnyEnvelopeSchema = typeof anyEnvelopeSchema;

export type CallOptions<S extends EnvelopeSchema> = {
  /** The envelope schema of the answer (e.g. loginResponseSchema); the result is its output. */
  schema?: S;
  /** Do not toast a failure (the caller shows it); 401 rules and cancels are unaffected. */
  silent?: boolean;
  /** Aborting it cancels the call (silently), e.g. on unmount. */
  signal?: AbortSignal;
  /** Overrides the 60 s (30 s for uploads) timeout, in ms. */
  timeout?: number;
  /** Identical calls are each meant: never deduplicated (the endpoint's `concurrent`). */
  concurrent?: boolean;
};
export type GetOptions<S extends EnvelopeSchema> = CallOptions<S> & { params?: QueryParams };
export type PostOptions<S extends EnvelopeSchema, B extends z.ZodMiniType> = CallOptions<S> & {
  /** The request schema of the call (the server's own); a body breaking it is not sent. */
  bodySchema?: B;
};

export type RequestClient = {
  get<S extends EnvelopeSchema = AnyEnvelopeSchema>(url: string, options?: GetOptions<S>): Promise<z.output<S>>;
  post<S extends EnvelopeSchema = AnyEnvelopeSchema, B extends z.ZodMiniType = z.ZodMiniType>(
    url: string,
    body?: z.input<B>,
    options?: PostOptions<S, B>,
  ): Promise<z.output<S>>;
  upload<S extends EnvelopeSchema = AnyEnvelopeSchema>(
    url: string,
    form: FormData,
    options?: CallOptions<S>,
  ): Promise<z.output<S>>;
  /** Cancels every in-flight request, silently (called on every navigation). */
  cancelAll(): void;
  /** How many requests are in flight. */
  readonly pending: number;
};

const PROBE_ORIGIN = 'http://same-origin.invalid';

/** Refuses anything but a path on this origin ('//host', '/\\host' and absolute URLs included). */
function checkPath(url: string): void {
  if (!url.startsWith('/') || new URL(url, PROBE_ORIGIN).origin !== PROBE_ORIGIN) {
    throw new Error(`not a same-origin path: ${url}`);
  }
}

/** The URL with its query parameters appended in key order (null and undefined left out). */
export function withParams(url: string, params: QueryParams = {}): string {
  const entries = Object.entries(params)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null && entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]): [string, string] => [key, String(value)]);
  if (entries.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(entries).toString()}`;
}

/** The injected timers, or the global ones. */
function timersOf(deps: RequestDeps): Pick<Transport, 'setTimer' | 'clearTimer'> {
  const setTimer = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearTimer =
    deps.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout> | undefined));
  return { setTimer, clearTimer };
}

/** `lang` always, the device's time zone, `token` when signed in, and the JSON content type. */
function headersFor(deps: RequestDeps, prepared: Prepared): Headers {
  const headers = new Headers({ lang: LANG_HEADER[deps.getLocale()] });
  // Where this device is, roughly: a sign-in records it so the user can tell their sessions apart.
  const zone = deviceTimeZone();
  if (zone) headers.set(TIME_ZONE_HEADER, zone);
  const token = deps.getToken();
  if (token) headers.set('token', token);
  if (prepared.json) headers.set('content-type', 'application/json');
  return headers;
}

/**
 * The 401 rule: on the shared-card page only an alert; elsewhere clear the session, toast, and go
 * to /login after 1 s, once for a burst of 401s.
 */
function unauthorizedRule(deps: RequestDeps, setTimer: Transport['setTimer']): (error: RequestError) => void {
  const { t } = deps;
  let loginRedirectScheduled = false;
  return (error) => {
    if (deps.currentPath().startsWith(SHARED_CARD_PREFIX)) {
      deps.alert(error.message);
      return;
    }
    if (loginRedirectScheduled) return;
    loginRedirectScheduled = true;
    deps.onUnauthorized();
    deps.toast(t('loginAgain'), 'fail');
    setTimer(() => {
      loginRedirectScheduled = false;
      deps.navigate(LOGIN_PATH);
    }, LOGIN_REDIRECT_DELAY_MS);
  };
}

function prepareGet(url: string, options: GetOptions<EnvelopeSchema>): Prepared {
  return {
    method: 'GET',
    url: withParams(url, options.params),
    body: undefined,
    bodyKey: '',
    json: false,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
  };
}

/** A JSON body, checked first by the call's body schema when it has one. */
function preparePost<B extends z.ZodMiniType>(
  url: string,
  body: unknown,
  options: PostOptions<EnvelopeSchema, B>,
  t: Translate,
): Prepared {
  const value: unknown = options.bodySchema ? checkBody(options.bodySchema, body, t) : body;
  const json = value === undefined ? undefined : stableStringify(value);
  if (value !== undefined && json === undefined) throw new Error('body cannot be serialised as JSON');
  return {
    method: 'POST',
    url,
    body: json,
    bodyKey: json ?? '',
    json: json !== undefined,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
  };
}

function prepareUpload(url: string, form: FormData, options: CallOptions<EnvelopeSchema>): Prepared {
  return {
    method: 'POST',
    url,
    body: form,
    bodyKey: formDataFingerprint(form),
    json: false,
    timeout: options.timeout ?? UPLOAD_TIMEOUT_MS,
  };
}

export function createRequestClient(deps: RequestDeps): RequestClient {
  const { t } = deps;
  const { setTimer, clearTimer } = timersOf(deps);
  const pending = new PendingRequests();
  const transport: Transport = {
    fetchFn: deps.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    t,
    setTimer,
    clearTimer,
    pending,
  };
  const onUnauthorized = unauthorizedRule(deps, setTimer);

  function report(error: RequestError, silent: boolean): void {
    if (error.kind === 'cancelled') return;
    if (error.kind === 'http' && error.status === 401) onUnauthorized(error);
    else if (!silent) deps.toast(error.message, 'fail');
  }

  /** Builds the request (a failure here is `setup`, or `validation`), sends it, shows a failure. */
  async function call<S extends EnvelopeSchema>(
    prepare: () => Prepared,
    options: CallOptions<S>,
  ): Promise<z.output<S>> {
    try {
      let prepared: Prepared;
      let headers: Headers;
      try {
        prepared = prepare();
        checkPath(prepared.url);
        headers = headersFor(deps, prepared);
      } catch (err) {
        if (err instanceof RequestError) throw err;
        throw new RequestError('setup', t('serverAbnormal'), { cause: err });
      }
      return await sendPrepared(transport, prepared, headers, options);
    } catch (err) {
      const error = err instanceof RequestError ? err : new RequestError('setup', t('serverAbnormal'), { cause: err });
      report(error, options.silent ?? false);
      throw error;
    }
  }

  return {
    get(url, options = {}) {
      return call(() => prepareGet(url, options), options);
    },

    post(url, body, options = {}) {
      return call(() => preparePost(url, body, options, t), options);
    },

    upload(url, form, options = {}) {
      return call(() => prepareUpload(url, form, options), options);
    },

    cancelAll() {
      pending.cancelAll();
    },

    get pending() {
      return pending.size;
    },
  };
}
