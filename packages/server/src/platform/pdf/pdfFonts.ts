// The fonts of one PDF document: DejaVu Sans first, Noto Sans Hans for what it lacks, embedded as subsets only when
// a text needs them. `prepare` (async: embedding) must see a text before `width`/`draw` use it.
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import { coverageFont, fontBytes, type FontFace, type FontWeight } from './fonts.js';
import { splitRuns, type TextRun } from './textRuns.js';

type FontKey = `${FontFace}/${FontWeight}`;

const chains: Record<FontWeight, readonly FontKey[]> = {
  regular: ['main/regular', 'cjk/regular'],
  // A bold text falls back to the regular cut before giving up on a character.
  bold: ['main/bold', 'cjk/bold', 'main/regular', 'cjk/regular'],
};

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  color: Color;
}

export class PdfFonts {
  private readonly embedded = new Map<FontKey, PDFFont>();
  /** Wrapping measures the same words again and again; shaping them each time would dominate the rendering. */
  private readonly widths = new Map<string, number>();
  private cjk: Record<FontWeight, Font> | null = null;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly main: Record<FontWeight, Font>,
  ) {}

  static async for(doc: PDFDocument): Promise<PdfFonts> {
    doc.registerFontkit(fontkit);
    const [regular, bold] = await Promise.all([fontBytes('main', 'regular'), fontBytes('main', 'bold')]);
    return new PdfFonts(doc, { regular: coverageFont(regular), bold: coverageFont(bold) });
  }

  /** Loads the fallback font if the text needs it and embeds every font its runs use. */
  async prepare(text: string, weight: FontWeight): Promise<void> {
    const lacking = [...text].some((char) => {
      const codePoint = char.codePointAt(0) ?? 0;
      return char !== '\n' && !(this.main[weight].hasGlyphForCodePoint(codePoint) && this.main.regular.hasGlyphForCodePoint(codePoint));
    });
    if (lacking && this.cjk === null) {
      const [regular, bold] = await Promise.all([fontBytes('cjk', 'regular'), fontBytes('cjk', 'bold')]);
      this.cjk = { regular: coverageFont(regular), bold: coverageFont(bold) };
    }
    const keys = new Set<FontKey>([`main/${weight}`]);
    for (const line of text.split('\n')) for (const run of this.keyRuns(line, weight)) keys.add(run.font);
    for (const key of keys) {
      if (this.embedded.has(key)) continue;
      const [face, cut] = key.split('/') as [FontFace, FontWeight];
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

  private keyRuns(line: string, weight: FontWeight): TextRun<FontKey>[] {
    return splitRuns<FontKey>(line, (codePoint) => chains[weight].find((key) => this.font(key)?.hasGlyphForCodePoint(codePoint)) ?? null, `main/${weight}`);
  }

  private runs(line: string, weight: FontWeight): TextRun<PDFFont>[] {
    return this.keyRuns(line, weight).map((run) => {
      const font = this.embedded.get(run.font);
      if (!font) throw new Error(`PdfFonts: text not prepared for ${run.font}`);
      return { ...run, font };
    });
  }

  private font(key: FontKey): Font | undefined {
    const [face, cut] = key.split('/') as [FontFace, FontWeight];
    return face === 'main' ? this.main[cut] : this.cjk?.[cut];
  }
}
