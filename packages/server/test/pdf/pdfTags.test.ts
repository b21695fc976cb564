// Every generated PDF is a tagged PDF – language, document title, structure tree in reading order.
import { describe, expect, it } from 'vitest';
import { renderChatProtocolPdf, renderPowerOfAttorneyPdf, renderUsageConfirmationPdf, signPowerOfAttorneyPdf } from '../../src/platform/pdf/index.js';
import { pdfLinesByPage, pdfText } from './pdfText.js';
import { readStructure, type PdfStructure } from './pdfStructure.js';

// 1×1 transparent PNG
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** What every document has in common: tagged, German, title shown, tab order by structure, nothing left inconsistent. */
function expectTagged(structure: PdfStructure, title: string): void {
  expect(structure.problems).toEqual([]);
  expect(structure.marked).toBe(true);
  expect(structure.lang).toBe('de-DE');
  expect(structure.title).toBe(title);
  expect(structure.displayDocTitle).toBe(true);
  expect(structure.rootRoles).toEqual(['Document']);
  expect(structure.tabs.every((tabs) => tabs === 'S')).toBe(true);
  expect(structure.blocks[0]?.role).toBe('H1');
  expect(structure.blocks.filter((block) => block.role === 'H1')).toHaveLength(1);
  // Page numbers are pagination artifacts, outside the structure.
  structure.artifactText.forEach((texts, index) => expect(texts).toEqual([`Seite ${index + 1} von ${structure.artifactText.length}`]));
}

/** The tagged text in reading order, each block's lines joined, as the visible text is when the page numbers are left out. */
function taggedLines(structure: PdfStructure): string[] {
  return structure.blocks.flatMap((block) => block.text.split('\n')).filter((line) => line !== '');
}

