import { describe, expect, it } from 'vitest';
import { patchCardBodySchema } from '../../src/api/card';

describe('card contract', () => {
  // A new card is private by default (issue 23 #19); a patch must not apply that default.
  it('leaves a card public when a patch of its other fields does not name is_open', () => {
    expect(patchCardBodySchema.parse({ fields: { name: 'Amy Lee' } }).fields).toEqual({ name: 'Amy Lee' });
    expect(patchCardBodySchema.parse({ fields: { is_open: 1 } }).fields).toEqual({ is_open: 1 });
  });
});
