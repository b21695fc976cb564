export * from './sessionExpiry.js';
