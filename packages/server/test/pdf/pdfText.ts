// Test helper: reads back the text a pdf-lib document drew (hex strings of Tj operators, WinAnsi-encoded).
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

// CP1252 0x80–0x9F (Node's TextDecoder lacks windows-1252 without full ICU); other bytes are Latin-1.
const cp1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeWinAnsi = (bytes: Buffer) => [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? cp1252High[b - 0x80] : String.fromCharCode(b))).join('');

function pageStreams(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray) return contents.asArray().map((ref) => page.doc.context.lookup(ref)).filter((s): s is PDFRawStream => s instanceof PDFRawStream);
  return [];
}

/** All drawn text lines per page, in drawing order. */
export async function pdfTextByPage(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) =>
    pageStreams(page).flatMap((stream) => {
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => decodeWinAnsi(Buffer.from(m[1] ?? '', 'hex')));
    }),
  );
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextByPage(bytes)).flat().join('\n');
}
