export * from './result.js';
export * from './wire/index.js';
export type * from './ports/index.js';
export type * from './chat/chatController.types.js';
export * from './bot/index.js';
export * from './validation/index.js';
export * from './chat/index.js';
export * from './casefile/index.js';
export * from './lawyer/index.js';
