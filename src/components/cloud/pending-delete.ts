import { useSyncExternalStore } from 'react';
import { db, mutate } from '../../db';

/**
 * Delete with undo for cloud cards and groups, as friends' (components/friends/pending-delete):
 * the item disappears at once, the change is made only when the undo window ends (or the page
 * is hidden), so Undo simply forgets it and the server never hears of it. Module state, so
 * leaving the screen keeps a pending delete.
 */
export const UNDO_MS = 5000;

export type PendingCloudDelete = { kind: 'card' | 'group'; id: string; title: string };

let pending: PendingCloudDelete[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

async function commit(id: string): Promise<void> {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  const item = pending.find((p) => p.id === id);
  if (!item) return;
  if (item.kind === 'card') await mutate(db, 'delCloudCard', { id });
  else await mutate(db, 'delCloudGroup', { id });
  pending = pending.filter((p) => p.id !== id);
  emit();
}

export function deleteCloudWithUndo(item: PendingCloudDelete): void {
  if (pending.some((p) => p.id === item.id)) return;
  pending = [...pending, item];
  timers.set(
    item.id,
    setTimeout(() => void commit(item.id), UNDO_MS),
  );
  emit();
}

export function undoCloudDelete(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  pending = pending.filter((p) => p.id !== id);
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const p of pending) void commit(p.id);
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingCloudDeletes(): readonly PendingCloudDelete[] {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
}
