export * from './lawyerSession.js';
export * from './passwordChange.js';
export * from './deviceSessions.js';
export * from './secondFactor.js';
export * from './passkeyKeys.js';
export * from './mandate.js';
export * from './lawyerSessionActivity.js';
export * from './caseFileLink.js';
