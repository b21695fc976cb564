export type * from './call.js';
export type * from './productApi.js';
export type * from './chatHostApi.js';
export type * from './chatHub.js';
export type * from './caseFileApi.js';
export type * from './platform.js';
export type * from './caseFileContentApi.js';
export type * from './lawyer.js';
