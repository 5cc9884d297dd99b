/**
 * The registry of in-flight requests (SPEC §7). A request identical to one still in flight
 * (same method, URL with its query, and body) cancels the earlier one: the latest call wins, the
 * earlier caller gets a silent cancel. A call marked `concurrent` (the contract's company image
 * upload, several at once on purpose, and get_time, the start-up clock read) is never
 * deduplicated. cancelAll() (on navigation) cancels every request, deduplicated or not.
 */

export type PendingRequest = { cancel(): void };

/** The dedupe key of a request, or null when it is concurrent. `url` already carries the sorted query. */
export function requestKey(method: string, url: string, body: string, concurrent = false): string | null {
  return concurrent ? null : `${method} ${url} ${body}`;
}

export class PendingRequests {
  readonly #all = new Set<PendingRequest>();
  readonly #byKey = new Map<string, PendingRequest>();

  get size(): number {
    return this.#all.size;
  }

  /** Registers a request that is starting, cancelling an identical earlier one. */
  add(request: PendingRequest, key: string | null): void {
    this.#all.add(request);
    if (key === null) return;
    const earlier = this.#byKey.get(key);
    this.#byKey.set(key, request);
    earlier?.cancel();
  }

  /** Forgets a request that has settled. */
  delete(request: PendingRequest, key: string | null): void {
    this.#all.delete(request);
    if (key !== null && this.#byKey.get(key) === request) this.#byKey.delete(key);
  }

  cancelAll(): void {
    for (const request of [...this.#all]) request.cancel();
  }
}
