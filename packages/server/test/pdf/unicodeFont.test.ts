// Names in any script print as written: the PDFs embed DejaVu Sans (and Noto Sans Hans for Chinese) as subsets.
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderChatProtocolPdf, renderPowerOfAttorneyPdf, renderUsageConfirmationPdf, signPowerOfAttorneyPdf } from '../../src/platform/pdf/index.js';
import { splitRuns } from '../../src/platform/pdf/textRuns.js';
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
  const pick = (codePoint: number) => (codePoint === 0x674e ? 'cjk' : codePoint === 0xe000 ? null : 'main');

  it('should cut a line by font and draw characters no font has as "?"', () => {
    expect(splitRuns('Herr 李 ok \u{E000}', pick, 'main')).toEqual([
      { text: 'Herr ', font: 'main', rtl: false },
      { text: '李 ', font: 'cjk', rtl: false },
      { text: 'ok ?', font: 'main', rtl: false },
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
