export * from './team.js';
