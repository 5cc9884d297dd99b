export * from './client';
export { NOT_DEDUPED_PATHS } from './dedupe';
export * from './endpoint-call';
export * from './errors';
export type { HttpMessageKey, MessageParams, Translate } from './messages';
