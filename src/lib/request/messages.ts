import type { Messages } from '../../i18n/catalog';

export type HttpMessageKey = keyof Messages['http'];
export type MessageParams = Record<string, string | number>;
/** Translates a key of the `http` namespace; the app passes i18next's `t` bound to that namespace. */
export type Translate = (key: HttpMessageKey, params?: MessageParams) => string;