describe('tagged chat protocol', () => {
  const long = 'Dies ist ein sehr langer Satz über einen Mietvertrag, der umbrochen werden muss. '.repeat(14).trim();
  const messages = [
    { authorName: 'Frau Müller', created: '2026-07-01T08:05:00Z', text: 'Grüß Gott, ich habe eine Frage zur Kündigung.' },
    { authorName: 'RA Schäfer', created: '2026-07-01T08:06:00Z', text: 'Danke 👍 für die Nachricht\nan 李雷 🇩🇪 ❤️ und Αλέξανδρος' },
    ...Array.from({ length: 14 }, (_, i) => ({ authorName: `Person ${i + 1}`, created: '2026-07-01T09:00:00Z', text: long })),
  ];

  it('should tag title, case, message headings and texts in reading order, one P per message across page breaks', async () => {
    const pdf = await renderChatProtocolPdf({ caseNumber: 'RC-1234', messages });
    const structure = await readStructure(pdf);
    expectTagged(structure, 'Chatprotokoll RC-1234');
    expect(structure.artifactText.length).toBeGreaterThan(2);
    const blocks = structure.blocks;
    expect(blocks.slice(0, 7).map(({ role, text }) => ({ role, text }))).toEqual([
      { role: 'H1', text: 'Chatprotokoll' },
      { role: 'P', text: 'Aktenzeichen RC-1234' },
      { role: 'P', text: `Nachrichten: ${messages.length} · Zeitangaben in deutscher Zeit` },
      { role: 'H2', text: 'Frau Müller – 01.07.2026, 10:05' },
      { role: 'P', text: 'Grüß Gott, ich habe eine Frage zur Kündigung.' },
      { role: 'H2', text: 'RA Schäfer – 01.07.2026, 10:06' },
      // Emoji, CJK and Greek runs in their fallback fonts stay inside the paragraph.
      { role: 'P', text: 'Danke 👍 für die Nachricht\nan 李雷 🇩🇪 ❤️ und Αλέξανδρος' },
    ]);
    expect(blocks.filter((block) => block.role === 'H2')).toHaveLength(messages.length);
    // The last block is the last message: nothing can fall onto a page of its own after it.
    expect(blocks[blocks.length - 1]?.role).toBe('P');
    expect(blocks[blocks.length - 1]?.text.replace(/\n/g, ' ')).toBe(long);
    // Every long message is one P; wrapped at single spaces, its lines join to the text the client wrote.
    const texts = blocks.filter((block, i) => block.role === 'P' && blocks[i - 1]?.role === 'H2').slice(2);
    expect(texts).toHaveLength(14);
    for (const block of texts) expect(block.text.replace(/\n/g, ' ')).toBe(long);
    expect(texts.some((block) => block.pages.length === 2)).toBe(true);
    // The tagged text is the visible text: nothing but page numbers left out, nothing added, same order.
    const visible = (await pdfText(pdf)).split('\n').filter((line) => !/^Seite \d+ von \d+$/.test(line));
    expect(taggedLines(structure)).toEqual(visible);
  });

  it("should keep a client's imitated heading inside their message: a P, indented behind the bar, never where a heading starts", async () => {
    const forged = 'Danke.\nRA Schäfer – 01.07.2026, 10:09\nIhre Versicherung hat die Kostenübernahme zugesagt.';
    const pdf = await renderChatProtocolPdf({
      caseNumber: 'RC-1234',
      messages: [
        { authorName: 'Frau Müller', created: '2026-07-01T08:08:00Z', text: forged },
        { authorName: 'RA Schäfer', created: '2026-07-01T08:10:00Z', text: 'Bitte senden Sie mir das Schreiben.' },
      ],
    });
    const structure = await readStructure(pdf);
    expect(structure.problems).toEqual([]);
    expect(structure.blocks.filter((block) => block.role === 'H2').map((block) => block.text)).toEqual([
      'Frau Müller – 01.07.2026, 10:08',
      'RA Schäfer – 01.07.2026, 10:10',
    ]);
    expect(structure.blocks.find((block) => block.role === 'P' && block.text.includes('10:09'))?.text).toBe(forged);
    const lines = (await pdfLinesByPage(pdf)).flat();
    const startOf = (text: string) => lines.find((line) => line.text === text)?.x;
    const headingX = startOf('RA Schäfer – 01.07.2026, 10:10');
    expect(startOf('RA Schäfer – 01.07.2026, 10:09')).toBe(headingX! + 12);
    expect(startOf('Bitte senden Sie mir das Schreiben.')).toBe(headingX! + 12);
  });

  it('should name the firm whose consultation the protocol records under its reference', async () => {
    const structure = await readStructure(
      await renderChatProtocolPdf({ caseNumber: 'X', messages: [], issuer: 'Berger & Partner, Musterstraße 12, 10115 Berlin' }),
    );
    expect(structure.blocks.slice(0, 3).map((block) => `${block.role}: ${block.text}`)).toEqual([
      'H1: Chatprotokoll',
      'P: Aktenzeichen X',
      'P: Rechtsberatung im Chat – Berger & Partner, Musterstraße 12, 10115 Berlin',
    ]);
  });

  it('should tag the protocol of an empty chat', async () => {
    const structure = await readStructure(await renderChatProtocolPdf({ caseNumber: 'X', messages: [] }));
    expectTagged(structure, 'Chatprotokoll X');
    expect(structure.blocks.map((block) => `${block.role}: ${block.text}`)).toEqual([
      'H1: Chatprotokoll',
      'P: Aktenzeichen X',
      'P: Nachrichten: 0 · Zeitangaben in deutscher Zeit',
      'P: Dieser Chat enthält keine Nachrichten.',
    ]);
  });

  it('should give a message without visible text no element', async () => {
    const structure = await readStructure(
      await renderChatProtocolPdf({ caseNumber: 'X', messages: [{ authorName: 'A', created: '2026-01-01T00:00:00Z', text: ' \n ' }] }),
    );
    expect(structure.problems).toEqual([]);
    expect(structure.blocks.map((block) => block.role)).toEqual(['H1', 'P', 'P', 'H2']);
  });
});

describe('tagged usage confirmation', () => {
  it('should tag title and paragraphs in reading order', async () => {
    const pdf = await renderUsageConfirmationPdf({
      caseId: 'case-7',
      date: new Date('2026-03-29T23:30:00Z'),
      participant: 'Max Mustermann 😀',
      fieldOfLaw: 'Mietrecht',
      lawyerName: 'Dr. Anna Weiß',
      lawyerGender: 'female',
      issuer: 'Berger & Partner, Musterstraße 12, 10115 Berlin',
    });
    const structure = await readStructure(pdf);
    expectTagged(structure, 'Nutzungsbestätigung');
    expect(structure.blocks.map((block) => `${block.role}: ${block.text.replace(/\n/g, ' ')}`)).toEqual([
      'H1: Nutzungsbestätigung',
      'P: Max Mustermann 😀 hat am 30.03.2026 eine anwaltliche Erstberatung im Chat in Anspruch genommen.',
      'P: Aktenzeichen: case-7',
      'P: Ausgestellt von: Berger & Partner, Musterstraße 12, 10115 Berlin',
      'P: Rechtsgebiet: Mietrecht',
      'P: Beratende Rechtsanwältin: Dr. Anna Weiß',
      'P: Diese Bestätigung wurde maschinell erstellt und ist ohne Unterschrift gültig. Inhalte der Beratung sind aus Gründen der anwaltlichen Schweigepflicht nicht enthalten.',
    ]);
    expect(taggedLines(structure)).toEqual((await pdfText(pdf)).split('\n').filter((line) => !line.startsWith('Seite ')));
  });

  it("should name the lawyer in the usage confirmation by the profile's gender, and without a slash form otherwise", async () => {
    const label = async (lawyerGender: 'male' | 'other' | undefined) =>
      (
        await pdfText(
          await renderUsageConfirmationPdf({
            caseId: 'case-8',
            date: new Date('2026-03-29T10:00:00Z'),
            fieldOfLaw: 'Mietrecht',
            lawyerName: 'Kim Berg',
            ...(lawyerGender ? { lawyerGender } : {}),
          }),
        )
      )
        .split('\n')
        .find((line) => line.endsWith('Kim Berg'));
    expect(await label('male')).toBe('Beratender Rechtsanwalt: Kim Berg');
    expect(await label('other')).toBe('Beratung durch: Kim Berg');
    expect(await label(undefined)).toBe('Beratung durch: Kim Berg');
  });

  it('should give every text element its whole text, with the spaces where its lines wrap, for assistive technology', async () => {
    const pdf = await renderUsageConfirmationPdf({
      caseId: 'case-7',
      date: new Date('2026-03-29T23:30:00Z'),
      participant: 'Max Mustermann',
      fieldOfLaw: 'Mietrecht',
      lawyerName: 'RAin Weiß',
    });
    const blocks = (await readStructure(pdf)).blocks;
    const wrapped = blocks.filter((block) => block.text.includes('\n'));
    expect(wrapped.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block.actualText).toBe(block.text.replace(/\n/g, ' '));
  });
});

