export * from './result.js';
export * from './wire/index.js';
