import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Held from '../../src/components/undo/pending-delete';

/** Deletes held for their undo window (src/components/undo/pending-delete.ts), friends' and cloud's. */
type Item = { id: string; title: string };
let held: typeof Held;

beforeAll(async () => {
  // A page to hide: the store listens for pagehide, and reads the kept intents on starting.
  vi.stubGlobal('window', new EventTarget());
  held = await import('../../src/components/undo/pending-delete');
});
afterEach(() => {
  vi.useRealTimers();
});

function store(kept?: Held.HeldDeletesOptions<Item>['kept']) {
  const commit = vi.fn(async (_item: Item) => undefined);
  const deletes = held.heldDeletes<Item>({
    commit,
    kept,
    message: () => 'friends.card.deleted',
    undo: 'friends.card.undo',
  });
  return { commit, deletes };
}

describe('held deletes', () => {
  it('makes the delete when the undo window ends, and only then', async () => {
    vi.useFakeTimers();
    const { commit, deletes } = store();
    deletes.hold({ id: 'a', title: 'A' });
    deletes.hold({ id: 'a', title: 'A' });
    expect(deletes.pending().map((p) => p.id)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(held.UNDO_MS - 1);
    expect(commit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(deletes.pending()).toEqual([]);
  });

  it('forgets a delete undone within the window', async () => {
    vi.useFakeTimers();
    const forget = vi.fn(async () => undefined);
    const { commit, deletes } = store({ keep: async () => undefined, forget, read: async () => [] });
    deletes.hold({ id: 'b', title: 'B' });
    deletes.undo('b');
    await vi.advanceTimersByTimeAsync(held.UNDO_MS * 2);
    expect(commit).not.toHaveBeenCalled();
    expect(forget).toHaveBeenCalledWith('b');
    expect(deletes.pending()).toEqual([]);
  });

  it('makes the delete when the page is hidden, once even if the window ends meanwhile', async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const commit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const deletes = held.heldDeletes<Item>({
      commit,
      message: () => 'friends.card.deleted',
      undo: 'friends.card.undo',
    });
    deletes.hold({ id: 'c', title: 'C' });
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(held.UNDO_MS);
    finish();
    await vi.waitFor(() => expect(deletes.pending()).toEqual([]));
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('makes at start the deletes kept by a page closed within their window', async () => {
    const left = [{ id: 'd', title: 'D' }];
    const { commit, deletes } = store({
      keep: async () => undefined,
      forget: async () => undefined,
      read: async () => left,
    });
    await vi.waitFor(() => expect(commit).toHaveBeenCalledWith(left[0]));
    await vi.waitFor(() => expect(deletes.pending()).toEqual([]));
  });
});
