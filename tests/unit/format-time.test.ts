import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../src/lib/format-time';

/** Times and dates are written the way the interface language writes them, not the browser's. */
process.env.TZ = 'Asia/Hong_Kong';
const at = Date.UTC(2026, 10, 25, 13, 18); // 21:18 in Hong Kong

describe('formatTime', () => {
  // (Korean is left out: Node's ICU data writes it "PM 9:18", browsers "오후 9:18".)
  it('writes a time in each interface language', () => {
    expect(formatTime(at, 'time', 'hk')).toMatch(/^下午\s?9:18$/);
    expect(formatTime(at, 'time', 'cn')).toMatch(/^(下午\s?9:18|21:18)$/);
    expect(formatTime(at, 'time', 'en')).toMatch(/^9:18\s?PM$/);
    expect(formatTime(at, 'time', 'jp')).toBe('21:18');
    expect(formatTime(at, 'time', 'th')).toBe('21:18');
    for (const locale of ['hk', 'cn', 'jp', 'th'] as const)
      expect(formatTime(at, 'dateTime', locale)).not.toMatch(/AM|PM/);
    expect(formatTime(at, 'date', 'hk')).toBe('2026年11月25日');
  });

  it('follows the interface language by default', async () => {
    await i18next.init({ lng: 'hk', resources: {} });
    expect(formatTime(at, 'time')).toMatch(/^下午\s?9:18$/);
    await i18next.changeLanguage('en');
    expect(formatTime(at, 'time')).toMatch(/^9:18\s?PM$/);
  });

  it('is the one place the app formats a date or time', () => {
    const src = join(import.meta.dirname, '../../src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const others = files.filter(
      (f) =>
        !f.endsWith('format-time.ts') &&
        /DateTimeFormat|toLocale(Date|Time)String\(|RelativeTimeFormat/.test(readFileSync(join(src, f), 'utf8')),
    );
    expect(others).toEqual([]);
  });
});
