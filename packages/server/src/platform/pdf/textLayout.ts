// Line wrapping with a width function (the embedded fonts measure mixed-script text run by run).

export type Measure = (text: string) => number;

/**
 * Splits cleaned text into lines no wider than maxWidth; explicit newlines are kept, over-long words (and text without
 * spaces, e.g. Chinese) are broken between characters. Widths add up word by word: a space never kerns or joins.
 */
export function wrapText(text: string, measure: Measure, maxWidth: number): string[] {
  const space = measure(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let width = 0;
    for (const word of paragraph.split(/ +/)) {
      for (const piece of breakLongWord(word, measure, maxWidth)) {
        const pieceWidth = measure(piece);
        const candidate = line === '' ? pieceWidth : width + space + pieceWidth;
        if (candidate <= maxWidth) {
          line = line === '' ? piece : `${line} ${piece}`;
          width = candidate;
        } else {
          if (line !== '') lines.push(line);
          line = piece;
          width = pieceWidth;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

function breakLongWord(word: string, measure: Measure, maxWidth: number): string[] {
  if (measure(word) <= maxWidth) return [word];
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  for (const char of word) {
    const charWidth = measure(char);
    if (piece !== '' && width + charWidth > maxWidth) {
      pieces.push(piece);
      piece = '';
      width = 0;
    }
    piece += char;
    width += charWidth;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}
