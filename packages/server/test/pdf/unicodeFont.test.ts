// Names in any script print as written: the PDFs embed DejaVu Sans (and Noto Emoji, Noto Sans Hans) as subsets.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderChatProtocolPdf, renderPowerOfAttorneyPdf, renderUsageConfirmationPdf, signPowerOfAttorneyPdf } from '../../src/platform/pdf/index.js';
import { alignGlyphs } from '../../src/platform/pdf/glyphAlignment.js';
import { splitRuns, type PickContext } from '../../src/platform/pdf/textRuns.js';
import { pdfText } from './pdfText.js';

const names = ['Zoë Ångström', 'Łukasz Wróbel', 'Αλέξανδρος', 'Иван Петров', 'محمد', '李雷'];
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** BaseFont names and programs of every font dictionary in the document. */
async function embeddedFonts(bytes: Uint8Array): Promise<{ baseFont: string; subtype: string; program: Uint8Array | null }[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts: { baseFont: string; subtype: string; program: Uint8Array | null }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = ['FontFile2', 'FontFile3'].map((key) => object.lookup(PDFName.of(key))).find((stream) => stream instanceof PDFRawStream);
    fonts.push({
      baseFont: String(object.get(PDFName.of('FontName'))),
      subtype: file ? 'embedded' : 'none',
      program: file instanceof PDFRawStream ? decodePDFRawStream(file).decode() : null,
    });
  }
  return fonts;
}

/** Glyphs other than .notdef without an outline (a space has none; a broken composite glyph has none either). */
function blankGlyphs(program: Uint8Array): number {
  const subset = fontkit.create(program);
  return Array.from({ length: subset.numGlyphs }, (_, id) => subset.getGlyph(id)).filter((glyph) => glyph.id > 0 && glyph.path.toSVG() === '').length;
}

const message = (text: string, authorName = 'Anna Schmidt') => ({ authorName, created: '2026-07-01T08:00:00Z', text });

