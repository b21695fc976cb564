// Text preparation for the embedded Unicode fonts: cleaning, and cutting a line into runs that one font draws
// in one direction (fontkit shapes and mirrors a right-to-left run; mixed runs would mirror the Latin part too).

// Hebrew, Arabic, Syriac, Thaana, N'Ko … and their presentation forms.
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** NFC; tabs become four spaces, CR is dropped, other control characters become "?", invisible format characters vanish. */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r|\p{Cf}/gu, '')
    .replace(/\t/g, '    ')
    .replace(/[^\P{Cc}\n]/gu, '?');
}

export interface TextRun<F> {
  text: string;
  font: F;
  rtl: boolean;
}

/**
 * Splits one line (no newlines) into runs by font and direction. `pick` names the first font with a glyph for a code
 * point, or null: such a character is drawn as "?" in `fallback`, so rendering never fails on an unknown glyph.
 * Spaces stay with the run before them, except at the end of a right-to-left run, where mirroring would move them.
 */
export function splitRuns<F>(line: string, pick: (codePoint: number) => F | null, fallback: F): TextRun<F>[] {
  const runs: TextRun<F>[] = [];
  for (const char of line) {
    const last = runs[runs.length - 1];
    if (char === ' ' && last) {
      last.text += char;
      continue;
    }
    const picked = pick(char.codePointAt(0) ?? 0);
    const font = picked ?? fallback;
    const drawn = picked === null ? '?' : char;
    const rtl = picked !== null && RTL.test(char);
    if (last && last.font === font && last.rtl === rtl) {
      last.text += drawn;
      continue;
    }
    const moved = last?.rtl ? takeTrailingSpaces(last) : '';
    runs.push({ text: moved + drawn, font, rtl });
  }
  const last = runs[runs.length - 1];
  if (last?.rtl) {
    const spaces = takeTrailingSpaces(last);
    if (spaces !== '') runs.push({ text: spaces, font: last.font, rtl: false });
  }
  return runs;
}

function takeTrailingSpaces(run: TextRun<unknown>): string {
  const kept = run.text.replace(/ +$/, '');
  const spaces = run.text.slice(kept.length);
  run.text = kept;
  return spaces;
}
