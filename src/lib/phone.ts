import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/** The two areas a mobile number can be registered in (SPEC §9): Hong Kong and mainland China. */
export const AREAS = ['hk', 'ch'] as const;
export type Area = (typeof AREAS)[number];

const COUNTRY: Record<Area, CountryCode> = { hk: 'HK', ch: 'CN' };

/**
 * The national number of a valid mobile in that area, digits only, or null when it is not one.
 * The 'mobile' metadata of libphonenumber makes isValid() true for mobile numbers only.
 */
export function normalizeMobile(area: Area, mobile: string): string | null {
  const parsed = parsePhoneNumberFromString(mobile, COUNTRY[area]);
  if (!parsed || parsed.country !== COUNTRY[area] || !parsed.isValid()) return null;
  return String(parsed.nationalNumber);
}
