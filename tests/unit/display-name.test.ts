import { describe, expect, it } from 'vitest';
import { colourOf, initialOf } from '../../src/components/Avatar';
import { contactLine, displayName } from '../../src/lib/display-name';
import { formatMobile } from '../../src/lib/phone';

const who = { fullName: '', english_name: '', email: null, mobile: null, area: null };

describe('displayName', () => {
  it('is the name, else the English name, else how the user signs in — never a placeholder', () => {
    expect(displayName({ ...who, fullName: ' 陳大文 ', english_name: 'Tai Man' })).toBe('陳大文');
    expect(displayName({ ...who, english_name: 'Tai Man', email: 'tm@example.com' })).toBe('Tai Man');
    expect(displayName({ ...who, email: 'tm@example.com' })).toBe('tm@example.com');
    expect(displayName({ ...who, area: 'hk', mobile: '61234567' })).toBe('+852 6123 4567');
  });
});

describe('formatMobile', () => {
  it('writes an account mobile in international form, never as "hk 61234567"', () => {
    expect(formatMobile('hk', '61234567')).toBe('+852 6123 4567');
    expect(formatMobile('ch', '13812345678')).toBe('+86 138 1234 5678');
    expect(contactLine({ email: null, area: 'hk', mobile: '91234567' })).toBe('+852 9123 4567');
  });
  it('keeps a number it cannot read as it is', () => {
    expect(formatMobile(null, '12')).toBe('12');
  });
});

describe('letter avatar', () => {
  it('takes the first letter or character, upper-cased, and none from punctuation', () => {
    expect(initialOf('ada lam')).toBe('A');
    expect(initialOf('陳大文')).toBe('陳');
    expect(initialOf('  정민')).toBe('정');
    expect(initialOf('@handle')).toBe('');
    expect(initialOf('')).toBe('');
  });
  it('gives one name one colour, every time', () => {
    expect(colourOf('Ada Lam')).toBe(colourOf('Ada Lam'));
    expect(new Set(['Ada', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay'].map(colourOf)).size).toBeGreaterThan(1);
  });
});
