export * from './CardbookDB';
export * from './cloud';
export { db } from './db';
export { isPendingFriend, mutate, rebasePending } from './mutations';
export { usePhotoSrc } from './photo-src';
export { isLocalRef, stageUpload } from './uploads';