describe('Unicode font in every PDF', () => {
  it('should print names in Latin, Greek, Cyrillic, Arabic and Chinese script in the chat protocol', async () => {
    const messages = names.map((name, i) => ({ authorName: name, created: `2026-07-01T08:0${i}:00Z`, text: `Hallo, ich heiße ${name}.` }));
    const text = await pdfText(await renderChatProtocolPdf({ caseNumber: 'RC-UNICODE', messages }));
    for (const name of names) expect(text).toContain(`Hallo, ich heiße ${name}.`);
    expect(text).toContain('Zoë Ångström – 01.07.2026, 10:00');
    expect(text).toContain('محمد – 01.07.2026, 10:04');
    expect(text).toContain('李雷 – 01.07.2026, 10:05');
  });

  it('should print the names in the usage confirmation and the signed Vollmacht', async () => {
    const confirmation = await pdfText(
      await renderUsageConfirmationPdf({
        caseId: 'case-9',
        date: new Date('2026-03-02T10:00:00Z'),
        participant: 'Иван Петров',
        fieldOfLaw: 'Mietrecht',
        lawyerName: 'RAin Αλέξανδρος 李雷',
      }),
    );
    expect(confirmation).toContain('Иван Петров hat am 02.03.2026');
    expect(confirmation).toContain('RAin Αλέξανδρος 李雷');
    const unsigned = await renderPowerOfAttorneyPdf({
      caseNumber: 'FA-1',
      caseTitle: 'Kündigung',
      clientName: 'Łukasz Wróbel',
      clientAddress: 'ul. Długa 5, Gdańsk',
      lawyerName: 'RA Zoë Ångström',
      date: new Date('2026-05-01T10:00:00Z'),
    });
    const signed = await pdfText(await signPowerOfAttorneyPdf(unsigned, { png: tinyPng, place: 'Łódź', date: new Date('2026-05-02T09:00:00Z') }));
    expect(signed).toContain('Hiermit wird RA Zoë Ångström');
    expect(signed).toContain('von Łukasz Wróbel, ul. Długa 5, Gdańsk');
    expect(signed).toContain('Łódź, 02.05.2026');
  });

  it('should extract the same text whatever documents were rendered before (no glyph state shared between PDFs)', async () => {
    const input = { caseId: 'c', date: new Date('2026-03-02T10:00:00Z'), participant: 'Anna', fieldOfLaw: 'Mietrecht', lawyerName: 'RAin Weiß' };
    const before = await pdfText(await renderUsageConfirmationPdf(input));
    await renderChatProtocolPdf({ caseNumber: 'X', messages: [{ authorName: 'Αλέξανδρος Иван', created: '2026-01-01T00:00:00Z', text: 'ΑΒΓ АБВ Ångström' }] });
    expect(await pdfText(await renderUsageConfirmationPdf(input))).toBe(before);
    expect(before).toContain('in Anspruch genommen.');
  });

  it('should embed subsets of DejaVu Sans instead of a standard font, with an outline for every glyph drawn', async () => {
    const pdf = await renderChatProtocolPdf({
      caseNumber: 'RC-1',
      messages: [{ authorName: 'Zoë Ångström', created: '2026-01-01T00:00:00Z', text: 'Łukasz Αλέξανδρος Иван' }],
    });
    const fonts = await embeddedFonts(pdf);
    expect(fonts.map((f) => f.baseFont).sort()).toEqual([expect.stringMatching(/^\/DejaVuSans-\d+$/), expect.stringMatching(/^\/DejaVuSans-Bold-\d+$/)].sort());
    expect(Buffer.from(pdf).toString('latin1')).not.toMatch(/Helvetica/);
    for (const { program } of fonts) {
      expect(program).not.toBeNull();
      const subset = fontkit.create(program as Uint8Array);
      expect(subset.numGlyphs).toBeLessThan(80);
      // Glyph 0 is .notdef; every other glyph but the space must have an outline.
      const blank = Array.from({ length: subset.numGlyphs }, (_, id) => subset.getGlyph(id)).filter((glyph) => glyph.id > 0 && glyph.path.toSVG() === '');
      expect(blank.length).toBeLessThanOrEqual(1);
    }
  });

  it('should embed the Chinese fallback font only when a text needs it', async () => {
    const german = await embeddedFonts(
      await renderUsageConfirmationPdf({
        caseId: 'c',
        date: new Date('2026-03-02T10:00:00Z'),
        participant: 'Max Müller',
        fieldOfLaw: 'Mietrecht',
        lawyerName: 'RA Weiß',
      }),
    );
    expect(german.some((f) => f.baseFont.includes('NotoSansHans'))).toBe(false);
    const chinese = await embeddedFonts(
      await renderUsageConfirmationPdf({
        caseId: 'c',
        date: new Date('2026-03-02T10:00:00Z'),
        participant: '李雷',
        fieldOfLaw: 'Mietrecht',
        lawyerName: 'RA Weiß',
      }),
    );
    expect(chinese.some((f) => /^\/NotoSansHans-Regular-\d+$/.test(f.baseFont))).toBe(true);
  });

  it('should print an emoji a client wrote with the Noto Emoji fallback font instead of "?"', async () => {
    const pdf = await renderChatProtocolPdf({ caseNumber: 'RC-EMOJI', messages: [message('Danke 🙂')] });
    const text = await pdfText(pdf);
    expect(text).toContain('Danke 🙂');
    expect(text).not.toContain('?');
    const fonts = await embeddedFonts(pdf);
    const emoji = fonts.filter((f) => /^\/NotoEmoji-Regular-\d+$/.test(f.baseFont));
    expect(emoji).toHaveLength(1);
    expect(fonts.some((f) => f.baseFont.includes('NotoSansHans'))).toBe(false);
    // Subset: the smiley, .notdef and nothing of the font's other 1,900 glyphs.
    expect(fontkit.create(emoji[0]?.program as Uint8Array).numGlyphs).toBeLessThan(5);
    expect(pdf.length).toBeLessThan(40_000);
  });

  it('should draw emoji sequences (flag, family, keycap, heart with VS16, skin tone) as whole glyphs with outlines', async () => {
    const pdf = await renderChatProtocolPdf({ caseNumber: 'X', messages: [message('Gruß aus 🇩🇪 von 👨\u200D👩\u200D👧 1️⃣ ❤️ 👍🏽 ✅')] });
    expect(await pdfText(pdf)).toContain('Gruß aus 🇩🇪 von 👨\u200D👩\u200D👧 1️⃣ ❤️ 👍 ✅');
    const emoji = (await embeddedFonts(pdf)).find((f) => f.baseFont.includes('NotoEmoji'));
    expect(emoji?.program).toBeInstanceOf(Uint8Array);
    const subset = fontkit.create(emoji?.program as Uint8Array);
    // One glyph per sequence (ligatures) plus their composite components, each with an outline.
    expect(subset.numGlyphs).toBeGreaterThan(6);
    expect(blankGlyphs(emoji?.program as Uint8Array)).toBe(0);
  });

  it('should print a character that no embedded font has as its code point, e.g. [U+E000], never as "?"', async () => {
    const text = await pdfText(await renderChatProtocolPdf({ caseNumber: 'X', messages: [message('Zeichen \u{E000} und 홍 am Ende', '김 Kim')] }));
    expect(text).toContain('Zeichen [U+E000] und [U+D64D] am Ende');
    expect(text).toContain('[U+AE40] Kim – 01.07.2026, 10:00');
    expect(text).not.toContain('?');
  });

  it('should keep German umlauts, ß, „quotes“ and Turkish, Polish and Cyrillic letters as written', async () => {
    const written = '„Grüße“ aus Gießen – Ärger, Öl; Ayşe Yıldız, İstanbul, Ğ ğ Ş ş; Łódź, Żółć; Привет';
    const pdf = await renderChatProtocolPdf({ caseNumber: 'X', messages: [message(written, 'Ömer Çelik')] });
    const text = await pdfText(pdf);
    expect(text).toContain(written);
    expect(text).toContain('Ömer Çelik – 01.07.2026, 10:00');
    expect((await embeddedFonts(pdf)).every((f) => f.baseFont.includes('DejaVuSans'))).toBe(true);
  });

  it('should print emoji in the usage confirmation and the signed Vollmacht too', async () => {
    const confirmation = await pdfText(
      await renderUsageConfirmationPdf({
        caseId: 'c',
        date: new Date('2026-03-02T10:00:00Z'),
        participant: 'Anna 🌻 Schmidt',
        fieldOfLaw: 'Mietrecht',
        lawyerName: 'RA Weiß',
      }),
    );
    expect(confirmation).toContain('Anna 🌻 Schmidt hat am 02.03.2026');
    const unsigned = await renderPowerOfAttorneyPdf({
      caseNumber: 'FA-2',
      caseTitle: 'Kündigung 🏠',
      clientName: 'Anna 🌻 Schmidt',
      lawyerName: 'RA Weiß',
      date: new Date('2026-05-01T10:00:00Z'),
    });
    const signed = await pdfText(await signPowerOfAttorneyPdf(unsigned, { png: tinyPng, place: 'Köln 🏙', date: new Date('2026-05-02T09:00:00Z') }));
    expect(signed).toContain('in der Sache „Kündigung 🏠“');
    expect(signed).toContain('von Anna 🌻 Schmidt');
    expect(signed).toContain('Köln 🏙, 02.05.2026');
    expect(signed).not.toContain('?');
  });

  it('should wrap Chinese text without spaces within the page width', async () => {
    const text = await pdfText(
      await renderChatProtocolPdf({ caseNumber: 'X', messages: [{ authorName: '李雷', created: '2026-01-01T00:00:00Z', text: '李雷'.repeat(60) }] }),
    );
    const lines = text.split('\n').filter((line) => /^(李雷)+李?$/.test(line) || /^雷(李雷)*$/.test(line));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('李雷'.repeat(60));
  });
});

