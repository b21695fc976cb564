// The insurance number a chat link carries (the entry token's `sub`): the form a customer is known by, and what a
// usable number is. A number that is blank once its spaces go would make every such link one and the same person –
// an outside tester read a stranger's chat that way (2026-12-05) – so it is refused before anyone is signed in.

/** Spaces are not part of a number („RS 2026 000123“ is „RS2026000123“), nor is upper or lower case (docs/api.md). */
export function normaliseInsuranceNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** Characters no insurance number holds: control and format characters (NUL, tabs, right-to-left marks). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** Something to tell one number from another: a letter or a digit. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** 1–64 characters, no control or format characters, and a letter or digit once the spaces are gone. */
export function isUsableInsuranceNumber(raw: string): boolean {
  if (raw.length === 0 || raw.length > 64 || INVISIBLE.test(raw)) return false;
  return LETTER_OR_DIGIT.test(normaliseInsuranceNumber(raw));
}
