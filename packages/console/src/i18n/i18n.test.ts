import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './i18n.js';

describe('console date formatting', () => {
  // The lawyer's machine may run in any zone (a UTC server, a laptop abroad): pretend it is New York, so a
  // formatter that follows the browser's zone instead of Europe/Berlin shows a different time and fails.
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('should show a winter instant as Berlin wall time, UTC+1 (the 11:17 the client sees, not 10:17)', () => {
    expect(formatTime('2026-01-15T10:17:00.000Z')).toBe('11:17');
    expect(formatDateTime('2026-01-15T10:17:00.000Z')).toBe('15.01.2026, 11:17');
  });

  it('should show a summer instant as Berlin wall time, UTC+2', () => {
    expect(formatTime('2026-07-15T10:17:00.000Z')).toBe('12:17');
    expect(formatDateTime('2026-07-15T10:17:00.000Z')).toBe('15.07.2026, 12:17');
  });

  it('should move the date with the Berlin clock: late evening UTC is already the next day in Berlin', () => {
    expect(formatDateTime('2026-11-22T23:30:00.000Z')).toBe('23.11.2026, 00:30');
  });

  it('should follow the switch to summer time on 29 March 2026 (02:00 becomes 03:00)', () => {
    expect(formatTime('2026-03-29T00:59:00.000Z')).toBe('01:59');
    expect(formatTime('2026-03-29T01:00:00.000Z')).toBe('03:00');
  });
});

describe('the Protokoll’s words', () => {
  it('should take the details’ labels from core, where the server’s CSV export takes them too, not hold a copy', async () => {
    const { consoleDe } = await import('./texts.de.js');
    expect(Object.keys(consoleDe).filter((key) => /^Audit\.(Detail\.|Gender\.|Phone\.|Delivery\.|SearchedBy\.|Requested\.|Yes$|No$)/.test(key))).toEqual([]);
  });
});
