import type { CompanyItem } from '../api';
import { db } from '../db';
import { type CardToKeep, cardCacheBudget, keepCard, touchCard } from '../db/card-cache';
import { companyCalls } from './company';

/**
 * A friend's card opened in the card-detail overlay (src/db/card-cache.ts): marked as opened
 * now, then, online, its fresh promotional items, shown at once and kept with the card's images
 * so that it opens again offline, whole. Apart from the company client because it holds the
 * database, which the visitors' shared-card page does not load before its first paint.
 */
export const friendCardExtras = {
  opened: (cardId: number) => touchCard(db, cardId),
  async refresh(card: CardToKeep, show: (items: CompanyItem[]) => void, signal?: AbortSignal): Promise<void> {
    const items = await companyCalls.shared(card.share_str, signal);
    show(items);
    await keepCard(db, card, items, await cardCacheBudget());
  },
};
