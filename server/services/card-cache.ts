import type { SharedCard } from '../../src/api';
import type { Db, Queryable } from '../db/db';

/** A shared card as a visitor sees it (no friend entry), and serialised so. */
export type CachedCard = { card: SharedCard; json: string };

/** The channel a process tells the others on of a shared card that changed (its share key). */
const CARDS_CHANNEL = 'cardbook_cards';

/**
 * Shared cards as a visitor sees them (no friend fields), and already serialised, kept for a few
 * seconds: a card link posted to a group chat is opened by many phones at once, and this answers
 * them without a database round trip each (a signed-in viewer's answer adds their friend entry,
 * read fresh: server/services/cards.ts).
 *
 * A save drops the card here and, through the database (NOTIFY), in every other server process,
 * so a viewer sees an edit at once (but for a read that raced the save, which lives at most
 * `ttlMs`, the bound too when a notice is lost).
 */
export class SharedCardCache {
  private readonly entries = new Map<string, { value: CachedCard; expires: number }>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 10_000,
  ) {}

  /** Hears the other processes' changes through `db`. */
  async listen(db: Db): Promise<void> {
    if (this.ttlMs <= 0) return;
    this.stopListening = await db.listen(
      CARDS_CHANNEL,
      (shareKey) => this.entries.delete(shareKey),
      () => this.entries.clear(),
    );
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    this.entries.clear();
  }

  /**
   * The cards of these share keys changed: dropped here at once, and in every other process
   * told through `q` (the caller's: inside a sync push's transaction, the notice goes out when
   * it commits).
   */
  async changed(q: Queryable, shareKeys: readonly string[]): Promise<void> {
    for (const key of shareKeys) this.entries.delete(key);
    if (this.ttlMs <= 0) return;
    for (const key of shareKeys) await q.query('select pg_notify($1, $2)', [CARDS_CHANNEL, key]);
  }

  get(shareKey: string): CachedCard | undefined {
    const entry = this.entries.get(shareKey);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.value;
    this.entries.delete(shareKey);
    return undefined;
  }

  set(shareKey: string, value: CachedCard): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(shareKey);
    if (this.entries.size >= this.maxEntries) {
      // Map iterates in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(shareKey, { value, expires: Date.now() + this.ttlMs });
  }
}

/** How long a shared card is kept by default. */
export const SHARED_CARD_CACHE_MS = 5_000;
