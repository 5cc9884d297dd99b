import { useSyncExternalStore } from 'react';
import { cloudDeletes } from '../../db/cloud-changes';
import type { CloudDeleteIntent } from '../../db/cloud-deletes';

/**
 * Delete with undo for cloud cards and groups, as friends' (components/friends/pending-delete):
 * the item disappears at once, the change is made only when the undo window ends (or the page
 * is hidden), so Undo simply forgets it and the server never hears of it. The intent is kept in
 * IndexedDB from the first moment (src/db/cloud-deletes.ts): a page closed or reloaded within
 * the window makes the change at its next start of a cloud screen, instead of losing it.
 */
export const UNDO_MS = 5000;

export type PendingCloudDelete = { kind: 'card' | 'group'; id: string; title: string };

let pending: PendingCloudDelete[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Makes the delete and forgets the intent in one transaction (src/db/cloud-deletes.ts), so two
 * tabs (or a commit racing the next start) make it once.
 */
async function commit(id: string): Promise<void> {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  await cloudDeletes.commit(id);
  pending = pending.filter((p) => p.id !== id);
  emit();
}

export function deleteCloudWithUndo(item: PendingCloudDelete): void {
  if (pending.some((p) => p.id === item.id)) return;
  pending = [...pending, item];
  const intent: CloudDeleteIntent = { ...item, at: Date.now() };
  const kept = cloudDeletes.keep(intent);
  timers.set(
    item.id,
    setTimeout(() => void kept.then(() => commit(item.id)), UNDO_MS),
  );
  emit();
}

export function undoCloudDelete(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  pending = pending.filter((p) => p.id !== id);
  void cloudDeletes.forget(id);
  emit();
}

/** Deletes whose page closed within the undo window: made now, their window being over. */
async function flushLeftOver(): Promise<void> {
  const left = (await cloudDeletes.read()).filter((p) => !pending.some((q) => q.id === p.id));
  if (left.length === 0) return;
  pending = [...pending, ...left.map(({ kind, id, title }) => ({ kind, id, title }))];
  emit();
  for (const item of left) await commit(item.id);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const p of pending) void commit(p.id);
  });
  void flushLeftOver().catch((error: unknown) => console.error('cloud deletes', error));
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
