// Phone number rules of the case-file login: PIN = last four digits, PhoneNumberPart = the rest, masked.

/**
 * International digits of a phone number: `+49 151 2345678`, `0049…` and German national `0151…`
 * all become `491512345678`. Returns undefined when fewer than 8 digits remain.
 */
export function internationalDigits(phone: string): string | undefined {
  const compact = phone.replace(/[\s()./-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (compact.startsWith('0')) digits = `49${compact.slice(1)}`;
  else digits = compact;
  return digits.length >= 8 && digits.length <= 15 ? digits : undefined;
}

/** The PIN: the last four digits of the phone number on file. */
export function pinFromPhone(digits: string): string {
  return digits.slice(-4);
}

/**
 * The visible part before the PIN field: the number without its last four digits, showing only the
 * first five digits (country code and start of the area/mobile prefix) and the two digits right before
 * the PIN; everything between is a fixed "•••" so the length is not revealed either.
 * `491512345678` → `+49 151 ••• 56`.
 */
export function maskedPhoneNumberPart(digits: string): string {
  const part = digits.slice(0, -4);
  const tail = part.slice(-2);
  if (part.length < 7) return `+${part.slice(0, 2)} ••• ${tail}`;
  return `+${part.slice(0, 2)} ${part.slice(2, 5)} ••• ${tail}`;
}

/** A stored number for display to the client: the login page's visible part, the PIN digits as `••••`. */
export function maskedPhoneNumber(phone: string): string {
  const digits = internationalDigits(phone);
  return digits ? `${maskedPhoneNumberPart(digits)}••••` : '••••';
}
