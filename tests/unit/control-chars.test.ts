import { describe, expect, it } from 'vitest';
import { hasControlChars, showControlChars } from '../../src/lib/control-chars';

describe('control characters in user text', () => {
  it('finds ESC, CR, NUL, DEL and C1 everywhere; newline and tab only in single-line text', () => {
    for (const bad of ['a\u001b[2Kb', 'paid\r', 'a\u0000', 'x\u007f', 'x\u009b31m', 'a\u0008']) {
      expect(hasControlChars(bad)).toBe(true);
      expect(hasControlChars(bad, true)).toBe(true);
    }
    expect(hasControlChars('1 Harbour Road\nWan Chai')).toBe(true);
    expect(hasControlChars('1 Harbour Road\nWan Chai\tHK', true)).toBe(false);
    expect(hasControlChars('陳大文 Tai Man ✓ 🙂')).toBe(false);
  });

  it('prints them as escapes, so text cannot move a terminal’s cursor or forge a line', () => {
    const hostile = 'Ada\u001b[2K\r#7  CB23456789  paid\u202e';
    const shown = showControlChars(hostile);
    expect(shown).toBe('Ada\\x1b[2K\\x0d#7  CB23456789  paid\\u202e');
    expect(hasControlChars(shown)).toBe(false);
    expect(showControlChars('line one\nline\ttwo', true)).toBe('line one\nline\ttwo');
    expect(showControlChars('line one\nline two')).toBe('line one\\x0aline two');
  });
});