describe('splitRuns', () => {
  // A stand-in for PdfFonts' pick: spaces stay in the font before them, 李 is CJK, U+E000 is in no font.
  const pick = (codePoint: number, { previous }: PickContext<string>) =>
    codePoint === 0x20 && previous ? previous : codePoint === 0x674e ? 'cjk' : codePoint === 0xe000 ? null : 'main';

  it('should cut a line by font and draw a character no font has as its code point', () => {
    expect(splitRuns('Herr 李 ok \u{E000}', pick, 'main')).toEqual([
      { text: 'Herr ', font: 'main', rtl: false },
      { text: '李 ', font: 'cjk', rtl: false },
      { text: 'ok [U+E000]', font: 'main', rtl: false },
    ]);
  });

  it('should write code points above U+FFFF in full and drop invisible joiners and variation selectors no font has', () => {
    const none = () => null;
    expect(splitRuns('\u{1FAE9}\uFE0F\u200D\u{F0000}', none, 'main')).toEqual([{ text: '[U+1FAE9][U+F0000]', font: 'main', rtl: false }]);
  });

  it('should start a new run for a space that pick puts in another font than the run before it', () => {
    const emoji = (codePoint: number) => (codePoint === 0x1f642 ? 'emoji' : 'main');
    expect(splitRuns('Danke 🙂 – gut', emoji, 'main')).toEqual([
      { text: 'Danke ', font: 'main', rtl: false },
      { text: '🙂', font: 'emoji', rtl: false },
      { text: ' – gut', font: 'main', rtl: false },
    ]);
  });

  it('should keep Arabic words with their inner spaces in one right-to-left run and move trailing spaces out', () => {
    expect(splitRuns('محمد علي – 10:05 سلام ', pick, 'main')).toEqual([
      { text: 'محمد علي', font: 'main', rtl: true },
      { text: ' – 10:05 ', font: 'main', rtl: false },
      { text: 'سلام', font: 'main', rtl: true },
      { text: ' ', font: 'main', rtl: false },
    ]);
  });
});

