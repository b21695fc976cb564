// The PDF worker thread: documents are drawn off the event loop, one at a time; a document over its budget – counted
// from when the worker starts it, not while it waits – is stopped (which only a thread can be: fontkit's work is
// synchronous) and the others go on in a new worker, and a renderer's own error reaches the caller without ending the
// worker.
import { afterEach, describe, expect, it } from 'vitest';
import { PdfRenderError, createPdfRenderThread, type PdfRenderThread } from '../../src/platform/pdf/pdfRenderThread.js';
import { pdfText } from './pdfText.js';

const confirmation = { caseId: 'case-1', date: new Date('2026-12-03T10:00:00Z'), fieldOfLaw: 'Arbeitsrecht', lawyerName: 'RA Schäfer' };

function longProtocol(messages: number) {
  return {
    caseNumber: 'RC-LONG',
    messages: Array.from({ length: messages }, (_, i) => ({
      authorName: i % 2 === 0 ? 'Frau Müller' : 'RA Schäfer',
      created: new Date(Date.UTC(2026, 11, 3, 8, 0, i)).toISOString(),
      text: `Nachricht ${i + 1}: ${'Ein längerer Absatz über den Sachverhalt, der umbrochen werden muss. '.repeat(8)}`,
    })),
  };
}

describe('PDF render thread', () => {
  let thread: PdfRenderThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it('should draw documents in a worker and hand back their bytes', async () => {
    thread = createPdfRenderThread();
    const [first, second] = await Promise.all([
      thread.render('renderUsageConfirmationPdf', confirmation),
      thread.render('renderChatProtocolPdf', longProtocol(3)),
    ]);
    expect(await pdfText(first)).toContain('RA Schäfer');
    expect(await pdfText(second)).toContain('Nachricht 3:');
  }, 30_000);

  it('should stop a document over its budget with PdfRenderError', async () => {
    thread = createPdfRenderThread({ budgetMs: 1 });
    await expect(thread.render('renderChatProtocolPdf', longProtocol(200))).rejects.toBeInstanceOf(PdfRenderError);
    await thread.close();
    thread = createPdfRenderThread();
    expect(await pdfText(await thread.render('renderUsageConfirmationPdf', confirmation))).toContain('Arbeitsrecht');
  }, 30_000);

  it('should not count the time a document waits behind others against its budget', async () => {
    // The budget is six times what one protocol takes on this machine right now (a runner whose other test workers
    // start later draws three times slower at times: 3× failed so), and the burst together takes more than twice the
    // budget: only time spent waiting could fail one of them.
    const probe = createPdfRenderThread();
    await probe.render('renderUsageConfirmationPdf', confirmation);
    const started = performance.now();
    await probe.render('renderChatProtocolPdf', longProtocol(60));
    const one = performance.now() - started;
    await probe.close();
    const budgetMs = Math.max(3000, Math.ceil(6 * one));
    const count = Math.ceil((2 * budgetMs) / one) + 1;
    thread = createPdfRenderThread({ budgetMs });
    await thread.render('renderUsageConfirmationPdf', confirmation);
    const burst = await Promise.allSettled(Array.from({ length: count }, () => thread?.render('renderChatProtocolPdf', longProtocol(60))));
    expect(burst.map((result) => result.status)).toEqual(Array(count).fill('fulfilled'));
  }, 120_000);

  it('should fail only the document over its budget, and draw the ones waiting behind it', async () => {
    // The budget includes starting the replacement worker (through tsx here: seconds on a loaded runner), so it is
    // generous; the runaway takes far longer than any budget (thousands of messages, tens of seconds).
    thread = createPdfRenderThread({ budgetMs: 8000 });
    await thread.render('renderUsageConfirmationPdf', confirmation);
    const [runaway, after] = await Promise.allSettled([
      thread.render('renderChatProtocolPdf', longProtocol(4000)),
      thread.render('renderUsageConfirmationPdf', confirmation),
    ]);
    expect(runaway.status === 'rejected' && runaway.reason).toBeInstanceOf(PdfRenderError);
    expect(after.status === 'fulfilled' && (await pdfText(after.value))).toContain('Arbeitsrecht');
  }, 60_000);

  it("should pass a renderer's error to its caller and keep drawing", async () => {
    thread = createPdfRenderThread();
    const notAPdf = new TextEncoder().encode('kein PDF');
    await expect(thread.render('signPowerOfAttorneyPdf', notAPdf, { png: new Uint8Array(8), place: 'Berlin', date: new Date() })).rejects.toThrow();
    expect(await pdfText(await thread.render('renderUsageConfirmationPdf', confirmation))).toContain('Arbeitsrecht');
  }, 30_000);
});
