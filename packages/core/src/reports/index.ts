export * from './reportsView.js';
