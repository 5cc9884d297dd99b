import type { HttpMessageKey, Translate } from './messages';

/**
 * Why a call failed. `http`: status outside 200–299; `api`: HTTP 2xx but envelope code not 200;
 * `timeout` / `network`: no answer; `setup`: the request could not be built or the answer is not
 * what the contract says; `cancelled`: superseded or navigated away (never shown);
 * `validation`: the body broke its schema and was not sent.
 */
export type RequestErrorKind = 'http' | 'api' | 'timeout' | 'network' | 'setup' | 'cancelled' | 'validation';

export type RequestErrorDetails = {
  /** HTTP status, when an answer arrived. */
  status?: number;
  /** Envelope code, when the answer was an envelope. */
  code?: number;
  /** The envelope's own msg (the server's reason, in the request language), when there was one. */
  serverMessage?: string;
  /** The offending body field of a validation error, dotted for nested fields. */
  field?: string;
  cause?: unknown;
};

export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly kind: RequestErrorKind;
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;

  constructor(kind: RequestErrorKind, message: string, details: RequestErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
    this.field = details.field;
  }
}

export function isRequestError(err: unknown): err is RequestError {
  return err instanceof RequestError;
}

/** True for a request that was cancelled (a repeated identical call, or navigation): stay silent. */
export function isCancelled(err: unknown): boolean {
  return err instanceof RequestError && err.kind === 'cancelled';
}

const STATUS_KEYS: Partial<Record<number, HttpMessageKey>> = {
  400: 'status400',
  401: 'status401',
  403: 'status403',
  404: 'status404',
  408: 'status408',
  500: 'status500',
  501: 'status501',
  502: 'status502',
  503: 'status503',
  504: 'status504',
  505: 'status505',
};

/** The SPEC §8 text of an HTTP status alone, e.g. 'Request error (400)'. */
export function statusText(t: Translate, status: number): string {
  const key = STATUS_KEYS[status];
  return key ? t(key) : t('statusOther', { status });
}

/** What a failed HTTP status shows: its text followed by the check-the-network hint. */
export function statusMessage(t: Translate, status: number): string {
  return t('withHint', { message: statusText(t, status), hint: t('checkNetwork') });
}

/**
 * Whether sending the same request again may succeed: no answer (offline, timeout) or a server
 * failure (5xx). A refusal (4xx: missing or stale input, not allowed) answers the same again, so
 * a screen offers no "Retry" for it, only the way forward.
 */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof RequestError)) return true;
  if (err.kind === 'timeout' || err.kind === 'network') return true;
  if (err.kind === 'validation') return false;
  const status = err.status !== undefined && err.status >= 300 ? err.status : err.code;
  return status === undefined || status >= 500;
}

/** What to tell the user about a failed call: the server's own reason when it gave one. */
export function errorText(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { serverMessage?: string; message?: string };
    return e.serverMessage || e.message || '';
  }
  return String(err);
}
