export * from './api';
export * from './brand';
export * from './errors';
export * from './features';
export * from './platform';
