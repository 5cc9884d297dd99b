import { describe, expect, it } from 'vitest';
import { dropIndex, reorder } from '../../src/lib/reorder';

describe('sorting by dragging', () => {
  it('moves one item to its new place, keeping the others in order', () => {
    expect(reorder(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(reorder(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(reorder(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
    expect(reorder(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('drops a row where the pointer is, by whole rows, never outside the list', () => {
    expect(dropIndex(2, -70, 64, 5)).toBe(1);
    expect(dropIndex(2, -20, 64, 5)).toBe(2);
    expect(dropIndex(2, 40, 64, 5)).toBe(3);
    expect(dropIndex(2, -1000, 64, 5)).toBe(0);
    expect(dropIndex(2, 1000, 64, 5)).toBe(4);
  });
});
