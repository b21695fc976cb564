export * from './pageRoutes.js';
