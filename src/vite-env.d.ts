/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

declare module 'virtual:cardbook-locale/*' {
  const messages: import('./i18n/catalog').Messages;
  export default messages;
}
