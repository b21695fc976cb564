// A small flowing-text writer over pdf-lib: A4 pages, margins, wrapping and automatic page breaks. Every PDF it writes
// is tagged (pdfTags.ts): each text block is one structure element in reading order, rules and page numbers are artifacts.
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { PdfFonts } from './pdfFonts.js';
import { PdfTags, type StructureRole } from './pdfTags.js';
import { wrapText } from './textLayout.js';
import { cleanText } from './textRuns.js';

const a4: [number, number] = [595.28, 841.89];
const margin = 56;

export interface TextStyle {
  /** The block's structure element: H1 for the document title, H2 for a section heading, P (default) otherwise. */
  role?: Exclude<StructureRole, 'Figure'>;
  size?: number;
  bold?: boolean;
  gray?: boolean;
  gapAfter?: number;
  /**
   * Drawn indented behind a thin grey bar (an artifact) on each of its lines, like a quotation: a chat message's text,
   * so that no line a client types – however it imitates a heading – starts where a heading does or lacks the bar.
   */
  quoted?: boolean;
}

/** How far a quoted block's text is indented, and where its bar stands. */
const QUOTE_INDENT = 12;
const QUOTE_BAR_X = 3;

export interface PdfMetadata {
  title: string;
  subject: string;
  author: string;
  keywords?: string[];
  created: Date;
}

/** Stateful writer; call (and await) `write`/`space` in reading order, then `save`. */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: PdfFonts,
    private readonly tags: PdfTags,
  ) {
    this.addPage();
  }

  static async create(meta: PdfMetadata): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    // Metadata strings are UTF-16 in the PDF: any script fits, only control characters are cleaned.
    doc.setTitle(cleanText(meta.title), { showInWindowTitleBar: true });
    doc.setSubject(cleanText(meta.subject));
    doc.setAuthor(cleanText(meta.author));
    doc.setLanguage('de-DE');
    doc.setCreator('Rechtschat');
    doc.setProducer('Rechtschat (pdf-lib)');
    if (meta.keywords) doc.setKeywords(meta.keywords.map(cleanText));
    doc.setCreationDate(meta.created);
    doc.setModificationDate(meta.created);
    return new PdfWriter(doc, await PdfFonts.for(doc), PdfTags.create(doc));
  }

  get contentWidth(): number {
    return a4[0] - 2 * margin;
  }

  get currentPage(): PDFPage {
    return this.page;
  }

  get cursorY(): number {
    return this.y;
  }

  /**
   * Writes wrapped text as one structure element (`style.role`); breaks to a new page whenever a line would cross the
   * bottom margin, the element then continuing in a marked-content sequence on the next page. All font runs of a line
   * (emoji, CJK fallbacks) lie inside it. A text without anything visible takes its space but no element.
   */
  async write(text: string, style: TextStyle = {}): Promise<void> {
    const size = style.size ?? 10.5;
    const weight = style.bold ? 'bold' : 'regular';
    const lineHeight = size * 1.35;
    const clean = cleanText(text);
    await this.fonts.prepare(clean, weight);
    const indent = style.quoted ? QUOTE_INDENT : 0;
    const lines = wrapText(clean, (part) => this.fonts.width(part, weight, size), this.contentWidth - indent);
    const element = lines.some((line) => line.trim() !== '') ? this.tags.element(style.role ?? 'P', { actualText: clean }) : null;
    let marked: PDFPage | null = null;
    const bars: { page: PDFPage; top: number; baseline: number }[] = [];
    for (const line of lines) {
      this.ensureSpace(lineHeight);
      if (element && marked !== this.page) {
        this.tags.end();
        this.tags.begin(this.page, element);
        marked = this.page;
      }
      const top = this.y;
      this.y -= lineHeight;
      if (style.quoted) bars.push({ page: this.page, top, baseline: this.y });
      this.fonts.draw(this.page, line, weight, { x: margin + indent, y: this.y, size, color: style.gray ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) });
    }
    this.tags.end();
    // Artifacts lie outside the text's marked content: the bar is drawn once the block is written.
    for (const bar of bars) this.quoteBar(bar.page, bar.top, bar.baseline);
    this.y -= style.gapAfter ?? 4;
  }

  /** One line's piece of a quoted block's bar: from its top to just below its baseline, so the pieces join. */
  private quoteBar(page: PDFPage, top: number, baseline: number): void {
    const x = margin + QUOTE_BAR_X;
    const bottom = baseline - (top - baseline) * 0.25;
    this.tags.artifact(page, 'Layout', () =>
      page.drawLine({ start: { x, y: top - (top - baseline) * 0.25 }, end: { x, y: bottom }, thickness: 1.5, color: rgb(0.75, 0.75, 0.75) }),
    );
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Reserves vertical space (e.g. for a signature box), starting a new page when it does not fit. */
  ensureSpace(points: number): void {
    if (this.y - points < margin) this.addPage();
  }

  rule(): void {
    this.ensureSpace(8);
    this.y -= 4;
    const y = this.y;
    this.tags.artifact(this.page, 'Layout', () =>
      this.page.drawLine({ start: { x: margin, y }, end: { x: a4[0] - margin, y }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) }),
    );
    this.y -= 6;
  }

  /** Adds "Seite n von m" to every page (pagination artifacts), then serialises the document. */
  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    await this.fonts.prepare('Seite 0123456789 von', 'regular');
    pages.forEach((page, index) => {
      const label = `Seite ${index + 1} von ${pages.length}`;
      const size = 8;
      this.tags.artifact(page, 'Pagination', () =>
        this.fonts.draw(page, label, 'regular', {
          x: a4[0] - margin - this.fonts.width(label, 'regular', size),
          y: margin / 2,
          size,
          color: rgb(0.45, 0.45, 0.45),
        }),
      );
    });
    return this.doc.save();
  }

  private addPage(): void {
    this.page = this.doc.addPage(a4);
    this.tags.registerPage(this.page);
    this.y = a4[1] - margin;
  }
}
