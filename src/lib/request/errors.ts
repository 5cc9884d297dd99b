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
