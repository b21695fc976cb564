// The invoice CSV's file name. An administrator downloads one invoice per insurer and month and sends each to its
// insurer: with the period alone, two insurers' invoices of November were both „Abrechnung_2026-11-01_2026-11-30.csv“
// (the second saved as „… (1).csv“), easy to mix up. The insurer's name is therefore part of the name when one is
// chosen; letters (umlauts too) and digits stay, every other run of characters becomes one hyphen.

/** At most this many characters of the insurer's name (names may be 100 long). */
const NAME_PART_MAX = 60;

/** "Abrechnung_<insurer>_<from>_<to>.csv", without the insurer part for every insurer (`insurerName` null). */
export function invoiceFileName(from: string, to: string, insurerName: string | null): string {
  const namePart =
    insurerName === null ? '' : [...insurerName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')].slice(0, NAME_PART_MAX).join('').replace(/-+$/, '');
  return namePart === '' ? `Abrechnung_${from}_${to}.csv` : `Abrechnung_${namePart}_${from}_${to}.csv`;
}
