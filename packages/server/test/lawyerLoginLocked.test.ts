// The lock's German message names the wait in the right number: "1 Sekunde", "30 Sekunden", "1 Minute", "15 Minuten".
import { describe, expect, it } from 'vitest';
import { lawyerLoginLocked } from '../src/features/lawyer/lawyerLoginLocked.js';

describe('lawyerLoginLocked', () => {
  it.each([
    [1, '1 Sekunde'],
    [30, '30 Sekunden'],
    [60, '1 Minute'],
    [61, '2 Minuten'],
    [900, '15 Minuten'],
  ])('should say %i s as "%s"', (seconds, wait) => {
    expect(lawyerLoginLocked(seconds).message).toBe(`Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${wait} erneut.`);
  });
});
