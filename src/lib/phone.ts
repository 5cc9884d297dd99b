import { type CountryCode, type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { Area } from './areas';
import metadata from './phone-metadata.json';

export { AREAS, type Area } from './areas';

const COUNTRY: Record<Area, CountryCode> = { hk: 'HK', ch: 'CN' };

/**
 * The national number of a valid mobile in that area, digits only, or null when it is not one.
 * The metadata is libphonenumber's 'mobile' set cut to these two areas
 * (scripts/phone-metadata.ts), so isValid() is true for their mobile numbers only.
 */
export function normalizeMobile(area: Area, mobile: string): string | null {
  const parsed = parsePhoneNumberFromString(mobile, COUNTRY[area], metadata as MetadataJson);
  if (!parsed || parsed.country !== COUNTRY[area] || !parsed.isValid()) return null;
  return String(parsed.nationalNumber);
}

/**
 * An account's mobile as people write it, in international form ('+852 6123 4567'); the number
 * as stored when it does not parse (never the area code as a word).
 */
export function formatMobile(area: string | null, mobile: string): string {
  const defaultCountry = area === 'hk' || area === 'ch' ? COUNTRY[area] : undefined;
  const parsed = parsePhoneNumberFromString(mobile, { defaultCountry }, metadata as MetadataJson);
  return parsed ? parsed.formatInternational() : mobile;
}
