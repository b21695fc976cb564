export { createCaseFile } from './service.js';
