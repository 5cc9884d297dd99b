import { describe, expect, it } from 'vitest';
import { addCloudCardBodySchema } from '../../src/api';
import { cloudRowValue, isWebsiteValue, normalizeWebsite } from '../../src/lib/card-rules';

describe('the website rule (src/lib/card-rules.ts)', () => {
  it('accepts a bare host as scans read it and stores it with https://', () => {
    expect(isWebsiteValue('www.takshing-logistics.com.hk')).toBe(true);
    expect(normalizeWebsite(' www.takshing-logistics.com.hk ')).toBe('https://www.takshing-logistics.com.hk');
    expect(normalizeWebsite('takshing.hk/contact?a=1')).toBe('https://takshing.hk/contact?a=1');
  });

  it('keeps a link with its scheme as written', () => {
    expect(normalizeWebsite('http://example.com/a')).toBe('http://example.com/a');
    expect(normalizeWebsite('https://example.com')).toBe('https://example.com');
  });

  it('still refuses what SPEC §5 refuses (under 5 characters, no host), leaving it as written', () => {
    expect(isWebsiteValue('a.hk')).toBe(false);
    expect(isWebsiteValue('ab')).toBe(false);
    expect(isWebsiteValue('not a site')).toBe(false);
    expect(normalizeWebsite('ab')).toBe('ab');
  });

  it('normalises only website rows of a cloud card, on the contract the server and the device share', () => {
    expect(cloudRowValue('website', 'acme.hk')).toBe('https://acme.hk');
    expect(cloudRowValue('other', 'acme.hk')).toBe('acme.hk');
    const parsed = addCloudCardBodySchema.parse({
      extension: [
        { key: 'website', value: 'www.acme.com.hk' },
        { key: ' website ', value: 'ab' },
        { key: 'name', value: 'acme.hk' },
      ],
    });
    expect(parsed.extension).toEqual([
      { key: 'website', value: 'https://www.acme.com.hk' },
      { key: 'website', value: 'ab' },
      { key: 'name', value: 'acme.hk' },
    ]);
  });
});
