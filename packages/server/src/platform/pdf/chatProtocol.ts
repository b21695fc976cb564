// The chat protocol (transcript) PDF: every message with author and German timestamp (a heading) and its text.
import { formatGermanDateTime } from './germanDate.js';
import { PdfWriter } from './pdfWriter.js';

export interface ProtocolMessage {
  authorName: string;
  /** ISO 8601 */
  created: string;
  text: string;
}

export interface ChatProtocolInput {
  caseNumber: string;
  messages: readonly ProtocolMessage[];
  /** Generation time; defaults to the newest message time so output is reproducible. */
  generatedAt?: Date;
  /** The firm whose consultation it records, with its address (Kanzleiangaben). */
  issuer?: string;
}

/** Renders the transcript. Chat text is drawn as literal text, never interpreted (no HTML, no URLs fetched). */
export async function renderChatProtocolPdf(input: ChatProtocolInput): Promise<Uint8Array> {
  const last = input.messages[input.messages.length - 1];
  const generatedAt = input.generatedAt ?? (last ? new Date(last.created) : new Date(0));
  const writer = await PdfWriter.create({
    title: `Chatprotokoll ${input.caseNumber}`,
    subject: `Protokoll der Rechtsberatung im Chat, Aktenzeichen ${input.caseNumber}`,
    author: 'Rechtschat',
    keywords: ['Chatprotokoll', input.caseNumber],
    created: Number.isNaN(generatedAt.getTime()) ? new Date(0) : generatedAt,
  });
  await writer.write('Chatprotokoll', { role: 'H1', size: 18, bold: true, gapAfter: 6 });
  await writer.write(`Aktenzeichen ${input.caseNumber}`, { size: 11, gapAfter: 2 });
  if (input.issuer) await writer.write(`Rechtsberatung im Chat – ${input.issuer}`, { size: 9.5, gapAfter: 2 });
  // The time-zone note sits in the header: at the end it could fall onto a page of its own.
  await writer.write(`Nachrichten: ${input.messages.length} · Zeitangaben in deutscher Zeit`, { size: 9, gray: true });
  writer.rule();
  if (input.messages.length === 0) await writer.write('Dieser Chat enthält keine Nachrichten.');
  for (const message of input.messages) {
    writer.ensureSpace(40);
    await writer.write(`${message.authorName} – ${formatGermanDateTime(message.created)}`, { role: 'H2', size: 9.5, bold: true, gapAfter: 1 });
    // Quoted: a client's line breaks cannot make a line of their text look like the next message's heading.
    await writer.write(message.text, { size: 10.5, gapAfter: 10, quoted: true });
  }
  writer.rule();
  return writer.save();
}
