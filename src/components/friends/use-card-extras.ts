import { useCallback, useEffect, useState } from 'react';
import type { CompanyItem } from '../../api';
import { friendCardExtras } from '../../clients/card-extras';
import type { CardToKeep } from '../../db/card-cache';
import { useKeptCard } from '../../db/hooks/card-cache';
import { isCancelled } from '../../lib/request/errors';
import type { PromotionState } from '../card/Promotion';

/**
 * The promotional items of a friend's card in the card-detail overlay: what this device kept
 * from an earlier opening at once (offline too), then, online, the server's fresh copy, which
 * is kept again with the card's images (src/db/card-cache.ts). SPEC §7: a failure is only
 * logged; with nothing kept the overlay says the items need a connection.
 */
export function useCardExtras(card: CardToKeep | null): PromotionState {
  const cardId = card?.card_id ?? 0;
  const shareStr = card?.share_str ?? '';
  const kept = useKeptCard(cardId);
  const [fresh, setFresh] = useState<CompanyItem[] | null>(null);
  const [net, setNet] = useState<'loading' | 'done' | 'error' | 'offline'>('loading');
  const [attempt, setAttempt] = useState(0);

  // The card object changes on every pull; what to fetch depends on its id, key and images only.
  const photo = card?.photo ?? '';
  const photoBack = card?.photo_back ?? '';
  const avatar = card?.avatar ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is `retry`: it asks again
  useEffect(() => {
    if (!cardId) return;
    void friendCardExtras.opened(cardId);
    setFresh(null);
    if (!shareStr) {
      setNet('done');
      return;
    }
    const controller = new AbortController();
    setNet('loading');
    const images = { card_id: cardId, share_str: shareStr, photo, photo_back: photoBack, avatar };
    friendCardExtras
      .refresh(
        images,
        (items) => {
          setFresh(items);
          setNet('done');
        },
        controller.signal,
      )
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (!isCancelled(err)) console.error('company info', shareStr, err);
        setNet(navigator.onLine ? 'error' : 'offline');
      });
    return () => controller.abort();
  }, [cardId, shareStr, photo, photoBack, avatar, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const items = fresh ?? kept?.company ?? [];
  if (fresh || kept) return { state: 'ready', items, retry };
  if (kept === undefined || net === 'loading') return { state: 'loading', items, retry };
  if (net === 'done') return { state: 'ready', items, retry };
  return { state: net, items, retry };
}
