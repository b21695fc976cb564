import { describe, expect, it } from 'vitest';
import { caseFileRetentionUntil } from './mandateRetention.js';

describe('caseFileRetentionUntil (§ 50 Abs. 1 BRAO)', () => {
  it('should keep a file ended during 2025 until 1 January 2032, 00:00 Berlin time', () => {
    expect(caseFileRetentionUntil(new Date('2025-05-10T09:00:00.000Z'))).toBe('2031-12-31T23:00:00.000Z');
  });

  it('should count 31 December 23:30 Berlin time (22:30 UTC) to the old year', () => {
    expect(caseFileRetentionUntil(new Date('2025-12-31T22:30:00.000Z'))).toBe('2031-12-31T23:00:00.000Z');
    expect(caseFileRetentionUntil(new Date('2025-12-31T22:59:59.999Z'))).toBe('2031-12-31T23:00:00.000Z');
  });

  it('should count 1 January 00:00 Berlin time (still 31 December in UTC) to the new year', () => {
    expect(caseFileRetentionUntil(new Date('2025-12-31T23:00:00.000Z'))).toBe('2032-12-31T23:00:00.000Z');
    expect(caseFileRetentionUntil(new Date('2025-12-31T23:30:00.000Z'))).toBe('2032-12-31T23:00:00.000Z');
    expect(caseFileRetentionUntil(new Date('2026-01-01T00:00:00.000Z'))).toBe('2032-12-31T23:00:00.000Z');
  });

  it('should not depend on summer time of the day the mandate ended', () => {
    expect(caseFileRetentionUntil(new Date('2024-07-01T21:59:00.000Z'))).toBe('2030-12-31T23:00:00.000Z');
    expect(caseFileRetentionUntil(new Date('2024-01-01T00:00:00.000Z'))).toBe('2030-12-31T23:00:00.000Z');
  });

  it('should accept epoch milliseconds', () => {
    expect(caseFileRetentionUntil(Date.UTC(2019, 4, 10, 9))).toBe('2025-12-31T23:00:00.000Z');
  });
});
