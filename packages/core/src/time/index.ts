export * from './berlinTime.js';
