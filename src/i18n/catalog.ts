import type { Locale } from './langs';
import { cn } from './locales/cn';
import { en } from './locales/en';
import { hk, type Messages } from './locales/hk';
import { jp } from './locales/jp';
import { kr } from './locales/kr';
import { th } from './locales/th';

/** Every catalogue by locale: the one source of user-visible text for app and server alike. */
export const catalogs: Record<Locale, Messages> = { hk, en, cn, jp, kr, th };
export type { Messages };
