export * from './accessLink.js';
