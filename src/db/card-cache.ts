import type { CompanyItem } from '../api';
import { CARD_IMAGE_CACHE, cardImageUrls } from '../lib/card-images';
import type { CardbookDB, CardCacheRow } from './CardbookDB';

/**
 * The bounded cache of friends' cards opened online (SPEC §2 card-detail overlay, offline):
 * the synced friend row already holds the card's fields; this keeps what only the network had,
 * the promotional items (a cardCache row) and the images (Cache Storage), so a card opened once
 * opens again offline, whole.
 *
 * It stays under a storage budget: past it, the least recently opened cards go first, and cards
 * of friends I gave a remark (the ones I took the trouble to annotate) go last. An image several
 * cards show is dropped only with the last of them. Everything here is a copy: eviction costs a
 * download later, never data.
 */

/** At most this much (promotional items and images), or a tenth of the origin's quota if smaller. */
export const CARD_CACHE_BUDGET_BYTES = 80 * 1024 * 1024;

export type CardToKeep = {
  card_id: number;
  share_str: string;
  photo?: string;
  photo_back?: string;
  avatar?: string;
};

/** The budget on this device: the constant, or a tenth of what the browser grants the origin. */
export async function cardCacheBudget(): Promise<number> {
  try {
    const quota = (await navigator.storage?.estimate?.())?.quota;
    return quota ? Math.min(CARD_CACHE_BUDGET_BYTES, Math.floor(quota / 10)) : CARD_CACHE_BUDGET_BYTES;
  } catch {
    return CARD_CACHE_BUDGET_BYTES;
  }
}

/** Marks a card as opened now (least-recently-used order), online or not. */
export async function touchCard(db: CardbookDB, cardId: number): Promise<void> {
  await db.cardCache.update(cardId, { openedAt: Date.now() });
}

/**
 * Keeps a card's promotional items and images, just fetched online, then prunes the cache back
 * under the budget (never this card). Images already kept are not fetched again (their names
 * are immutable); an image that cannot be fetched is skipped, and tried again next time.
 */
export async function keepCard(
  db: CardbookDB,
  card: CardToKeep,
  company: CompanyItem[],
  budget = CARD_CACHE_BUDGET_BYTES,
): Promise<void> {
  const urls = cardImageUrls(card, company);
  let bytes = new Blob([JSON.stringify(company)]).size;
  const kept: string[] = [];
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(CARD_IMAGE_CACHE);
    for (const url of urls) {
      const size = await cachedSize(cache, url);
      if (size === null) continue;
      kept.push(url);
      bytes += size;
    }
  }
  const row: CardCacheRow = {
    card_id: card.card_id,
    share_str: card.share_str,
    company,
    urls: kept,
    bytes,
    openedAt: Date.now(),
  };
  await db.cardCache.put(row);
  await pruneCardCache(db, budget, card.card_id);
}

/** The size of a URL's cached copy, fetching and caching it first when missing; null when it cannot be had. */
async function cachedSize(cache: Cache, url: string): Promise<number | null> {
  const hit = await cache.match(url);
  if (hit) return (await hit.blob()).size;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    await cache.put(url, response.clone());
    return (await response.blob()).size;
  } catch {
    return null;
  }
}

/**
 * Drops cards until the rest fit the budget: friends without a remark before friends with one,
 * then the least recently opened first; `keepId` (the card being opened) stays. Then deletes
 * the images no remaining card shows.
 */
export async function pruneCardCache(db: CardbookDB, budget: number, keepId?: number): Promise<number[]> {
  const rows = await db.cardCache.toArray();
  let total = rows.reduce((sum, row) => sum + row.bytes, 0);
  if (total <= budget) return [];
  const remarked = new Set(
    (await db.friends.toArray()).filter((f) => f.remark.trim() !== '').map((f) => f.friend_card_info.card_id),
  );
  const order = rows
    .filter((row) => row.card_id !== keepId)
    .sort((a, b) => Number(remarked.has(a.card_id)) - Number(remarked.has(b.card_id)) || a.openedAt - b.openedAt);
  const evicted: CardCacheRow[] = [];
  for (const row of order) {
    if (total <= budget) break;
    evicted.push(row);
    total -= row.bytes;
  }
  const gone = new Set(evicted.map((row) => row.card_id));
  await db.cardCache.bulkDelete([...gone]);
  if (typeof caches !== 'undefined') {
    const stillShown = new Set(rows.filter((row) => !gone.has(row.card_id)).flatMap((row) => row.urls));
    const cache = await caches.open(CARD_IMAGE_CACHE);
    const orphans = new Set(evicted.flatMap((row) => row.urls).filter((url) => !stillShown.has(url)));
    await Promise.all([...orphans].map((url) => cache.delete(url)));
  }
  return [...gone];
}

/** Forgets every kept card (signing out: the next user must not see them). */
export async function clearCardCache(db: CardbookDB): Promise<void> {
  await db.cardCache.clear();
  if (typeof caches !== 'undefined') await caches.delete(CARD_IMAGE_CACHE);
}
