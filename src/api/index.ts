export * from './account';
export * from './auth';
export * from './company';
export * from './envelope';
export * from './fields';
export * from './meta';
export * from './sync';
export * from './user';
