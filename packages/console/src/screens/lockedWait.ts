// The text of a lock after repeated failed logins, with the wait the server named (Retry-After): whole minutes rounded
// up, or seconds under a minute. Without a named wait, the general lock text.
import type { TFunction } from 'i18next';

export function lockedText(t: TFunction, retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined || retryAfterSeconds <= 0) return t('Login.Locked');
  if (retryAfterSeconds < 60) return t('Login.LockedSeconds', { count: Math.ceil(retryAfterSeconds) });
  return t('Login.LockedMinutes', { count: Math.ceil(retryAfterSeconds / 60) });
}
