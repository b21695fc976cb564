// Logger over the browser console. debug output is not wanted in production, so only info/warn/error exist.
import type { Logger } from '@rechtschat/core';

/** Prefixes every line so the app's own messages stand out in the console. */
export function createConsoleLogger(target: Pick<Console, 'info' | 'warn' | 'error'> = console, prefix = '[rechtschat]'): Logger {
  const line = (method: 'info' | 'warn' | 'error') => (message: string, data?: unknown) =>
    data === undefined ? target[method](`${prefix} ${message}`) : target[method](`${prefix} ${message}`, data);
  return { info: line('info'), warn: line('warn'), error: line('error') };
}
