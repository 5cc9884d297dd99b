import type { ParseKeys } from 'i18next';
import { useSyncExternalStore } from 'react';

/**
 * Delete with undo: a deleted item disappears at once, but the change is made only when the undo
 * window ends (or the page is hidden), so Undo simply forgets it and the server never hears of
 * it. Module state, so leaving the screen does not lose a pending delete. A feature makes one
 * store of its own (friends: src/components/friends/deletes.ts, cloud: src/components/cloud/deletes.ts)
 * and shows it with UndoBar.
 *
 * With `kept`, the intent is also kept on the device from the first moment: a page closed or
 * reloaded within the window makes the change at the next start (the store's creation),
 * instead of losing it.
 */
export const UNDO_MS = 5000;

/** An item deleted with undo: its id and the title the undo bar names it by. */
export type HeldItem = { id: string | number; title: string };

export type HeldDeletesOptions<T extends HeldItem> = {
  /** Makes the delete, its window over. Called once for an item (and not at all when undone). */
  commit: (item: T) => Promise<unknown>;
  /** Keeps intents on the device, so a delete survives the page closing within its window. */
  kept?: {
    keep: (item: T) => Promise<void>;
    forget: (id: T['id']) => Promise<void>;
    /** The intents kept, of this and earlier pages. */
    read: () => Promise<T[]>;
  };
  /** The undo bar's message for an item (given `name`, its title), its button, its test id. */
  message: (item: T) => ParseKeys;
  undo: ParseKeys;
  testId?: string;
};

export type HeldDeletes<T extends HeldItem> = {
  /** Deletes `item` once the undo window ends (nothing when it is already held). */
  hold: (item: T) => void;
  /** Forgets the delete of `id`: it never happens. */
  undo: (id: T['id']) => void;
  subscribe: (listener: () => void) => () => void;
  /** The items held now (a new array on each change). */
  pending: () => readonly T[];
  readonly bar: Pick<HeldDeletesOptions<T>, 'message' | 'undo' | 'testId'>;
};

export function heldDeletes<T extends HeldItem>(options: HeldDeletesOptions<T>): HeldDeletes<T> {
  const { commit: make, kept } = options;
  let pending: readonly T[] = [];
  const timers = new Map<T['id'], ReturnType<typeof setTimeout>>();
  const committing = new Set<T['id']>();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const stopTimer = (id: T['id']) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const drop = (id: T['id']) => {
    pending = pending.filter((p) => p.id !== id);
    emit();
  };

  /** Makes the delete of a held item, once (the window's end and pagehide may both ask). */
  async function commit(id: T['id']): Promise<void> {
    stopTimer(id);
    const item = pending.find((p) => p.id === id);
    if (!item || committing.has(id)) return;
    committing.add(id);
    try {
      await make(item);
    } finally {
      committing.delete(id);
    }
    drop(id);
  }

  /** Deletes whose page closed within the undo window: made now, their window being over. */
  async function flushLeftOver(read: () => Promise<T[]>): Promise<void> {
    const left = (await read()).filter((p) => !pending.some((q) => q.id === p.id));
    if (left.length === 0) return;
    pending = [...pending, ...left];
    emit();
    for (const item of left) await commit(item.id);
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => {
      for (const p of pending) void commit(p.id);
    });
    if (kept) void flushLeftOver(kept.read).catch((error: unknown) => console.error('held deletes', error));
  }

  return {
    hold(item) {
      if (pending.some((p) => p.id === item.id)) return;
      pending = [...pending, item];
      const keeping = kept ? kept.keep(item) : Promise.resolve();
      timers.set(
        item.id,
        setTimeout(() => void keeping.then(() => commit(item.id)), UNDO_MS),
      );
      emit();
    },
    undo(id) {
      stopTimer(id);
      if (kept) void kept.forget(id);
      drop(id);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    pending: () => pending,
    bar: { message: options.message, undo: options.undo, testId: options.testId },
  };
}

/** The items of `deletes` held now: the screen hides them. */
export function usePendingDeletes<T extends HeldItem>(deletes: HeldDeletes<T>): readonly T[] {
  return useSyncExternalStore(deletes.subscribe, deletes.pending, deletes.pending);
}
