// The Content-Disposition of every download (RFC 6266, via the `content-disposition` package): a quoted
// ASCII fallback name for old clients and the exact UTF-8 name in `filename*` whenever the two differ.
import contentDisposition from 'content-disposition';

/** Non-ASCII characters, quotes and backslashes become `_` in the fallback; CR/LF can never reach the header. */
function asciiFallback(fileName: string): string {
  return fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

export function dispositionHeader(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  return contentDisposition(fileName, { type, fallback: asciiFallback(fileName) });
}
