import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaMetadata, PHONE_METADATA_FILE } from '../../scripts/phone-metadata';
import { normalizeMobile } from '../../src/lib/phone';

describe('normalizeMobile', () => {
  it('accepts Hong Kong mobiles in any common spelling', () => {
    expect(normalizeMobile('hk', '91234567')).toBe('91234567');
    expect(normalizeMobile('hk', '9123 4567')).toBe('91234567');
    expect(normalizeMobile('hk', '+852 9123-4567')).toBe('91234567');
  });

  it('accepts mainland China mobiles', () => {
    expect(normalizeMobile('ch', '13812345678')).toBe('13812345678');
    expect(normalizeMobile('ch', '+86 138 1234 5678')).toBe('13812345678');
  });

  it('refuses numbers that are not mobiles of that area', () => {
    expect(normalizeMobile('hk', '1234')).toBeNull();
    expect(normalizeMobile('hk', '13812345678')).toBeNull();
    expect(normalizeMobile('ch', '91234567')).toBeNull();
    expect(normalizeMobile('hk', '+86 138 1234 5678')).toBeNull();
  });
});

describe('phone metadata', () => {
  it('is what scripts/phone-metadata.ts makes from the installed libphonenumber-js', () => {
    const committed: unknown = JSON.parse(readFileSync(PHONE_METADATA_FILE, 'utf8'));
    expect(committed).toEqual(JSON.parse(areaMetadata()));
  });
});
