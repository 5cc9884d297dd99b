import { useSyncExternalStore } from 'react';
import { enqueue } from '../../db/outbox';

/**
 * Delete with undo: a deleted friend disappears at once but the change is made only when the
 * undo window ends (or the page is hidden), so Undo simply forgets it and the server never
 * hears of it. Module state, so leaving the screen does not lose a pending delete.
 */
export const UNDO_MS = 5000;

export type PendingDelete = { acceptId: number; title: string };

let pending: PendingDelete[] = [];
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

async function commit(acceptId: number): Promise<void> {
  const timer = timers.get(acceptId);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(acceptId);
  if (!pending.some((p) => p.acceptId === acceptId)) return;
  await enqueue('delFriend', { acceptId });
  pending = pending.filter((p) => p.acceptId !== acceptId);
  emit();
}

export function deleteWithUndo(item: PendingDelete): void {
  if (pending.some((p) => p.acceptId === item.acceptId)) return;
  pending = [...pending, item];
  timers.set(
    item.acceptId,
    setTimeout(() => void commit(item.acceptId), UNDO_MS),
  );
  emit();
}

export function undoDelete(acceptId: number): void {
  const timer = timers.get(acceptId);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(acceptId);
  pending = pending.filter((p) => p.acceptId !== acceptId);
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const p of pending) void commit(p.acceptId);
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingDeletes(): readonly PendingDelete[] {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
}
