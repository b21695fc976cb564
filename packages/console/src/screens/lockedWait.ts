// The text of a lock after repeated failures – of the login, or of the current password in a step-up – with the wait the
// server named (Retry-After): whole minutes rounded up, or seconds under a minute. Without a named wait, the general
// lock text. The same for the hub's connection cap (the wait of the console's next start by itself).
import type { TFunction } from 'i18next';
import type { ConsoleTextKey } from '../i18n/texts.de.js';

const KEYS = {
  Login: { general: 'Login.Locked', minutes: 'Login.LockedMinutes', seconds: 'Login.LockedSeconds' },
  Password: { general: 'Password.Locked', minutes: 'Password.LockedMinutes', seconds: 'Password.LockedSeconds' },
  Connection: { general: 'Workspace.TooManyConnections', minutes: 'Workspace.TooManyConnectionsMinutes', seconds: 'Workspace.TooManyConnectionsSeconds' },
} as const;

export function lockedText(t: TFunction, retryAfterSeconds: number | null | undefined, kind: keyof typeof KEYS = 'Login'): string {
  const keys = KEYS[kind];
  if (retryAfterSeconds === undefined || retryAfterSeconds === null || retryAfterSeconds <= 0) return t(keys.general);
  if (retryAfterSeconds < 60) return t(keys.seconds, { count: Math.ceil(retryAfterSeconds) });
  return t(keys.minutes, { count: Math.ceil(retryAfterSeconds / 60) });
}

/** A problem's text: the lock with its wait for the two lock keys, else the key's text. */
export function problemText(t: TFunction, key: ConsoleTextKey, retryAfterSeconds: number | null | undefined): string {
  if (key === 'Login.Locked') return lockedText(t, retryAfterSeconds, 'Login');
  if (key === 'Password.Locked') return lockedText(t, retryAfterSeconds, 'Password');
  return t(key);
}
