// Vollmacht: GET renders the unsigned PDF to read; POST signs it with the drawn PNG and files it in the case.
import type { FastifyInstance } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import { decode, PowerOfAttorneySignature } from '@rechtschat/core';
import { renderPowerOfAttorneyPdf, signPowerOfAttorneyPdf } from '../pdf/powerOfAttorney.js';
import type { CaseFileTable } from '../storage/caseFileSchema.js';
import { requireCase, type CaseFileContext, type TokenRequest } from './context.js';
import { sendFile } from './documentRoutes.js';
import { storeDocument, toCaseDocument } from './documents.js';
import { detectAllowedType } from './fileType.js';
import { messages, sendError } from './httpErrors.js';
import { addHistory } from './service.js';

const maxSignatureBytes = 512 * 1024;

function powerOfAttorneyInput(row: CaseFileTable, date: Date) {
  const address = [row.street, [row.postal_code, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { caseNumber: row.case_number, caseTitle: row.title, clientName: `${row.first_name} ${row.last_name}`, lawyerName: row.lawyer_name, date, ...(address ? { clientAddress: address } : {}) };
}

/** Decodes a `data:image/png;base64,…` URL; undefined unless it really is a PNG within the size limit. */
export function decodePngDataUrl(dataUrl: string): Uint8Array | undefined {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match?.[1] || match[1].length > (maxSignatureBytes * 4) / 3 + 4) return undefined;
  const bytes = Buffer.from(match[1], 'base64');
  return detectAllowedType(bytes)?.contentType === 'image/png' ? bytes : undefined;
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
    const png = E.isRight(body) ? decodePngDataUrl(body.right.SignatureImage) : undefined;
    const place = E.isRight(body) ? body.right.Place.trim() : '';
    if (!png || place === '' || place.length > 100) return sendError(reply, 400, 'InvalidInput', messages.invalidInput);
    if (row.power_of_attorney_signed_at) return sendError(reply, 409, 'AlreadySigned', 'Die Vollmacht wurde bereits unterschrieben.');
    const now = ctx.now();
    let signed: Uint8Array;
    try {
      signed = await signPowerOfAttorneyPdf(await renderPowerOfAttorneyPdf(powerOfAttorneyInput(row, now)), { png, place, date: now });
    } catch {
      // A PNG that passes the magic-byte check but cannot be decoded.
      return sendError(reply, 400, 'InvalidSignature', 'Die Unterschrift konnte nicht gelesen werden. Bitte unterschreiben Sie erneut.');
    }
    const stored = await storeDocument(ctx.db, ctx.dataDir, { caseFileId: row.id, fileName: `Vollmacht-${row.case_number}-unterschrieben.pdf`, contentType: 'application/pdf', bytes: signed, uploadedBy: 'system', now });
    await ctx.db.updateTable('case_files').set({ power_of_attorney_signed_at: now.toISOString(), updated_at: now.toISOString() }).where('id', '=', row.id).execute();
    await addHistory(ctx.db, row.id, { kind: 'PowerOfAttorneySigned', title: 'Vollmacht unterschrieben', text: `Unterschrieben in ${place}.` }, now);
    return reply.code(201).send(toCaseDocument(stored));
  });
}
