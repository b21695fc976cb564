// German mobile numbers as Germans write them: the three-digit network prefix, then the rest ("0151 98765432",
// "+49 151 98765432"). libphonenumber groups the prefix's next digit with it ("01519 8765432"), which reads like
// another number to the person who just typed theirs (outside tester). All German mobile numbers start with 15, 16 or
// 17 after the 0, and each of those prefixes has three digits.

/** The display formats of a German mobile number (its national significant number), or null for any other number. */
export function germanMobileFormats(country: string | undefined, nationalNumber: string): { readonly international: string; readonly national: string } | null {
  if (country !== 'DE' || !/^1[567]\d{7,9}$/.test(nationalNumber)) return null;
  const prefix = nationalNumber.slice(0, 3);
  const rest = nationalNumber.slice(3);
  return { international: `+49 ${prefix} ${rest}`, national: `0${prefix} ${rest}` };
}
