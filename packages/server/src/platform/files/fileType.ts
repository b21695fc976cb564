// Upload types are decided by content (magic bytes), never by the name or the
// client's Content-Type (SECURITY H2). SVG/HTML have no signature here, so they are refused.
export interface DetectedType {
  readonly mime: string;
  readonly extension: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

function detectZipFamily(bytes: Uint8Array): DetectedType {
  // Office Open XML files are zips whose first entries live under word/, xl/ or ppt/.
  const head = ascii(bytes, 0, Math.min(bytes.length, 4096));
  if (head.includes('word/')) return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' };
  if (head.includes('xl/')) return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' };
  if (head.includes('ppt/')) return { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx' };
  return { mime: 'application/zip', extension: 'zip' };
}

/** The allow-listed type of a file's first bytes, or null when it is not allowed. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { mime: 'image/gif', extension: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { mime: 'image/webp', extension: 'webp' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return detectZipFamily(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { mime: 'application/msword', extension: 'doc' };
  if (ascii(bytes, 4, 8) === 'ftyp' && ['heic', 'heix', 'mif1'].includes(ascii(bytes, 8, 12))) return { mime: 'image/heic', extension: 'heic' };
  return null;
}

/** Other spellings of a detected type's extension that a name may keep (`foto.jpeg` stays `foto.jpeg`). */
const extensionAliases: Readonly<Record<string, readonly string[]>> = { jpg: ['jpg', 'jpeg'], heic: ['heic', 'heif'] };

const MAX_NAME_LENGTH = 120;

/**
 * A display name safe for headers and listings: no paths, control characters or bidi overrides, and an
 * extension that matches the detected content (issue 11, point 5): `angebot.html` holding a PDF becomes
 * `angebot.pdf`, `rechnung.pdf.exe` becomes `rechnung.pdf`, a name without extension gets one.
 */
export function sanitizeFileName(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/["<>:|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  const allowed = extensionAliases[extension] ?? [extension];
  const extensionOf = (n: string) => (n.lastIndexOf('.') > 0 ? n.slice(n.lastIndexOf('.') + 1).toLowerCase() : '');
  let stem = cleaned;
  let kept = extension;
  if (allowed.includes(extensionOf(cleaned))) {
    kept = cleaned.slice(cleaned.lastIndexOf('.') + 1);
    stem = cleaned.slice(0, cleaned.lastIndexOf('.'));
  } else if (extensionOf(cleaned) !== '') {
    // Drop the contradicting extension; what is left may already carry the right one (`rechnung.pdf.exe`).
    stem = cleaned.slice(0, cleaned.lastIndexOf('.'));
    if (allowed.includes(extensionOf(stem))) {
      kept = stem.slice(stem.lastIndexOf('.') + 1);
      stem = stem.slice(0, stem.lastIndexOf('.'));
    }
  }
  stem = stem.replace(/[.\s]+$/, '').slice(0, MAX_NAME_LENGTH - kept.length - 1);
  return `${stem === '' ? 'datei' : stem}.${kept}`;
}
