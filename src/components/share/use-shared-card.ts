import { useCallback, useEffect, useState } from 'react';
import { SHARE_KEY_PATTERN, type SharedCard } from '../../api/card';
import { cardCalls } from '../../clients/card';
import { isCancelled, isRequestError } from '../../lib/request/errors';

export type SharedCardState =
  | { state: 'loading' }
  | { state: 'ready'; card: SharedCard }
  | { state: 'error'; message: string }
  | { state: 'notFound' };

/**
 * A shared card by its share key (card/cardInfo/{share_key}; no session needed, a
 * member's token tells the server whose friend entry to answer). One API call, so the page's
 * first paint needs nothing else. An unknown key (404, or a key that cannot be one) is
 * `notFound`; any other failure is `error` with the SPEC §8 text, and `retry` asks again. A
 * 401 (a member's expired token) is the request client's: on /s/… it only alerts.
 */
export function useSharedCard(shareKey: string): SharedCardState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<SharedCardState>({ state: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is `retry`: it asks again
  useEffect(() => {
    if (!SHARE_KEY_PATTERN.test(shareKey)) {
      setResult({ state: 'notFound' });
      return;
    }
    const controller = new AbortController();
    setResult({ state: 'loading' });
    cardCalls
      .shared(shareKey, controller.signal)
      .then((res) => setResult({ state: 'ready', card: res.data }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        // Cancelled by a navigation that kept this page (a hash change): ask again.
        if (isCancelled(err)) {
          setAttempt((n) => n + 1);
          return;
        }
        if (isRequestError(err) && (err.status === 404 || err.code === 404)) {
          setResult({ state: 'notFound' });
          return;
        }
        setResult({ state: 'error', message: err instanceof Error ? err.message : String(err) });
      });
    return () => controller.abort();
  }, [shareKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, retry };
}
