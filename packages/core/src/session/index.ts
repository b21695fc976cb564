export * from './sessionExpiry.js';
export * from './sessionTabs.js';
