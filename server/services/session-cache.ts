import type { Db } from '../db/db';
import type { TokenSession } from './tokens';

/** The channel the database tells every process on of a user whose sessions changed (migration 0016). */
export const SESSIONS_CHANNEL = 'cardbook_sessions';

/** How long a resolved session is kept by default: a revoked token is refused everywhere within this even if a notice is lost. */
export const SESSION_CACHE_MS = 1_000;

/**
 * Sessions this process resolved from their token's hash, and users' profiles, kept for `ttlMs`,
 * so a burst of one device's requests (an app start, a pull and its pages) reads its token once
 * and GET getProfile reads nothing. Every process hears from the database when a user's token is
 * revoked, their row changes or an exchange leaves them friends to write (SESSIONS_CHANNEL,
 * migrations 0016 and 0017) and forgets that user's copies at once; the process that changed
 * them forgets before it answers (`forgetUser`). While a process cannot hear (its listening
 * connection lost) it keeps nothing. `ttlMs` bounds what a lost notice could cost.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: TokenSession; expires: number }>();
  private readonly profiles = new Map<number, { json: string; expires: number }>();
  private readonly hashesOf = new Map<number, Set<string>>();
  /** Bumped by every forgetting: a session read from the database before one is not kept. */
  private generation = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 50_000,
  ) {}

  /** Starts hearing the database's notices; until then, and if that fails, nothing is kept. */
  async listen(db: Db): Promise<void> {
    if (this.ttlMs <= 0) return;
    this.listening = false;
    this.stopListening = await db.listen(
      SESSIONS_CHANNEL,
      (payload) => this.forgetUser(Number(payload)),
      (listening) => {
        this.clear();
        this.listening = listening;
      },
    );
    this.clear();
    this.listening = true;
  }

  async close(): Promise<void> {
    this.listening = false;
    await this.stopListening?.();
    this.clear();
  }

  /** The session kept for this token hash, if still fresh. */
  get(hash: string): TokenSession | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.session;
    this.remove(hash, entry.session.userId);
    return undefined;
  }

  /** A mark to hand to `set`: a session read after it is kept only if nothing was forgotten since. */
  mark(): number {
    return this.generation;
  }

  set(hash: string, session: TokenSession, mark: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Map iterates in insertion order: the first key is the oldest entry.
      const [oldest] = this.entries;
      if (oldest) this.remove(oldest[0], oldest[1].session.userId);
    }
    this.entries.set(hash, { session, expires: Date.now() + this.ttlMs });
    let hashes = this.hashesOf.get(session.userId);
    if (!hashes) {
      hashes = new Set();
      this.hashesOf.set(session.userId, hashes);
    }
    hashes.add(hash);
  }

  /** The user's profile kept here, serialised, if still fresh. */
  profileJson(userId: number): string | undefined {
    const entry = this.profiles.get(userId);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.json;
    this.profiles.delete(userId);
    return undefined;
  }

  /** Keeps a profile read after `mark` (see `set`), serialised: every answer sends it as it is. */
  keepProfile(userId: number, json: string, mark: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.profiles.size >= this.maxEntries) {
      const [oldest] = this.profiles.keys();
      if (oldest !== undefined) this.profiles.delete(oldest);
    }
    this.profiles.set(userId, { json, expires: Date.now() + this.ttlMs });
  }

  /** Forgets every session and the profile of the user (their notice may come later: this is for the process that changed them). */
  forgetUser(userId: number): void {
    this.generation += 1;
    for (const hash of this.hashesOf.get(userId) ?? []) this.entries.delete(hash);
    this.hashesOf.delete(userId);
    this.profiles.delete(userId);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.hashesOf.clear();
    this.profiles.clear();
  }

  private remove(hash: string, userId: number): void {
    this.entries.delete(hash);
    const hashes = this.hashesOf.get(userId);
    hashes?.delete(hash);
    if (hashes?.size === 0) this.hashesOf.delete(userId);
  }
}
