// The pure parts of the reports: percentiles like PostgreSQL's percentile_cont, CSV cells for German Excel that no
// spreadsheet runs as a formula, and Europe/Berlin calendar days as UTC instants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDocument } from '../src/platform/files/csv.js';
import { durationStats, percentileOfSorted } from '../src/features/reports/percentile.js';
import { berlinMidnightOf as berlinMidnight, germanDateOf, nextDay, reportPeriodOf } from '../src/features/reports/reportPeriod.js';

/** Splits one CSV line by RFC 4180 with `;` (test oracle). */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i] as string;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

describe('percentiles', () => {
  it('should interpolate between the closest ranks as percentile_cont does', () => {
    expect(percentileOfSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentileOfSorted([60, 60, 120, 180, 300, 600], 0.9)).toBe(450);
    expect(percentileOfSorted([7], 0.9)).toBe(7);
    expect(percentileOfSorted([], 0.5)).toBeNull();
  });

  it('should stay between the smallest and the largest value and grow with p', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1 }), fc.double({ min: 0, max: 1, noNaN: true }), (values, p) => {
        const sorted = [...values].sort((a, b) => a - b);
        const value = percentileOfSorted(sorted, p) as number;
        expect(value).toBeGreaterThanOrEqual(sorted[0] as number);
        expect(value).toBeLessThanOrEqual(sorted[sorted.length - 1] as number);
        expect(percentileOfSorted(sorted, Math.min(1, p + 0.1)) as number).toBeGreaterThanOrEqual(value);
      }),
    );
  });

  it('should give median, p90 and mean of unsorted durations in whole seconds', () => {
    expect(durationStats([600, 2280, 600, 1800, 1200])).toEqual({ Count: 5, MedianSeconds: 1200, P90Seconds: 2088, MeanSeconds: 1296 });
    expect(durationStats([])).toEqual({ Count: 0, MedianSeconds: null, P90Seconds: null, MeanSeconds: null });
  });
});

describe('CSV for German Excel', () => {
  it('should neutralise cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUMME(A1)')).toBe("'@SUMME(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('Mietrecht')).toBe('Mietrecht');
    expect(csvCell(38)).toBe('38');
  });

  it('should give back every text cell unchanged after RFC 4180 parsing, apart from the apostrophe before a formula', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'ä', ';', '"', '=', '+', '-', '@', ' ', 'x') }), { minLength: 1, maxLength: 6 }), (cells) => {
        const document = csvDocument(cells, []);
        expect(document.startsWith(CSV_BOM)).toBe(true);
        expect(document.endsWith('\r\n')).toBe(true);
        const parsed = parseLine(document.slice(1, -2));
        expect(parsed).toEqual(cells.map((cell) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell)));
        for (const cell of parsed) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});

describe('Europe/Berlin report periods', () => {
  it('should start a day at Berlin midnight in winter and in summer time', () => {
    expect(new Date(berlinMidnight('2026-01-15')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(berlinMidnight('2026-07-15')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(new Date(berlinMidnight('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(berlinMidnight('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(berlinMidnight('2026-10-26')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('should cover both days inclusive and move over month and year ends', () => {
    expect(reportPeriodOf('2026-03-01', '2026-03-31')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      startIso: '2026-02-28T23:00:00.000Z',
      endIso: '2026-03-31T22:00:00.000Z',
    });
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(germanDateOf('2026-02-28T23:00:00.000Z')).toBe('01.03.2026');
  });

  it('should give the Berlin calendar date of any instant as Intl does, around the DST changes too', () => {
    const intl = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });
    expect(germanDateOf('2026-03-29T00:59:59.999Z')).toBe('29.03.2026');
    expect(germanDateOf('2026-10-24T21:59:59.999Z')).toBe('24.10.2026');
    expect(germanDateOf('2026-10-24T22:00:00.000Z')).toBe('25.10.2026');
    expect(germanDateOf('2026-10-25T22:59:59.999Z')).toBe('25.10.2026');
    expect(germanDateOf('2026-10-25T23:00:00.000Z')).toBe('26.10.2026');
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }), (epochMs) => {
        expect(germanDateOf(new Date(epochMs).toISOString())).toBe(intl.format(epochMs));
      }),
      { numRuns: 2000 },
    );
    // Every hour of the last eight days of March and October (each change of the offset lies among them), 2000–2099.
    for (let year = 2000; year < 2100; year += 1)
      for (const month of ['03', '10'])
        for (let hour = 0; hour < 8 * 24; hour += 1) {
          const epochMs = berlinMidnight(`${year}-${month}-24`) + hour * 3_600_000 - 1;
          expect(germanDateOf(new Date(epochMs).toISOString())).toBe(intl.format(epochMs));
        }
  });

  it('should refuse what is no period', () => {
    expect(() => reportPeriodOf('2026-02-30', '2026-03-01')).toThrow(/JJJJ-MM-TT/);
    expect(() => reportPeriodOf('2026-03-02', '2026-03-01')).toThrow(/vor seinem Beginn/);
    expect(() => reportPeriodOf('2020-01-01', '2026-01-01')).toThrow(/zu lang/);
  });
});
