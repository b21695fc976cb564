// The order of names in the firm's lists – insurers, lawyers –, as a German reader expects it: Ä with A, Ö with O,
// upper and lower case together, "Nr. 2" before "Nr. 10". A database's `order by` sorts by code points on SQLite
// (upper case first, umlauts after z) and by its collation on PostgreSQL, so the two engines listed differently.

// Made on first use, not when the module loads: a German collator pages in ICU's locale data.
let collator: Intl.Collator | undefined;

/** Compares two names in German order; equal ones (only case or accents apart) compare as 0. */
export function compareGerman(a: string, b: string): number {
  collator ??= new Intl.Collator('de', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}

/** The rows by their name in German order, then by id so that equal names keep one order. */
export function sortByGermanName<T extends { readonly id: string }>(rows: readonly T[], nameOf: (row: T) => string): T[] {
  return [...rows].sort((a, b) => compareGerman(nameOf(a), nameOf(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Academic and professional titles in front of a name („Dr.“, „Prof. Dr.“, „Dipl.-Jur.“): not where a name sorts. */
const TITLE = /^(?:\p{L}+\.(?:-\p{L}+\.?)?|RA|RAin)$/u;

/**
 * A person's name as a list of people sorts it: family name first, then the given names, titles left out – „Dr. Anna
 * Berger“ → „Berger Anna“, so a firm's lawyers stand under B and not under D. The family name is the last word; a
 * name of one word sorts as it is.
 */
export function familyNameFirst(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => !TITLE.test(word));
  if (words.length < 2) return words.join(' ') || name.trim();
  return [words[words.length - 1], ...words.slice(0, -1)].join(' ');
}

/** People by family name in German order (see familyNameFirst), then by id so that equal names keep one order. */
export function sortByFamilyName<T extends { readonly id: string }>(rows: readonly T[], nameOf: (row: T) => string): T[] {
  return sortByGermanName(rows, (row) => familyNameFirst(nameOf(row)));
}
