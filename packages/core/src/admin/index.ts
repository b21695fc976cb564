export * from './team.js';
export * from './insurers.js';