describe('tagged Vollmacht', () => {
  const input = {
    caseNumber: 'FA-2026-ABC',
    caseTitle: 'Kündigung',
    clientName: 'Erika Muster',
    lawyerName: 'RA Schäfer',
    date: new Date('2026-05-01T10:00:00Z'),
  };
  const body = [
    'H1: Vollmacht',
    'P: Hiermit wird RA Schäfer',
    'P: in der Sache „Kündigung“ (Aktenzeichen FA-2026-ABC)',
    'P: von Erika Muster',
    'P: Vollmacht erteilt zur außergerichtlichen Vertretung, zur Prozessführung einschließlich der Befugnis zur Erhebung und Zurücknahme von Widerklagen, zur Entgegennahme von Zustellungen, zur Begründung und Aufhebung von Vertragsverhältnissen und zur Abgabe und Entgegennahme von einseitigen Willenserklärungen im Zusammenhang mit der oben genannten Angelegenheit.',
    'P: Die Vollmacht gilt für alle Instanzen und erstreckt sich auch auf Neben- und Folgeverfahren. Sie kann jederzeit widerrufen werden.',
  ];
  const summary = (structure: PdfStructure) => structure.blocks.map((block) => `${block.role}: ${block.text.replace(/\n/g, ' ')}`);

  it('should tag the unsigned Vollmacht with its signing hint', async () => {
    const structure = await readStructure(await renderPowerOfAttorneyPdf(input));
    expectTagged(structure, 'Vollmacht FA-2026-ABC');
    expect(summary(structure)).toEqual([
      ...body,
      'P: Hinweis: Die Unterschrift wird in der digitalen Fallakte gezeichnet. Ort und Datum werden beim Unterschreiben eingetragen.',
    ]);
  });

  it('should continue the structure when signing: place and date, labels and the signature as a Figure with alternative text', async () => {
    const unsigned = await renderPowerOfAttorneyPdf(input, { signingHint: false });
    const signed = await signPowerOfAttorneyPdf(unsigned, { png: tinyPng, place: 'München', date: new Date('2026-05-02T09:00:00Z'), signer: 'Erika Muster' });
    const structure = await readStructure(signed);
    expectTagged(structure, 'Vollmacht FA-2026-ABC');
    expect(summary(structure)).toEqual([...body, 'P: München, 02.05.2026', 'P: Ort, Datum', 'Figure: ', 'P: Unterschrift']);
    const figure = structure.blocks.find((block) => block.role === 'Figure');
    expect(figure).toMatchObject({ alt: 'Unterschrift von Erika Muster', bbox: [300, 96, 301, 97] });
    // The image is drawn inside the Figure's marked content; the signature lines are artifacts (no text).
    expect(structure.figures[structure.figures.length - 1]).toBe(1);
  });

  it('should name no one in the alternative text when the signer is not given', async () => {
    const signed = await signPowerOfAttorneyPdf(await renderPowerOfAttorneyPdf(input, { signingHint: false }), {
      png: tinyPng,
      place: 'Köln',
      date: input.date,
    });
    const structure = await readStructure(signed);
    expect(structure.problems).toEqual([]);
    expect(structure.blocks.find((block) => block.role === 'Figure')?.alt).toBe('Unterschrift');
  });
});
