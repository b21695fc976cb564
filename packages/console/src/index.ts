// Public surface of the console package (the app itself starts in main.tsx).
export { ConsoleApp, type ConsoleDeps } from './ConsoleApp.js';
export { createLawyerApi, fetchChatUrl, type LawyerApi } from './api/lawyerApi.js';
