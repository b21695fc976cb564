// Display names of stored files: safe for headers and listings, and – where a feature asks for it – with the
// extension of the detected content. The stored file itself never uses this name.

export interface FileNameRule {
  /** Stem used when nothing usable is left, e.g. `datei` or `Dokument`. */
  readonly emptyStem: string;
  /**
   * The detected type's extensions (canonical first): the name's extension is made to match –
   * `angebot.html` holding a PDF becomes `angebot.pdf`, `rechnung.pdf.exe` becomes `rechnung.pdf`.
   * Without it the name keeps its own extension.
   */
  readonly extensions?: readonly string[];
}

const MAX_NAME_LENGTH = 120;
/** A longer "extension" is kept as it is only when the name follows the content anyway. */
const MAX_KEPT_EXTENSION = 16;

function splitName(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { stem: name.slice(0, dot), extension: name.slice(dot + 1) } : { stem: name, extension: '' };
}

/** Follows the detected type: keeps an allowed spelling (`foto.jpeg`), else drops the contradicting extension. */
function followExtension(name: string, allowed: readonly string[]): { stem: string; extension: string } {
  const own = splitName(name);
  if (allowed.includes(own.extension.toLowerCase())) return own;
  // What is left after dropping a contradicting extension may already carry the right one (`rechnung.pdf.exe`).
  const inner = own.extension === '' ? own : splitName(own.stem);
  if (allowed.includes(inner.extension.toLowerCase())) return inner;
  return { stem: own.stem, extension: allowed[0] ?? '' };
}

/**
 * The name as the person's file is called: browsers escape `"`, CR and LF in a multipart file name as `%22`, `%0D`
 * and `%0A` (HTML's multipart/form-data encoding, also Node's FormData) and no multipart reader undoes that, so
 * `Bescheid "Mai".pdf` arrived as `Bescheid %22Mai%22.pdf`. Other `%` sequences are the name's own (`Rabatt 100%.pdf`).
 */
function fromMultipartName(name: string): string {
  return name.replace(/%(22|0D|0A)/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The longest start of `text` of at most `units` UTF-16 units that does not end in half a character (an emoji). */
function cutAt(text: string, units: number): string {
  let cut = '';
  for (const char of text) {
    if (cut.length + char.length > units) break;
    cut += char;
  }
  return cut;
}

/**
 * A received upload's name for display: no path parts, control or format characters (bidi overrides), line and
 * paragraph separators (U+2028, U+2029) as spaces, no characters Windows forbids, no leading dots, at most 120
 * characters (UTF-16 units, never half an emoji) with the extension kept.
 */
export function sanitizeFileName(name: string, rule: FileNameRule): string {
  const base = fromMultipartName(name).split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/["<>:|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  const parts = rule.extensions ? followExtension(cleaned, rule.extensions) : splitName(cleaned);
  const extension = cutAt(parts.extension, MAX_KEPT_EXTENSION);
  const room = extension === '' ? MAX_NAME_LENGTH : MAX_NAME_LENGTH - extension.length - 1;
  const stem = cutAt(parts.stem.replace(/[.\s]+$/, ''), room) || rule.emptyStem;
  return extension === '' ? stem : `${stem}.${extension}`;
}
