// The 429 of a lawyer account that waits after repeated failures (login, step-up, password change), with the wait in words.
import { DomainError } from '../../platform/errors.js';

export function lawyerLoginLocked(retryAfterSeconds: number): DomainError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60 ? `${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'Sekunde' : 'Sekunden'}` : `${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`;
  return new DomainError('Locked', `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${wait} erneut.`);
}
