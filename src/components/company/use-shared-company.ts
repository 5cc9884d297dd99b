import { useCallback, useEffect, useState } from 'react';
import type { CompanyItem } from '../../api';
import { companyCalls } from '../../clients/company';
import { isCancelled } from '../../lib/request/errors';

export type SharedCompany = {
  state: 'loading' | 'error' | 'ready';
  items: CompanyItem[];
  /** Asks again (after an error). */
  retry: () => void;
};

/**
 * The promotional blocks of a shared card, for visitors (companyInfo/{shareStr}, no session
 * needed). SPEC §7: a failure is only logged, never toasted; the page decides what
 * to show for `error`.
 */
export function useSharedCompany(shareStr: string): SharedCompany {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Omit<SharedCompany, 'retry'>>({ state: 'loading', items: [] });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is `retry`: it asks again
  useEffect(() => {
    const controller = new AbortController();
    setResult({ state: 'loading', items: [] });
    companyCalls
      .shared(shareStr, controller.signal)
      .then((items) => setResult({ state: 'ready', items }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        // Cancelled by a navigation or an identical call: nothing to log, but `retry` may ask again.
        if (!isCancelled(err)) console.error('company info', shareStr, err);
        setResult({ state: 'error', items: [] });
      });
    return () => controller.abort();
  }, [shareStr, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, retry };
}
