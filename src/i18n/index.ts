import { loadFeature } from 'virtual:cardbook-locale-loaders';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { FeatureNamespace, Messages } from './catalog';
import { DEFAULT_LOCALE, HTML_LANG, LANG_HEADER, type Locale } from './langs';
import { isLocale, loadLanguage, saveLocale, storedLocale } from './locale-choice';

export { saveLocale, storedLocale };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

export function langHeader(): string {
  return LANG_HEADER[currentLocale()];
}

/**
 * Loads the chosen language only. Every language has every key of hk (checked by the compiler
 * and tests/unit/i18n.test.ts), and a language change reloads the page (SPEC §2), so the
 * fallback language never needs to be in memory beside it.
 */
export async function initI18n(locale: Locale = storedLocale()) {
  const { default: messages } = await loadLanguage(locale);
  await i18next.use(initReactI18next).init({
    resources: { [locale]: { translation: messages } },
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[locale];
  return i18next;
}

/** Loads that language's messages and switches to it (SPEC §2: the page then reloads). */
export async function switchLocale(locale: Locale): Promise<void> {
  saveLocale(locale);
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    const { default: messages } = await loadLanguage(locale);
    i18next.addResourceBundle(locale, 'translation', messages);
  }
  // The screen on show until the reload keeps every message it uses: its feature namespaces too.
  const bundles = await Promise.all([...loadedFeatures].map((ns) => loadFeature(locale, ns)));
  for (const { default: bundle } of bundles) i18next.addResourceBundle(locale, 'translation', bundle, true, false);
  await i18next.changeLanguage(locale);
}

/** The feature namespaces loaded so far (in any language). */
const loadedFeatures = new Set<FeatureNamespace>();

/**
 * Adds feature namespaces (FEATURE_NAMESPACES) in the current language to the messages; the
 * routes that use them wait for this before rendering.
 */
export async function loadMessages(namespaces: readonly FeatureNamespace[]): Promise<void> {
  const locale = currentLocale();
  const missing = namespaces.filter((ns) => !i18next.exists(ns, { lng: locale, fallbackLng: [] }));
  const bundles = await Promise.all(missing.map((ns) => loadFeature(locale, ns)));
  for (const { default: bundle } of bundles) i18next.addResourceBundle(locale, 'translation', bundle, true, false);
  for (const ns of namespaces) loadedFeatures.add(ns);
}

/** Starts fetching feature namespaces in the stored language, before i18next has started. */
export function warmMessages(namespaces: readonly FeatureNamespace[]): void {
  const locale = storedLocale();
  for (const ns of namespaces) void loadFeature(locale, ns).catch(() => undefined);
}

export { i18next as i18n };
