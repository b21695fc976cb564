// The usage confirmation (Nutzungsbestätigung) PDF a participant can hand to the insurer or employer.
import { formatGermanDate } from './germanDate.js';
import { PdfWriter } from './pdfWriter.js';

export interface UsageConfirmationInput {
  caseId: string;
  date: Date;
  participant?: string;
  fieldOfLaw: string;
  lawyerName: string;
  /** The lawyer's gender as in the profile: the label names them as „Rechtsanwältin“ or „Rechtsanwalt“. */
  lawyerGender?: 'female' | 'male' | 'other';
  /** The firm that issues it, with its address (Kanzleiangaben): an employer can tell who confirms. */
  issuer?: string;
}

/** The lawyer's label: a known woman or man by their title, anyone else without the slash form („… / …“). */
const LAWYER_LABEL = { female: 'Beratende Rechtsanwältin', male: 'Beratender Rechtsanwalt', other: 'Beratung durch' } as const;

/** Renders a one-page confirmation that legal advice was used on the given date. */
export async function renderUsageConfirmationPdf(input: UsageConfirmationInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create({
    title: 'Nutzungsbestätigung',
    subject: `Nutzungsbestätigung, Aktenzeichen ${input.caseId}`,
    author: 'Rechtschat',
    keywords: ['Nutzungsbestätigung', input.caseId],
    created: input.date,
  });
  await writer.write('Nutzungsbestätigung', { role: 'H1', size: 18, bold: true, gapAfter: 14 });
  const who = input.participant ? `${input.participant} hat` : 'Die teilnehmende Person hat';
  await writer.write(`${who} am ${formatGermanDate(input.date)} eine anwaltliche Erstberatung im Chat in Anspruch genommen.`, { gapAfter: 12 });
  await writer.write(`Aktenzeichen: ${input.caseId}`);
  if (input.issuer) await writer.write(`Ausgestellt von: ${input.issuer}`);
  await writer.write(`Rechtsgebiet: ${input.fieldOfLaw}`);
  await writer.write(`${LAWYER_LABEL[input.lawyerGender ?? 'other']}: ${input.lawyerName}`, { gapAfter: 16 });
  await writer.write(
    'Diese Bestätigung wurde maschinell erstellt und ist ohne Unterschrift gültig. Inhalte der Beratung sind aus Gründen der anwaltlichen Schweigepflicht nicht enthalten.',
    { size: 9, gray: true },
  );
  return writer.save();
}
