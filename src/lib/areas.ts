/** The two areas a mobile number can be registered in (SPEC §9): Hong Kong and mainland China. */
export const AREAS = ['hk', 'ch'] as const;
export type Area = (typeof AREAS)[number];

/** The user's area (profile `area`, any spelling the server kept) as one of AREAS; Hong Kong by default. */
export const areaOf = (area: string | null | undefined): Area => (area?.toLowerCase() === 'ch' ? 'ch' : 'hk');
