// The standard PDF fonts only encode WinAnsi (CP1252). Everything else is replaced before drawing,
// so chat text with emoji or other scripts can never make PDF generation throw.

const cp1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const replacements: Record<string, string> = { '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u00ad': '', '\u200b': '', '\u2009': ' ', '\u202f': ' ', '\u2192': '->', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd' };

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || cp1252Extras.includes(char);
}

/** Replaces characters the standard fonts cannot draw (emoji, control characters, other scripts) by "?"; tabs become spaces. */
export function sanitizeWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\n') out += '\n';
    else if (char === '\t') out += '    ';
    else if (char === '\r') continue;
    else if (replacements[char] !== undefined) out += replacements[char];
    else if (isWinAnsi(char)) out += char;
    else {
      // Accented letters outside Latin-1 (e.g. "ł", "ő") keep their base letter where one exists.
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}
