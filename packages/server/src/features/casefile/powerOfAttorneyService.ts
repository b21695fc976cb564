// Vollmacht: the unsigned PDF to read, and signing it with the drawn PNG, filed in the case as a document.
import { DomainError } from '../../platform/errors.js';
import { checkPng } from '../../platform/files/pngLimits.js';
import { renderPowerOfAttorneyPdf, signPowerOfAttorneyPdf } from '../../platform/pdf/powerOfAttorney.js';
import type { CaseFileDocumentTable, CaseFileTable } from '../../platform/storage/caseFileSchema.js';
import { releaseSignature, reserveSignature, type CaseFileDb } from './caseFileQueries.js';
import { storeDocument } from './documents.js';
import { detectFileType } from '../../platform/files/fileType.js';
import { addHistory } from './service.js';

const maxSignatureBytes = 512 * 1024;

function powerOfAttorneyInput(row: CaseFileTable, date: Date) {
  const address = [row.street, [row.postal_code, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    caseNumber: row.case_number,
    caseTitle: row.title,
    clientName: `${row.first_name} ${row.last_name}`,
    lawyerName: row.lawyer_name,
    date,
    ...(address ? { clientAddress: address } : {}),
  };
}

export type SignaturePng = { ok: true; png: Uint8Array } | { ok: false; reason: 'invalid' | 'too-large' };

/** Decodes a `data:image/png;base64,…` URL: a real PNG within the byte limit whose declared and inflated size are bounded. */
export async function decodePngDataUrl(dataUrl: string): Promise<SignaturePng> {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match?.[1]) return { ok: false, reason: 'invalid' };
  if (match[1].length > (maxSignatureBytes * 4) / 3 + 4) return { ok: false, reason: 'too-large' };
  const bytes = Buffer.from(match[1], 'base64');
  if ((await detectFileType(bytes, ['png'])) === undefined) return { ok: false, reason: 'invalid' };
  const check = checkPng(bytes);
  return check.ok ? { ok: true, png: bytes } : { ok: false, reason: check.reason === 'too-large' ? 'too-large' : 'invalid' };
}

export async function unsignedPowerOfAttorney(row: CaseFileTable, now: Date): Promise<{ fileName: string; pdf: Uint8Array }> {
  return { fileName: `Vollmacht-${row.case_number}.pdf`, pdf: await renderPowerOfAttorneyPdf(powerOfAttorneyInput(row, now)) };
}

/**
 * Signs the Vollmacht once. The signature is reserved atomically before the slow PDF work: of parallel
 * submissions exactly one proceeds, the others get 409 (issue 11, point 2); a failure gives it back.
 */
export async function signPowerOfAttorney(
  deps: { db: CaseFileDb; dataDir: string },
  row: CaseFileTable,
  signature: { png: Uint8Array; place: string },
  now: Date,
): Promise<CaseFileDocumentTable> {
  const signedAt = now.toISOString();
  if (!(await reserveSignature(deps.db, row.id, signedAt))) throw new DomainError('AlreadySigned', 'Die Vollmacht wurde bereits unterschrieben.');
  let signed: Uint8Array;
  try {
    signed = await signPowerOfAttorneyPdf(await renderPowerOfAttorneyPdf(powerOfAttorneyInput(row, now)), {
      png: signature.png,
      place: signature.place,
      date: now,
    });
  } catch {
    // A PNG that passes the checks but cannot be decoded: give the reservation back so the client can sign again.
    await releaseSignature(deps.db, row.id, signedAt);
    throw new DomainError('InvalidSignature', 'Die Unterschrift konnte nicht gelesen werden. Bitte unterschreiben Sie erneut.');
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
