// Line wrapping for pdf-lib standard fonts.
import type { PDFFont } from 'pdf-lib';

/** Splits already-sanitised text into lines no wider than maxWidth; explicit newlines are kept, over-long words are broken. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      for (const piece of breakLongWord(word, font, size, maxWidth)) {
        const candidate = line === '' ? piece : `${line} ${piece}`;
        if (font.widthOfTextAtSize(candidate, size) <= maxWidth) line = candidate;
        else {
          if (line !== '') lines.push(line);
          line = piece;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

function breakLongWord(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  if (font.widthOfTextAtSize(word, size) <= maxWidth) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && font.widthOfTextAtSize(piece + char, size) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}
