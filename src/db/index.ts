export * from './CardbookDB';
export { db } from './db';
export { mutate, rebasePending } from './mutations';
