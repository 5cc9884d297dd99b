import { describe, expect, it } from 'vitest';
import { letterSpaced, withSpacingOf } from '../../src/lib/letter-spacing';

describe('letter-spaced lines', () => {
  it('are told from lines with short words', () => {
    expect(letterSpaced('La u ra Ro b | n S O n')).toBe(true);
    expect(letterSpaced('Ta n J 1 a € l n')).toBe(true);
    expect(letterSpaced('M 077 322 57 81')).toBe(false);
    expect(letterSpaced('Room 2408, Innovation Building')).toBe(false);
    expect(letterSpaced('陳 大 文')).toBe(false);
  });

  it("take the line recognizer's reading when it is sure and of the same letters", () => {
    expect(withSpacingOf('La u ra Ro b | n S O n', { text: 'Laura Robinson', confidence: 100 })).toBe('Laura Robinson');
    expect(withSpacingOf('Ta n J 1 a € l n', { text: 'Tan Jia Xin', confidence: 97 })).toBe('Tan Jia Xin');
  });

  it("keep tesseract's reading when the recognizer is unsure, spaced too, or reads something else", () => {
    expect(withSpacingOf('La u ra Ro b | n S O n', { text: 'Laura Robinson', confidence: 60 })).toBeNull();
    expect(withSpacingOf('La u ra Ro b | n S O n', { text: 'L a u r a', confidence: 99 })).toBeNull();
    expect(withSpacingOf('La u ra Ro b | n S O n', { text: '地址：香港新界葵涌', confidence: 99 })).toBeNull();
  });
});
