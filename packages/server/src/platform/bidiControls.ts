// Texts people write are stored as every reader – the other side, the PDF protocol, a mail – will show them alike.

/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). In a chat text they turn what the other side
 * reads around – „\u202E00001\u202C Euro“ shows as „10000 Euro“ in the console – while the PDF protocol, which drops
 * format characters, records „00001“. Nobody types them; dropping them keeps emoji sequences (ZWJ) and soft hyphens.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` without bidi controls (see BIDI_CONTROLS): what both sides and the protocol show alike. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** Every string value of a form's flat record without bidi controls; other values as they are. */
export function withoutBidiControlsIn<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? withoutBidiControls(value) : value])) as T;
}
