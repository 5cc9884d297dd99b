import { describe, expect, it } from 'vitest';
import { readCatalogs } from '../../scripts/catalogs';
import { LOCALES, localeFromHeader } from '../../src/i18n/langs';

const catalogs = readCatalogs();

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string).sort();
}

describe('catalogues', () => {
  const reference = keys(catalogs.hk).sort();

  it.each(LOCALES)('%s has every key hk has, each a non-empty string with the same placeholders', (locale) => {
    const catalog = catalogs[locale];
    expect(keys(catalog).sort()).toEqual(reference);
    for (const key of reference) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);
      const hkText = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs.hk);
      expect(typeof text === 'string' && text.trim().length > 0, `${locale}:${key}`).toBe(true);
      expect(placeholders(text as string), `${locale}:${key}`).toEqual(placeholders(hkText as string));
    }
  });

  it('maps lang headers to locales, zh-tw when absent or unknown', () => {
    expect(localeFromHeader('en-us')).toBe('en');
    expect(localeFromHeader('EN-US')).toBe('en');
    expect(localeFromHeader('zh-cn')).toBe('cn');
    expect(localeFromHeader('ja-jp')).toBe('jp');
    expect(localeFromHeader('ko-kr')).toBe('kr');
    expect(localeFromHeader('th-th')).toBe('th');
    expect(localeFromHeader(undefined)).toBe('hk');
    expect(localeFromHeader('fr-fr')).toBe('hk');
  });
});
