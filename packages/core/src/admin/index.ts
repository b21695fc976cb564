export * from './team.js';
export * from './insurers.js';
export * from './auditLog.js';
export * from './dataRequests.js';
export * from './dataRequestRules.js';
export * from './serviceHours.js';
export * from './firmDetails.js';
