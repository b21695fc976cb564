import { describe, expect, it } from 'vitest';
import { invoiceFileName } from './invoiceFileName.js';

describe('invoiceFileName', () => {
  it('should name the insurer, so two insurers’ invoices of one month are two different files', () => {
    expect(invoiceFileName('2026-11-01', '2026-11-30', 'Muster Rechtsschutz AG')).toBe('Abrechnung_Muster-Rechtsschutz-AG_2026-11-01_2026-11-30.csv');
    expect(invoiceFileName('2026-11-01', '2026-11-30', 'Beispiel Versicherung')).toBe('Abrechnung_Beispiel-Versicherung_2026-11-01_2026-11-30.csv');
  });

  it('should keep the period alone for every insurer', () => {
    expect(invoiceFileName('2026-11-01', '2026-11-30', null)).toBe('Abrechnung_2026-11-01_2026-11-30.csv');
  });

  it('should keep umlauts and make every other run of characters one hyphen, nothing a file system refuses', () => {
    expect(invoiceFileName('2026-11-01', '2026-11-30', 'Süd/West: "Rechtsschutz" & Co. ')).toBe(
      'Abrechnung_Süd-West-Rechtsschutz-Co_2026-11-01_2026-11-30.csv',
    );
    expect(invoiceFileName('2026-11-01', '2026-11-30', '=HYPERLINK("x")')).toBe('Abrechnung_HYPERLINK-x_2026-11-01_2026-11-30.csv');
    expect(invoiceFileName('2026-11-01', '2026-11-30', '***')).toBe('Abrechnung_2026-11-01_2026-11-30.csv');
  });

  it('should shorten a long name to 60 characters', () => {
    const name = invoiceFileName('2026-11-01', '2026-11-30', 'A'.repeat(100));
    expect(name).toBe(`Abrechnung_${'A'.repeat(60)}_2026-11-01_2026-11-30.csv`);
  });
});
