// Decoding of base64 route parameters (UTF-8, standard or URL-safe alphabet) without throwing.

/** The decoded text, or null when the value is not valid base64 of UTF-8 text. */
export function decodeBase64Text(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const normalised = value.replace(/-/g, '+').replace(/_/g, '/');
    const padded = normalised + '='.repeat((4 - (normalised.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** UTF-8 text as URL-safe base64 without padding (the form decodeBase64Text reads). */
export function encodeBase64Text(value: string): string {
  const bytes = new TextEncoder().encode(value);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** chat/rueckruf/{telephone as base64}/{availability}: the callback's confirmation page. */
export function callbackConfirmationPath(confirmation: { readonly phone: string; readonly availability: string }): string {
  return `/chat/rueckruf/${encodeBase64Text(confirmation.phone)}/${encodeURIComponent(confirmation.availability)}`;
}
