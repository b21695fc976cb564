// Vollmacht: GET renders the unsigned PDF to read; POST signs it with the drawn PNG and files it in the case.
import type { FastifyInstance } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import { decode, PowerOfAttorneySignature } from '@rechtschat/core';
import { renderPowerOfAttorneyPdf, signPowerOfAttorneyPdf } from '../../platform/pdf/powerOfAttorney.js';
import type { CaseFileTable } from '../../platform/storage/caseFileSchema.js';
import { requireCase, type CaseFileContext, type TokenRequest } from './context.js';
import { sendFile } from './documentRoutes.js';
import { storeDocument, toCaseDocument } from './documents.js';
import { detectFileType } from '../../platform/files/fileType.js';
import { messages, sendError } from './httpErrors.js';
import { checkPng } from '../../platform/files/pngLimits.js';
import { addHistory } from './service.js';

const maxSignatureBytes = 512 * 1024;

function powerOfAttorneyInput(row: CaseFileTable, date: Date) {
  const address = [row.street, [row.postal_code, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { caseNumber: row.case_number, caseTitle: row.title, clientName: `${row.first_name} ${row.last_name}`, lawyerName: row.lawyer_name, date, ...(address ? { clientAddress: address } : {}) };
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

export function registerPowerOfAttorneyRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  app.get('/:token/power-of-attorney', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    if (!row) return reply;
    const pdf = await renderPowerOfAttorneyPdf(powerOfAttorneyInput(row, ctx.now()));
    return sendFile(reply, `Vollmacht-${row.case_number}.pdf`, 'application/pdf', pdf, 'inline');
  });

  app.post('/:token/power-of-attorney', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    if (!row) return reply;
    const body = decode(PowerOfAttorneySignature, request.body);
    const place = E.isRight(body) ? body.right.Place.trim() : '';
    if (E.isLeft(body) || place === '' || place.length > 100) return sendError(reply, 400, 'InvalidInput', messages.invalidInput);
    const signature = await decodePngDataUrl(body.right.SignatureImage);
    if (!signature.ok && signature.reason === 'too-large') {
      ctx.log.warn({ event: 'casefile.signature.too_large', caseFileId: row.id, ip: request.ip }, 'signature image refused: declared or decoded size too large');
      return sendError(reply, 413, 'SignatureTooLarge', 'Das Unterschriftsbild ist zu groß. Bitte unterschreiben Sie erneut.');
    }
    if (!signature.ok) return sendError(reply, 400, 'InvalidInput', messages.invalidInput);
    const now = ctx.now();
    const signedAt = now.toISOString();
    // Reserve the signature atomically before the slow PDF work: of parallel submissions exactly one sets the
    // column, the others get 409 (issue 11, point 2).
    const reserved = await ctx.db
      .updateTable('case_files')
      .set({ power_of_attorney_signed_at: signedAt, updated_at: signedAt })
      .where('id', '=', row.id)
      .where('power_of_attorney_signed_at', 'is', null)
      .executeTakeFirst();
    if (Number(reserved.numUpdatedRows) !== 1) return sendError(reply, 409, 'AlreadySigned', 'Die Vollmacht wurde bereits unterschrieben.');
    const release = () => ctx.db.updateTable('case_files').set({ power_of_attorney_signed_at: null }).where('id', '=', row.id).where('power_of_attorney_signed_at', '=', signedAt).execute();
    let signed: Uint8Array;
    try {
      signed = await signPowerOfAttorneyPdf(await renderPowerOfAttorneyPdf(powerOfAttorneyInput(row, now)), { png: signature.png, place, date: now });
    } catch {
      // A PNG that passes the checks but cannot be decoded: give the reservation back so the client can sign again.
      await release();
      return sendError(reply, 400, 'InvalidSignature', 'Die Unterschrift konnte nicht gelesen werden. Bitte unterschreiben Sie erneut.');
    }
    let stored;
    try {
      stored = await storeDocument(ctx.db, ctx.dataDir, { caseFileId: row.id, fileName: `Vollmacht-${row.case_number}-unterschrieben.pdf`, contentType: 'application/pdf', bytes: signed, uploadedBy: 'system', now });
    } catch (error) {
      await release();
      throw error;
    }
    await addHistory(ctx.db, row.id, { kind: 'PowerOfAttorneySigned', title: 'Vollmacht unterschrieben', text: `Unterschrieben in ${place}.` }, now);
    return reply.code(201).send(toCaseDocument(stored));
  });
}
