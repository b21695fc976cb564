// Public surface of the console package (the app itself starts in main.tsx).
export { ConsoleApp, type ConsoleDeps, type FetchLike } from './ConsoleApp.js';
