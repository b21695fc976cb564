// Vollmacht: GET renders the unsigned PDF to read; POST signs it with the drawn PNG and files it in the case. A
// signature without visible ink is refused before the Vollmacht counts as signed, so the client can sign again; a
// closed file (mandate ended) takes no signature (409).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PowerOfAttorneySignature } from '@rechtschat/core';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { caseFileError, closedCaseFile, invalidFields, invalidInput } from './caseFileErrors.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';
import { sharedWhileRunning } from '../../platform/sharedWhileRunning.js';
import { announceClientChange, requireCase, TokenParams, type CaseFileContext, type TokenRequest } from './context.js';
import { sendFile } from './documentRoutes.js';
import { checkPlace } from './validation.js';
import { toCaseDocument } from './documents.js';
import { decodePngDataUrl, signPowerOfAttorney, unsignedPowerOfAttorney } from './powerOfAttorneyService.js';

/** The rate limit's key of a case-file link: a hash, so the link's secret is not kept in the counter's store (Redis). */
const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 22);

export function registerPowerOfAttorneyRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  // The unsigned Vollmacht is drawn by the one PDF worker that also draws every other client's protocol and Vollmacht:
  // requests for the same case file while it is being drawn share that drawing, and one case file gets 30 a minute – a
  // script asking hundreds of times had queued the other clients' documents behind its drawings for half a minute.
  // Counted per case file, not per address: clients behind one address (an office, a mobile carrier) do not use up
  // each other's (the PDF opens in a new window, where a 429 shows as raw JSON). Counted once the session is known to
  // hold the link, on top of the platform's per-address limit: as the route's own rate limit, keyed by the link in the
  // path, it replaced that limit – made-up links each got 30 a minute of their own, without end from one address, and
  // whoever held a client's link without the PIN used up the client's 30 (found from outside, 2026-12-07).
  const unsignedOf = sharedWhileRunning<{ fileName: string; pdf: Uint8Array }>();
  // The test harness of the case-file routes runs without the rate-limit plugin (no limit there, as for route limits).
  const perCaseFile = app.hasDecorator('createRateLimit')
    ? app.createRateLimit({ max: 30, timeWindow: '1 minute', keyGenerator: (request) => `vollmacht:${tokenKey((request as TokenRequest).params.token)}` })
    : undefined;
  app.get('/:token/power-of-attorney', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, request.params.token);
    const limit = await perCaseFile?.(request);
    if (limit && !limit.isAllowed && limit.isExceeded) {
      // The platform's rate-limit answer (platform/http/security.ts).
      return reply
        .code(429)
        .header('Retry-After', String(limit.ttlInSeconds))
        .send({ Error: 'TooManyRequests', Message: `Zu viele Anfragen. Bitte versuchen Sie es in ${limit.ttlInSeconds} Sekunden erneut.` });
    }
    const { fileName, pdf } = await unsignedOf(row.id, async () => {
      ctx.onPdfDrawn('power-of-attorney');
      return unsignedPowerOfAttorney(row, ctx.now(), await ctx.firmDetails());
    });
    return sendFile(reply, fileName, 'application/pdf', pdf, 'inline');
  });

  // Checking a drawn signature decodes an image on the event loop: a few attempts a minute are what a person needs.
  app
    .withTypeProvider<IoTsTypeProvider>()
    .post(
      '/:token/power-of-attorney',
      { schema: { params: TokenParams, body: PowerOfAttorneySignature }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const row = await requireCase(ctx, request, request.params.token);
        // An ended mandate takes no Vollmacht: refused before the image is decoded (and again in the reservation).
        if (row.closed === 1) throw closedCaseFile.powerOfAttorney();
        const body = bodyOf(request);
        // The place is printed on the PDF and shown in the history and the console: without bidi controls, as every
        // text the client writes, and named when it is missing, too long or no place name (the browser form's rules).
        const place = withoutBidiControls(body.Place).trim();
        const placeProblem = checkPlace(place);
        if (placeProblem !== undefined) throw invalidFields([placeProblem]);
        const signature = await decodePngDataUrl(body.SignatureImage);
        if (!signature.ok && signature.reason === 'too-large') {
          ctx.log.warn(
            { event: 'casefile.signature.too_large', caseFileId: row.id, ip: request.ip },
            'signature image refused: declared or decoded size too large',
          );
          throw caseFileError('SignatureTooLarge', 'Das Unterschriftsbild ist zu groß. Bitte unterschreiben Sie erneut.');
        }
        if (!signature.ok && signature.reason === 'too-small') {
          throw caseFileError('InvalidSignature', 'Das Unterschriftsbild ist zu klein. Bitte unterschreiben Sie erneut im Unterschriftenfeld.');
        }
        if (!signature.ok && signature.reason === 'no-ink') {
          throw caseFileError(
            'EmptySignature',
            'Die Unterschrift ist leer oder zu klein. Bitte unterschreiben Sie im Feld mit Ihrem Namen oder tippen Sie Ihren Namen ein.',
          );
        }
        if (!signature.ok) throw invalidInput();
        const stored = await signPowerOfAttorney(
          { db: ctx.db, dataDir: ctx.dataDir, firm: await ctx.firmDetails() },
          row,
          { png: signature.png, place },
          ctx.now(),
        );
        await announceClientChange(ctx, row);
        return reply.code(201).send(toCaseDocument(stored));
      },
    );
}
