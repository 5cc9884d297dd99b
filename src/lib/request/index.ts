export * from './client';
export * from './endpoint-call';
export * from './errors';
export type { HttpMessageKey, MessageParams, Translate } from './messages';
