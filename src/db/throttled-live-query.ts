import Dexie from 'dexie';
import { useEffect, useState } from 'react';

/**
 * Like useLiveQuery, for a read too large to repeat on every write (a whole 10,000-friend group):
 * it runs once at once, then again after a write to one of `tables` (in this tab, another tab or
 * the sync worker), at most once per `minGapMs` while writes keep coming (a first sync commits a
 * page every ~100 ms; re-reading the whole group after each one cost the sync a third of its
 * time). The last write is always followed by a read. undefined while loading.
 */
export function useThrottledLiveQuery<T>(
  querier: () => Promise<T>,
  /** What the read depends on: plain values (numbers, strings, booleans). */
  deps: readonly unknown[],
  tables: readonly string[],
  minGapMs: number,
): T | undefined {
  const [value, setValue] = useState<{ of: string; value: T } | undefined>(undefined);
  const key = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the querier is keyed by `deps` (as useLiveQuery's is), the rest is fixed per call site.
  useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running = false;
    let dirty = false;
    let lastRun = Number.NEGATIVE_INFINITY;
    const run = async () => {
      running = true;
      dirty = false;
      lastRun = performance.now();
      try {
        const result = await querier();
        if (!disposed) setValue({ of: key, value: result });
      } finally {
        running = false;
        if (dirty) schedule();
      }
    };
    function schedule() {
      if (disposed || timer !== null) return;
      if (running) {
        dirty = true;
        return;
      }
      timer = setTimeout(
        () => {
          timer = null;
          void run();
        },
        Math.max(0, lastRun + minGapMs - performance.now()),
      );
    }
    const watched = tables.map((table) => `/${table}/`);
    const onMutated = (parts: Record<string, unknown>) => {
      if (Object.keys(parts).some((part) => part.startsWith('idb://') && watched.some((t) => part.includes(t))))
        schedule();
    };
    Dexie.on('storagemutated', onMutated);
    void run();
    return () => {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      Dexie.on('storagemutated').unsubscribe(onMutated);
    };
  }, [key]);
  // A value read for other deps (the group tab just changed) is not this one's.
  return value?.of === key ? value.value : undefined;
}
