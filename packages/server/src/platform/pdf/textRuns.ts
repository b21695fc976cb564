// Text preparation for the embedded Unicode fonts: cleaning, and cutting a line into runs that one font draws
// in one direction (fontkit shapes and mirrors a right-to-left run; mixed runs would mirror the Latin part too).

// Hebrew, Arabic, Syriac, Thaana, N'Ko … and their presentation forms.
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/**
 * NFC; tabs become four spaces, CR is dropped, other control characters become "?", invisible format characters vanish
 * except the zero-width (non-)joiner, which emoji sequences (👨‍👩‍👧) and Arabic or Indic shaping need.
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r|[^\P{Cf}\u200C\u200D]/gu, '')
    .replace(/\t/g, '    ')
    .replace(/[^\P{Cc}\n]/gu, '?');
}

export interface TextRun<F> {
  text: string;
  font: F;
  rtl: boolean;
}

/** What `pick` knows besides the code point: the font of the character before it and the code point after it. */
export interface PickContext<F> {
  previous: F | null;
  next: number | undefined;
}

/** Invisible characters that only modify their neighbours (joiners, variation selectors): a font lacking them loses nothing visible. */
function isInvisibleModifier(codePoint: number): boolean {
  return codePoint === 0x200c || codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef);
}

/** What a character no font has prints as: its code point, e.g. "[U+1F642]", legible and searchable; invisible modifiers vanish. */
function replacementFor(char: string): string {
  const codePoint = char.codePointAt(0) ?? 0;
  if (isInvisibleModifier(codePoint)) return '';
  return `[U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}]`;
}

/**
 * Splits one line (no newlines) into runs by font and direction. `pick` names the first font with a glyph for a code
 * point, or null: such a character is drawn as its `replacementFor` in `fallback`, so rendering never fails on an
 * unknown glyph and the reader still sees which character was written.
 * A space `pick`s into the font of the run before it stays in that run (also a right-to-left one, so words keep their
 * inner spaces); at the end of a right-to-left run, where mirroring would move them, spaces move to the next run.
 */
export function splitRuns<F>(line: string, pick: (codePoint: number, context: PickContext<F>) => F | null, fallback: F): TextRun<F>[] {
  const runs: TextRun<F>[] = [];
  const chars = [...line];
  chars.forEach((char, index) => {
    const last = runs[runs.length - 1];
    const picked = pick(char.codePointAt(0) ?? 0, { previous: last?.font ?? null, next: chars[index + 1]?.codePointAt(0) });
    if (char === ' ' && last && picked === last.font) {
      last.text += char;
      return;
    }
    const font = picked ?? fallback;
    const drawn = picked === null ? replacementFor(char) : char;
    if (drawn === '') return;
    const rtl = picked !== null && RTL.test(char);
    if (last && last.font === font && last.rtl === rtl) {
      last.text += drawn;
      return;
    }
    const moved = last?.rtl ? takeTrailingSpaces(last) : '';
    runs.push({ text: moved + drawn, font, rtl });
  });
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
