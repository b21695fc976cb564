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
