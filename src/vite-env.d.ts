/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

declare module 'virtual:cardbook-locale/*' {
  const messages: import('./i18n/catalog').Messages;
  export default messages;
}

declare module 'virtual:cardbook-locale-shells' {
  export function loadShell(
    lang: import('./i18n/langs').Locale,
  ): Promise<{ default: import('./i18n/catalog').Messages }>;
}

declare module 'virtual:cardbook-locale-loaders' {
  export function loadFeature(
    lang: import('./i18n/langs').Locale,
    ns: import('./i18n/catalog').FeatureNamespace,
  ): Promise<{ default: Partial<import('./i18n/catalog').Messages> }>;
}

/** scripts/vite-plugin-module-worker.ts: the URL of a module worker sharing the app's chunks. */
declare module '*?module-worker' {
  const url: string;
  export default url;
}

/** One of OpenCC's dictionaries as opencc-js ships it: "source targets|…" (src/lib/line-reader.ts). */
declare module 'opencc-js/dict/*' {
  const dict: string;
  export default dict;
}
