import { useCallback, useState } from 'react';
import { errorText, isCancelled } from '../lib/request/errors';
import { toast } from './toast';

/**
 * A screen's one "busy" state: while an action runs, `busy` is true and its controls wait (and
 * say so). `run` gives back the action's own result or failure; `runTold` tells a failure
 * itself, as a toast in the server's words (a cancelled call is never told).
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  }, []);
  const runTold = useCallback((action: () => Promise<void>) => run(action).catch(tellFailure), [run]);
  return { busy, run, runTold };
}

/** A failed call told as a toast in the server's words; a cancelled one is not told. */
export function tellFailure(err: unknown): void {
  if (!isCancelled(err)) toast(errorText(err), 'error');
}
