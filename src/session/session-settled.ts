/**
 * Start-up reconciles the cookie's session with IndexedDB (boot.tsx: reconcileSession). The
 * first screen paints without waiting for it; what reads or syncs the signed-in user's data (the
 * signed-in screens, the member chrome that starts the sync worker) waits for this first.
 */
let settled: Promise<unknown> = Promise.resolve();

export function whenSessionSettled(): Promise<unknown> {
  return settled;
}

export function settleSessionWith(reconciling: Promise<unknown>): void {
  settled = reconciling.catch(() => undefined);
}
