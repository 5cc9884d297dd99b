import type { Locale } from './langs';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/**
 * One namespace of the catalogue, in all six languages side by side. hk is the reference: the
 * compiler refuses a namespace where another language lacks one of its keys.
 */
export function defineNamespace<T extends Record<string, unknown>>(
  ns: { hk: T } & Record<Exclude<Locale, 'hk'>, Widen<T>>,
): Record<Locale, Widen<T>> {
  return ns as Record<Locale, Widen<T>>;
}
