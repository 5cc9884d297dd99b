/** The two areas a mobile number can be registered in (SPEC §9): Hong Kong and mainland China. */
export const AREAS = ['hk', 'ch'] as const;
export type Area = (typeof AREAS)[number];
