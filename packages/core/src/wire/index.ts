export * from './primitives.js';
export * from './decode.js';
export * from './chat.js';
export * from './product.js';
export * from './caseFile.js';
export * from './lawyer.js';
export * from './transcript.js';
export * from './caseReference.js';
