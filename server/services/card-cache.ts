/**
 * Shared cards as a visitor sees them (no friend fields), already serialised, kept for a few
 * seconds: a card link posted to a group chat is opened by many phones at once, and this answers
 * them without a database round trip each.
 *
 * A save evicts the card here, so within one server process a visitor sees an edit at once
 * (but for a read that raced the save, which lives at most `ttlMs`). Several processes
 * (PostgreSQL deployments) each keep their own copy: there an edit shows within `ttlMs`.
 * Signed-in viewers are never answered from here.
 */
export class SharedCardCache {
  private readonly entries = new Map<string, { json: string; expires: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 10_000,
  ) {}

  get(shareKey: string): string | undefined {
    const entry = this.entries.get(shareKey);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.json;
    this.entries.delete(shareKey);
    return undefined;
  }

  set(shareKey: string, json: string): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(shareKey);
    if (this.entries.size >= this.maxEntries) {
      // Map iterates in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(shareKey, { json, expires: Date.now() + this.ttlMs });
  }

  evict(shareKey: string): void {
    this.entries.delete(shareKey);
  }
}

/** How long a shared card is kept by default. */
export const SHARED_CARD_CACHE_MS = 5_000;
