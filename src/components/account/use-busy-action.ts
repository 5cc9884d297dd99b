import { useCallback, useState } from 'react';
import { isCancelled } from '../../lib/request/errors';
import { errorText } from '../forms';
import { toast } from '../toast';

/**
 * One account action at a time (switch, unlink, remove a login method, sign out elsewhere):
 * the buttons wait while it runs, and a failure is told in the server's words.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      if (!isCancelled(err)) toast(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
