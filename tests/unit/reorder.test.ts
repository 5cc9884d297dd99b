import { describe, expect, it } from 'vitest';
import { reorder } from '../../src/lib/reorder';

describe('sorting by dragging', () => {
  it('moves one item to its new place, keeping the others in order', () => {
    expect(reorder(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(reorder(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(reorder(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
    expect(reorder(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