describe('alignGlyphs', () => {
  const require = createRequire(import.meta.url);
  const notoEmoji = () => readFile(require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'));

  it('should pad every glyph of Noto Emoji to four bytes and keep outlines, metrics and glyph lookup', async () => {
    const original = fontkit.create(await notoEmoji());
    const aligned = fontkit.create(alignGlyphs(await notoEmoji()));
    // fontkit's parsed `loca` table (not in its type declarations): where each glyph starts in `glyf`.
    const glyphOffsets = (font: typeof original) => (font as unknown as { loca: { offsets: number[] } }).loca.offsets;
    expect(glyphOffsets(original).some((offset) => offset % 4 !== 0)).toBe(true);
    expect(glyphOffsets(aligned).every((offset) => offset % 4 === 0)).toBe(true);
    expect(aligned.numGlyphs).toBe(original.numGlyphs);
    for (const text of ['🙂', '🇩🇪', '👨\u200D👩\u200D👧', '1️⃣']) {
      const [before] = original.layout(text).glyphs;
      const [after] = aligned.layout(text).glyphs;
      expect(after?.id).toBe(before?.id);
      expect(after?.advanceWidth).toBe(before?.advanceWidth);
      expect(after?.path.toSVG()).toBe(before?.path.toSVG());
    }
  });

  it('should return a font without a glyf table (CFF) unchanged', () => {
    const cff = new Uint8Array([0x4f, 0x54, 0x54, 0x4f, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(alignGlyphs(cff)).toBe(cff);
  });
});
