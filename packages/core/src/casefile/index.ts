export * from './caseFileRoutes.js';
export * from './pinForm.js';
export * from './caseFileGuard.js';
export * from './caseFileLogin.js';
export * from './caseFileLogout.js';
