// The power of attorney (Vollmacht): rendered for reading, then signed with the client's drawn signature.
import { PDFDocument, rgb } from 'pdf-lib';
import { formatGermanDate } from './germanDate.js';
import { PdfFonts } from './pdfFonts.js';
import { PdfTags } from './pdfTags.js';
import { PdfWriter } from './pdfWriter.js';
import { cleanText } from './textRuns.js';

export interface PowerOfAttorneyInput {
  caseNumber: string;
  caseTitle: string;
  clientName: string;
  clientAddress?: string;
  lawyerName: string;
  /** The lawyer's gender as in the profile: the Vollmacht names them „Rechtsanwältin“ or „Rechtsanwalt“ (else by name alone). */
  lawyerGender?: 'female' | 'male' | 'other';
  /** The firm (Kanzleiangaben): its name and address on one line, „Berger & Partner Rechtsanwälte, Musterstraße 1, 10115 Berlin“. */
  firm?: string;
  date: Date;
}

const LAWYER_TITLE = { female: 'Rechtsanwältin ', male: 'Rechtsanwalt ', other: '' } as const;

/** Who is given the Vollmacht: „Rechtsanwältin Dr. Anna Berger“, by gender as in the lawyer's profile. */
function powerOfAttorneyHolder(input: Pick<PowerOfAttorneyInput, 'lawyerName' | 'lawyerGender'>): string {
  return `${LAWYER_TITLE[input.lawyerGender ?? 'other']}${input.lawyerName}`;
}

const signatureBoxHeight = 90;
/** Keyword marking an unsigned Vollmacht; the signed copy gets "signiert" so the two are distinguishable. */
const unsignedKeyword = 'Vollmacht-unsigniert';

export interface RenderOptions {
  /**
   * The hint that place, date and signature are added in the digitale Fallakte; it belongs to the copy the client
   * reads before signing, not to the one that gets signed (default true).
   */
  signingHint?: boolean;
}

/** Renders the unsigned Vollmacht; the last page ends with an empty signature area that signing fills. */
export async function renderPowerOfAttorneyPdf(input: PowerOfAttorneyInput, options: RenderOptions = {}): Promise<Uint8Array> {
  const writer = await PdfWriter.create({
    title: `Vollmacht ${input.caseNumber}`,
    subject: `Vollmacht für ${input.lawyerName} in der Sache ${input.caseTitle}`,
    author: 'Rechtschat',
    keywords: ['Vollmacht', input.caseNumber, unsignedKeyword],
    created: input.date,
  });
  await writer.write('Vollmacht', { role: 'H1', size: 20, bold: true, gapAfter: 12 });
  await writer.write(`Hiermit wird ${powerOfAttorneyHolder(input)}${input.firm ? ',' : ''}`, { gapAfter: 2 });
  if (input.firm) await writer.write(`${input.firm},`, { gapAfter: 2 });
  await writer.write(`in der Sache „${input.caseTitle}“ (Aktenzeichen ${input.caseNumber})`, { gapAfter: 2 });
  await writer.write(`von ${input.clientName}${input.clientAddress ? `, ${input.clientAddress}` : ''}`, { gapAfter: 10 });
  await writer.write(
    'Vollmacht erteilt zur außergerichtlichen Vertretung, zur Prozessführung einschließlich der Befugnis zur Erhebung und Zurücknahme von Widerklagen, zur Entgegennahme von Zustellungen, zur Begründung und Aufhebung von Vertragsverhältnissen und zur Abgabe und Entgegennahme von einseitigen Willenserklärungen im Zusammenhang mit der oben genannten Angelegenheit.',
    { gapAfter: 8 },
  );
  await writer.write('Die Vollmacht gilt für alle Instanzen und erstreckt sich auch auf Neben- und Folgeverfahren. Sie kann jederzeit widerrufen werden.', {
    gapAfter: 8,
  });
  if (options.signingHint ?? true) {
    await writer.write('Hinweis: Die Unterschrift wird in der digitalen Fallakte gezeichnet. Ort und Datum werden beim Unterschreiben eingetragen.', {
      size: 9,
      gray: true,
    });
  }
  writer.ensureSpace(signatureBoxHeight + 60);
  writer.space(24);
  return writer.save();
}

export interface SignatureInput {
  /** PNG bytes of the drawn signature. */
  png: Uint8Array;
  place: string;
  date: Date;
  /** Who signs: the signature image's alternative text reads "Unterschrift von …" (just "Unterschrift" without). */
  signer?: string;
}

/**
 * Draws place, date and the signature image on the last page of a Vollmacht rendered without the signing hint, and
 * appends them to its structure tree: place and date, the labels and the image (a Figure with alternative text) in
 * reading order, the lines as artifacts. Throws if the PDF or PNG cannot be parsed; callers validate the PNG first.
 */
export async function signPowerOfAttorneyPdf(pdf: Uint8Array, signature: SignatureInput): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(doc.getPageCount() - 1);
  const tags = PdfTags.open(doc);
  const fonts = await PdfFonts.for(doc);
  const placeAndDate = cleanText(`${signature.place}, ${formatGermanDate(signature.date)}`).replace(/\n/g, ' ');
  await fonts.prepare(`${placeAndDate} Ort, Datum Unterschrift`, 'regular');
  const black = rgb(0, 0, 0);
  const image = await doc.embedPng(signature.png);
  const maxWidth = 220;
  const scale = Math.min(maxWidth / image.width, signatureBoxHeight / image.height, 1);
  const baseline = 100;
  const width = image.width * scale;
  const height = image.height * scale;
  const signer = signature.signer === undefined ? '' : cleanText(signature.signer).replace(/\n/g, ' ').trim();
  const alt = signer === '' ? 'Unterschrift' : `Unterschrift von ${signer}`;
  tags.mark(page, tags.element('P'), () => fonts.draw(page, placeAndDate, 'regular', { x: 56, y: baseline, size: 11, color: black }));
  tags.artifact(page, 'Layout', () =>
    page.drawLine({ start: { x: 56, y: baseline - 6 }, end: { x: 250, y: baseline - 6 }, thickness: 0.5, color: rgb(0, 0, 0) }),
  );
  tags.mark(page, tags.element('P'), () => fonts.draw(page, 'Ort, Datum', 'regular', { x: 56, y: baseline - 18, size: 8, color: black }));
  tags.mark(page, tags.element('Figure', { alt, bbox: [300, baseline - 4, 300 + width, baseline - 4 + height] }), () =>
    page.drawImage(image, { x: 300, y: baseline - 4, width, height }),
  );
  tags.artifact(page, 'Layout', () =>
    page.drawLine({ start: { x: 300, y: baseline - 6 }, end: { x: 539, y: baseline - 6 }, thickness: 0.5, color: rgb(0, 0, 0) }),
  );
  tags.mark(page, tags.element('P'), () => fonts.draw(page, 'Unterschrift', 'regular', { x: 300, y: baseline - 18, size: 8, color: black }));
  doc.setKeywords(['Vollmacht', 'signiert']);
  doc.setModificationDate(signature.date);
  return doc.save();
}
