// Vollmacht: the unsigned PDF to read, and signing it with the drawn PNG, filed in the case as a document.
import { caseFileError, closedCaseFile } from './caseFileErrors.js';
import { measureInk } from '../../platform/files/pngInk.js';
import { readPng } from '../../platform/files/pngLimits.js';
import { firmAddressLine, type FirmDetails } from '@rechtschat/core';
import { renderPowerOfAttorneyPdf, signPowerOfAttorneyPdf, type PowerOfAttorneyInput } from '../../platform/pdf/index.js';
import type { CaseFileDocumentTable, CaseFileTable } from './tables.js';
import { findCaseById, releaseSignature, reserveSignature, type CaseFileDb } from './caseFileQueries.js';
import { storeDocument } from './documents.js';
import { detectFileType } from '../../platform/files/fileType.js';
import { addHistory } from './service.js';

const maxSignatureBytes = 512 * 1024;

const GENDERS = ['female', 'male', 'other'] as const;
const genderOf = (value: string) => GENDERS.find((gender) => gender === value) ?? 'other';

/** The firm as the Vollmacht names it: its name and address on one line. */
const firmLine = (firm: FirmDetails): string => [firm.Name, firmAddressLine(firm)].filter((part) => part !== '').join(', ');

function powerOfAttorneyInput(row: CaseFileTable, date: Date, firm: FirmDetails | undefined): PowerOfAttorneyInput {
  const address = [row.street, [row.postal_code, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const firmText = firm === undefined ? '' : firmLine(firm);
  return {
    caseNumber: row.case_number,
    caseTitle: row.title,
    clientName: `${row.first_name} ${row.last_name}`,
    lawyerName: row.lawyer_name,
    lawyerGender: genderOf(row.lawyer_gender),
    date,
    ...(firmText ? { firm: firmText } : {}),
    ...(address ? { clientAddress: address } : {}),
  };
}

/**
 * What a signature must show, measured on the PNG (composited over white paper, as in the PDF). The browser's
 * pad refuses fewer than core's MIN_SIGNATURE_POINTS drawn points – a tap or a slip; its dot is a few pixels
 * across (the pen is 1/300 of the pad's width), so the ink must reach across 8 % of the pad's height and at
 * least 12 px. A typed name (two letters at a third of the pad's height) passes easily.
 */
export const signatureInkRules = {
  /** A narrower or lower image is no signature field (the pad is 180 CSS px high). */
  minWidth: 64,
  minHeight: 32,
  minInkPixels: 30,
  minExtentPx: 12,
  minExtentShareOfHeight: 0.08,
} as const;

export type SignaturePng = { ok: true; png: Uint8Array } | { ok: false; reason: 'invalid' | 'too-large' | 'too-small' | 'no-ink' };

/**
 * Decodes a `data:image/png;base64,…` URL: a real PNG within the byte limit whose declared and inflated size are
 * bounded, at least the size of a signature field, and with enough visible ink (signatureInkRules).
 */
export async function decodePngDataUrl(dataUrl: string): Promise<SignaturePng> {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match?.[1]) return { ok: false, reason: 'invalid' };
  if (match[1].length > (maxSignatureBytes * 4) / 3 + 4) return { ok: false, reason: 'too-large' };
  const bytes = Buffer.from(match[1], 'base64');
  if ((await detectFileType(bytes, ['png'])) === undefined) return { ok: false, reason: 'invalid' };
  const read = readPng(bytes);
  if (!read.ok) return { ok: false, reason: read.reason === 'too-large' ? 'too-large' : 'invalid' };
  const { width, height } = read.image;
  if (width < signatureInkRules.minWidth || height < signatureInkRules.minHeight) return { ok: false, reason: 'too-small' };
  const ink = measureInk(read.image);
  if (!ink) return { ok: false, reason: 'invalid' };
  const minExtent = Math.max(signatureInkRules.minExtentPx, Math.round(height * signatureInkRules.minExtentShareOfHeight));
  if (ink.inkPixels < signatureInkRules.minInkPixels || Math.max(ink.boxWidth, ink.boxHeight) < minExtent) return { ok: false, reason: 'no-ink' };
  return { ok: true, png: bytes };
}

export async function unsignedPowerOfAttorney(row: CaseFileTable, now: Date, firm: FirmDetails): Promise<{ fileName: string; pdf: Uint8Array }> {
  return { fileName: `Vollmacht-${row.case_number}.pdf`, pdf: await renderPowerOfAttorneyPdf(powerOfAttorneyInput(row, now, firm)) };
}

/**
 * Signs the Vollmacht once, while the mandate is open. The signature is reserved atomically before the slow PDF
 * work: of parallel submissions exactly one proceeds, the others get 409 (as does every one after the mandate
 * ended); a failure gives it back.
 */
export async function signPowerOfAttorney(
  deps: { db: CaseFileDb; dataDir: string; firm?: FirmDetails },
  row: CaseFileTable,
  signature: { png: Uint8Array; place: string },
  now: Date,
): Promise<CaseFileDocumentTable> {
  const signedAt = now.toISOString();
  if (!(await reserveSignature(deps.db, row.id, signedAt))) {
    // Refused by the write itself: already signed, or the lawyer ended the mandate since the route looked.
    if ((await findCaseById(deps.db, row.id))?.closed === 1) throw closedCaseFile.powerOfAttorney();
    throw caseFileError('AlreadySigned', 'Die Vollmacht wurde bereits unterschrieben.');
  }
  let signed: Uint8Array;
  try {
    const input = powerOfAttorneyInput(row, now, deps.firm);
    signed = await signPowerOfAttorneyPdf(await renderPowerOfAttorneyPdf(input, { signingHint: false }), {
      png: signature.png,
      place: signature.place,
      date: now,
      signer: input.clientName,
    });
  } catch {
    // A PNG that passes the checks but cannot be decoded: give the reservation back so the client can sign again.
    await releaseSignature(deps.db, row.id, signedAt);
    throw caseFileError('InvalidSignature', 'Die Unterschrift konnte nicht gelesen werden. Bitte unterschreiben Sie erneut.');
  }
  let stored;
  try {
    stored = await storeDocument(deps.db, deps.dataDir, {
      caseFileId: row.id,
      fileName: `Vollmacht-${row.case_number}-unterschrieben.pdf`,
      contentType: 'application/pdf',
      bytes: signed,
      uploadedBy: 'system',
      now,
    });
  } catch (error) {
    await releaseSignature(deps.db, row.id, signedAt);
    throw error;
  }
  await addHistory(deps.db, row.id, { kind: 'PowerOfAttorneySigned', title: 'Vollmacht unterschrieben', text: `Unterschrieben in ${signature.place}.` }, now);
  return stored;
}
