/**
 * Sending one prepared request (client.ts builds it): fetch with its timeout and its ways to be
 * cancelled, registered for dedupe and cancelAll, and the answer read as a `{code, msg, data}`
 * envelope. Every failure leaves as a RequestError.
 */
import type { z } from 'zod/mini';
import type { CallOptions, EnvelopeSchema, FetchFn, TimerHandle } from './client';
import { type PendingRequests, requestKey } from './dedupe';
import { RequestError, statusMessage } from './errors';
import type { Translate } from './messages';
import { envelopeMessage, readEnvelope } from './validation';

/** A request ready to go: what fetch needs and what identifies it. */
export type Prepared = {
  method: 'GET' | 'POST';
  url: string;
  body: string | FormData | undefined;
  bodyKey: string;
  json: boolean;
  timeout: number;
};

/** What sending needs of the client: its fetch, texts, timers and in-flight register. */
export type Transport = {
  fetchFn: FetchFn;
  t: Translate;
  setTimer: (callback: () => void, ms: number) => TimerHandle;
  clearTimer: (handle: TimerHandle) => void;
  pending: PendingRequests;
};

type AbortReason = 'cancelled' | 'timeout';

/**
 * An abort controller that remembers why it was aborted (the first reason wins), with `aborted`:
 * a promise that rejects on abort, to race the fetch and the reading of the body against.
 */
function abortable() {
  const controller = new AbortController();
  let abortedAs: AbortReason | null = null;
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => {});
  return {
    signal: controller.signal,
    aborted,
    abort(why: AbortReason): void {
      if (abortedAs) return;
      abortedAs = why;
      controller.abort();
    },
    abortedAs: () => abortedAs,
  };
}

/** A status outside 200–299: the SPEC §8 text of the status, the server's msg kept aside. */
function httpError(t: Translate, status: number, text: string): RequestError {
  const envelope = envelopeMessage(text);
  return new RequestError('http', statusMessage(t, status), {
    status,
    code: envelope?.code,
    serverMessage: envelope?.msg,
  });
}

/** What a failed send rejects with: a cancel or a timeout first, then its own error, else `network`. */
function failureOf(err: unknown, abortedAs: AbortReason | null, t: Translate): RequestError {
  if (abortedAs === 'cancelled') return new RequestError('cancelled', 'Request cancelled', { cause: err });
  if (abortedAs === 'timeout') return new RequestError('timeout', t('timeout'), { cause: err });
  if (err instanceof RequestError) return err;
  return new RequestError('network', t('timeout'), { cause: err });
}

/** Sends a prepared request and reads its answer; registers it for dedupe and cancelAll. */
export async function sendPrepared<S extends EnvelopeSchema>(
  transport: Transport,
  prepared: Prepared,
  headers: Headers,
  options: CallOptions<S>,
): Promise<z.output<S>> {
  const { fetchFn, t, setTimer, clearTimer, pending } = transport;
  if (options.signal?.aborted) throw new RequestError('cancelled', 'Request cancelled');
  const request = abortable();
  const entry = { cancel: () => request.abort('cancelled') };
  const key = requestKey(prepared.method, prepared.url, prepared.bodyKey, options.concurrent);
  const cancelOnSignal = () => entry.cancel();
  options.signal?.addEventListener('abort', cancelOnSignal, { once: true });
  pending.add(entry, key);
  const timer = setTimer(() => request.abort('timeout'), prepared.timeout);
  try {
    const response = await Promise.race([
      fetchFn(prepared.url, {
        method: prepared.method,
        headers,
        body: prepared.body,
        signal: request.signal,
      }),
      request.aborted,
    ]);
    const text = await Promise.race([response.text(), request.aborted]);
    if (response.status < 200 || response.status > 299) throw httpError(t, response.status, text);
    return readEnvelope(text, response.status, options.schema, t) as z.output<S>;
  } catch (err) {
    throw failureOf(err, request.abortedAs(), t);
  } finally {
    clearTimer(timer);
    pending.delete(entry, key);
    options.signal?.removeEventListener('abort', cancelOnSignal);
  }
}
