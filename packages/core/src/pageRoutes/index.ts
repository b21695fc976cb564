export * from './pageRoutes.js';
export * from './routeLeaves.js';
