// Upload type check by content (magic bytes) plus a matching extension (SECURITY H2).

export interface AllowedType {
  contentType: string;
  extensions: readonly string[];
}

const ascii = (bytes: Uint8Array, start: number, text: string) => [...text].every((c, i) => bytes[start + i] === c.charCodeAt(0));

/** Detects the allow-listed types from the first bytes; undefined for anything else (HTML, SVG, scripts, archives…). */
export function detectAllowedType(bytes: Uint8Array): AllowedType | undefined {
  if (ascii(bytes, 0, '%PDF-')) return { contentType: 'application/pdf', extensions: ['pdf'] };
  if (bytes[0] === 0x89 && ascii(bytes, 1, 'PNG\r\n\x1a\n')) return { contentType: 'image/png', extensions: ['png'] };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { contentType: 'image/gif', extensions: ['gif'] };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { contentType: 'image/webp', extensions: ['webp'] };
  if (ascii(bytes, 4, 'ftyp') && ['heic', 'heix', 'mif1', 'heim', 'heis'].some((brand) => ascii(bytes, 8, brand))) {
    return { contentType: 'image/heic', extensions: ['heic', 'heif'] };
  }
  if (isDocx(bytes)) return { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] };
  return undefined;
}

/** A DOCX is a ZIP whose entries include `[Content_Types].xml` and `word/` parts (names are stored uncompressed). */
function isDocx(bytes: Uint8Array): boolean {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) return false;
  const names = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 256 * 1024))).toString('latin1');
  return names.includes('[Content_Types].xml') && names.includes('word/');
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Display name only: no path parts, no control or bidi characters, at most 120 characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069"]/g, '').trim();
  const safe = cleaned.replace(/^\.+/, '');
  if (safe.length <= 120) return safe || 'Dokument';
  const ext = extensionOf(safe);
  return `${safe.slice(0, 110)}${ext ? `.${ext.slice(0, 8)}` : ''}`;
}

/** RFC 6266 header with an ASCII fallback and the UTF-8 `filename*`. */
export function attachmentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
