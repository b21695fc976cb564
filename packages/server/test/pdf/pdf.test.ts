import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  renderChatProtocolPdf,
  renderPowerOfAttorneyPdf,
  renderUsageConfirmationPdf,
  signPowerOfAttorneyPdf,
} from '../../src/platform/pdf/index.js';
import { pdfText, pdfTextByPage } from './pdfText.js';

// 1×1 transparent PNG
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('renderChatProtocolPdf', () => {
  it('should draw every message with its author and German Berlin time', async () => {
    const pdf = await renderChatProtocolPdf({
      caseNumber: 'RC-1234',
      messages: [
        { authorName: 'Frau Müller', created: '2026-07-01T08:05:00Z', text: 'Grüß Gott, ich habe eine Frage zur Kündigung.' },
        { authorName: 'RA Schäfer', created: '2026-12-24T17:30:00Z', text: 'Gern, schildern Sie bitte den Sachverhalt.' },
      ],
    });
    const text = await pdfText(pdf);
    expect(text).toContain('Frau Müller – 01.07.2026, 10:05');
    expect(text).toContain('RA Schäfer – 24.12.2026, 18:30');
    expect(text).toContain('Grüß Gott, ich habe eine Frage zur Kündigung.');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe('Chatprotokoll RC-1234');
  });

  it('should wrap long messages and break onto further pages', async () => {
    const long = 'Dies ist ein sehr langer Satz über einen Mietvertrag, der umbrochen werden muss. '.repeat(12);
    const messages = Array.from({ length: 40 }, (_, i) => ({ authorName: `Person ${i + 1}`, created: '2026-01-01T12:00:00Z', text: long }));
    const pages = await pdfTextByPage(await renderChatProtocolPdf({ caseNumber: 'RC-1', messages }));
    expect(pages.length).toBeGreaterThan(5);
    const all = pages.flat();
    expect(all.filter((line) => line.startsWith('Person '))).toHaveLength(40);
    expect(Math.max(...all.map((l) => l.length))).toBeLessThan(120);
    expect(pages[0]).toContain(`Seite 1 von ${pages.length}`);
    expect(pages[pages.length - 1]).toContain(`Seite ${pages.length} von ${pages.length}`);
  });

  it('should draw markup literally and write only characters no embedded font has as their code point', async () => {
    const text = await pdfText(
      await renderChatProtocolPdf({
        caseNumber: 'X',
        messages: [{ authorName: 'A', created: '2026-01-01T00:00:00Z', text: '<img src="http://127.0.0.1/x"> \u{E000} Łódź ✓ 한' }],
      }),
    );
    expect(text).toContain('<img src="http://127.0.0.1/x"> [U+E000] Łódź ✓ [U+D55C]');
  });

  it('should render an empty chat', async () => {
    expect(await pdfText(await renderChatProtocolPdf({ caseNumber: 'X', messages: [] }))).toContain('keine Nachrichten');
  });
});

describe('renderUsageConfirmationPdf', () => {
  it('should confirm use with date, field of law and lawyer', async () => {
    const pdf = await renderUsageConfirmationPdf({
      caseId: 'case-7',
      date: new Date('2026-03-29T23:30:00Z'),
      participant: 'Max Mustermann',
      fieldOfLaw: 'Mietrecht',
      lawyerName: 'RAin Weiß',
    });
    const text = await pdfText(pdf);
    expect(text).toContain('Nutzungsbestätigung');
    expect(text).toContain('Max Mustermann hat am 30.03.2026');
    expect(text).toContain('Rechtsgebiet: Mietrecht');
    expect(text).toContain('RAin Weiß');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });
});

describe('power of attorney', () => {
  const input = {
    caseNumber: 'FA-2026-ABC',
    caseTitle: 'Kündigung',
    clientName: 'Erika Muster',
    lawyerName: 'RA Schäfer',
    date: new Date('2026-05-01T10:00:00Z'),
  };

  it('should render the unsigned Vollmacht naming client and lawyer', async () => {
    const text = await pdfText(await renderPowerOfAttorneyPdf(input));
    expect(text).toContain('Vollmacht');
    expect(text).toContain('Hiermit wird RA Schäfer');
    expect(text).toContain('von Erika Muster');
    expect(text).toContain('Hinweis: Die Unterschrift wird in der digitalen Fallakte gezeichnet.');
  });

  it('should leave out the signing hint in the copy that gets signed, keeping the text of the Vollmacht', async () => {
    const text = await pdfText(await renderPowerOfAttorneyPdf(input, { signingHint: false }));
    expect(text).toContain('Hiermit wird RA Schäfer');
    expect(text).toContain('Sie kann jederzeit widerrufen werden.');
    expect(text).not.toContain('Hinweis');
  });

  it('should add place, date and the signature image when signed', async () => {
    const unsigned = await renderPowerOfAttorneyPdf(input);
    const signed = await signPowerOfAttorneyPdf(unsigned, { png: tinyPng, place: 'München', date: new Date('2026-05-02T09:00:00Z') });
    expect(await pdfText(signed)).toContain('München, 02.05.2026');
    const doc = await PDFDocument.load(signed);
    expect(doc.getKeywords()).toContain('signiert');
    expect(Buffer.from(signed).toString('latin1')).toContain('/Subtype /Image');
    expect(Buffer.from(unsigned).toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('should name the lawyer as Rechtsanwältin or Rechtsanwalt by gender and the firm with its address', async () => {
    const firm = 'Berger & Partner Rechtsanwälte, Musterstraße 12, 10115 Berlin';
    const female = await pdfText(await renderPowerOfAttorneyPdf({ ...input, lawyerName: 'Dr. Anna Berger', lawyerGender: 'female', firm }));
    expect(female).toContain('Hiermit wird Rechtsanwältin Dr. Anna Berger,');
    expect(female).toContain(`${firm},`);
    const male = await pdfText(await renderPowerOfAttorneyPdf({ ...input, lawyerName: 'Jonas Weber', lawyerGender: 'male', firm }, { signingHint: false }));
    expect(male).toContain('Hiermit wird Rechtsanwalt Jonas Weber,');
    expect(await pdfText(await renderPowerOfAttorneyPdf({ ...input, lawyerName: 'Kim Schäfer', lawyerGender: 'other' }))).toContain('Hiermit wird Kim Schäfer');
  });

  it('should reject a signature that is not a PNG', async () => {
    await expect(signPowerOfAttorneyPdf(await renderPowerOfAttorneyPdf(input), { png: Buffer.from('GIF89a'), place: 'X', date: input.date })).rejects.toThrow();
  });
});

describe('cleanText', () => {
  it('should keep German letters, typographic quotes and other scripts and replace control characters', () => {
    expect(cleanText('Äpfel „Öl“ – ß\u0007€ Łukasz\u200b Αλέξανδρος')).toBe('Äpfel „Öl“ – ß?€ Łukasz Αλέξανδρος');
  });

  it('should turn tabs into spaces, drop CR and compose to NFC', () => {
    expect(cleanText('a\tb\r\nZoe\u0308')).toBe('a    b\nZoë');
  });

  it('should keep the zero-width joiner that binds an emoji sequence and drop other invisible format characters', () => {
    expect(cleanText('👨\u200D👩\u200D👧\u200B\u00AD\u{E0067}')).toBe('👨\u200D👩\u200D👧');
  });
});
