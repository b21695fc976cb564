// The fonts of one PDF document: DejaVu Sans first, then Noto Emoji and Noto Sans Hans for what it lacks, each read and
// embedded as a subset only when a text needs it. `prepare` (async: loading, embedding) must see a text before
// `width`/`draw` use it.
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import { coverageFont, fontBytes, type FontFace, type FontWeight } from './fonts.js';
import { splitRuns, type PickContext, type TextRun } from './textRuns.js';

type FontKey = `${FontFace}/${FontWeight}`;

const chains: Record<FontWeight, readonly FontKey[]> = {
  regular: ['main/regular', 'emoji/regular', 'cjk/regular'],
  // A bold text falls back to the regular cuts before giving up on a character.
  bold: ['main/bold', 'emoji/bold', 'cjk/bold', 'main/regular', 'emoji/regular', 'cjk/regular'],
};

/** VARIATION SELECTOR-16 asks for the emoji presentation of the character before it (❤️, 1️⃣). */
const emojiPresentation = 0xfe0f;

/** Marks (variation selectors too), joiners and skin-tone modifiers belong to the character before them: same font if it can. */
function joinsPrevious(codePoint: number): boolean {
  return codePoint === 0x200c || codePoint === 0x200d || (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) || /^\p{M}$/u.test(String.fromCodePoint(codePoint));
}

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  color: Color;
}

function split(key: FontKey): [FontFace, FontWeight] {
  return key.split('/') as [FontFace, FontWeight];
}

export class PdfFonts {
  private readonly embedded = new Map<FontKey, PDFFont>();
  /** Wrapping measures the same words again and again; shaping them each time would dominate the rendering. */
  private readonly widths = new Map<string, number>();
  private readonly loaded = new Map<FontFace, Record<FontWeight, Font>>();

  private constructor(private readonly doc: PDFDocument) {}

  static async for(doc: PDFDocument): Promise<PdfFonts> {
    doc.registerFontkit(fontkit);
    const fonts = new PdfFonts(doc);
    await fonts.load('main');
    return fonts;
  }

  /**
   * Loads every font the text's characters fall back to and embeds every font its runs use. A font is loaded when a
   * character reaches it in its chain, so which font draws a character never depends on the texts prepared before.
   */
  async prepare(text: string, weight: FontWeight): Promise<void> {
    for (const char of new Set(text)) {
      if (char === '\n') continue;
      const codePoint = char.codePointAt(0) ?? 0;
      for (const key of chains[weight]) {
        const [face, cut] = split(key);
        if ((await this.load(face))[cut].hasGlyphForCodePoint(codePoint)) break;
      }
    }
    if (text.includes(String.fromCodePoint(emojiPresentation))) await this.load('emoji');
    const keys = new Set<FontKey>([`main/${weight}`]);
    for (const line of text.split('\n')) for (const run of this.keyRuns(line, weight)) keys.add(run.font);
    for (const key of keys) {
      if (this.embedded.has(key)) continue;
      const [face, cut] = split(key);
      this.embedded.set(key, await this.doc.embedFont(await fontBytes(face, cut), { subset: true }));
    }
  }

  width(line: string, weight: FontWeight, size: number): number {
    const key = `${weight}|${size}|${line}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.runs(line, weight).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
      this.widths.set(key, width);
    }
    return width;
  }

  /** Draws one line left to right, run by run. */
  draw(page: PDFPage, line: string, weight: FontWeight, options: DrawOptions): void {
    let x = options.x;
    const runs = this.runs(line, weight);
    runs.forEach((run, index) => {
      page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
      if (index < runs.length - 1) x += run.font.widthOfTextAtSize(run.text, options.size);
    });
  }

  private async load(face: FontFace): Promise<Record<FontWeight, Font>> {
    let fonts = this.loaded.get(face);
    if (!fonts) {
      const [regular, bold] = await Promise.all([fontBytes(face, 'regular'), fontBytes(face, 'bold')]);
      fonts = { regular: coverageFont(regular), bold: coverageFont(bold) };
      this.loaded.set(face, fonts);
    }
    return fonts;
  }

  private keyRuns(line: string, weight: FontWeight): TextRun<FontKey>[] {
    const pick = (codePoint: number, { previous, next }: PickContext<FontKey>): FontKey | null => {
      // A space after an emoji is the text font's: Noto Emoji's space is as wide as an emoji.
      if (codePoint === 0x20) return previous && !previous.startsWith('emoji/') ? previous : `main/${weight}`;
      if (previous && joinsPrevious(codePoint) && this.has(previous, codePoint)) return previous;
      const emoji: FontKey = `emoji/${weight}`;
      if (next === emojiPresentation && this.has(emoji, codePoint)) return emoji;
      return chains[weight].find((key) => this.has(key, codePoint)) ?? null;
    };
    return splitRuns<FontKey>(line, pick, `main/${weight}`);
  }

  private runs(line: string, weight: FontWeight): TextRun<PDFFont>[] {
    return this.keyRuns(line, weight).map((run) => {
      const font = this.embedded.get(run.font);
      if (!font) throw new Error(`PdfFonts: text not prepared for ${run.font}`);
      return { ...run, font };
    });
  }

  private has(key: FontKey, codePoint: number): boolean {
    const [face, cut] = split(key);
    return this.loaded.get(face)?.[cut].hasGlyphForCodePoint(codePoint) ?? false;
  }
}
