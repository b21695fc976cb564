export * from './result.js';
export * from './wire/index.js';
export type * from './ports/index.js';
