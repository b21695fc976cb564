// The PDF worker thread: documents are drawn off the event loop, one at a time; a document over its budget – counted
// from when the worker starts it, not while it waits – is stopped (which only a thread can be: fontkit's work is
// synchronous) and the others go on in a new worker, and a renderer's own error reaches the caller without ending the
// worker. The queue and budget are tested with a stand-in worker whose documents take a wall time the test chooses.
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

/**
 * A stand-in for the PDF worker whose documents take as long as the test says (`caseId: 'takes 250 ms'`): it blocks in
 * Atomics.wait – synchronous, like fontkit's work, so only ending the thread stops it, but without burning a core – and
 * answers with the case id and its thread id as the "PDF".
 */
const TIMED_WORKER = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort, threadId } from 'node:worker_threads';
    const blocked = new Int32Array(new SharedArrayBuffer(4));
    parentPort.on('message', ({ id, args: [{ caseId }] }) => {
      Atomics.wait(blocked, 0, 0, Number(/takes (\\d+) ms/.exec(caseId)[1]));
      const pdf = new TextEncoder().encode(JSON.stringify({ caseId, threadId }));
      parentPort.postMessage({ id, ok: true, pdf }, [pdf.buffer]);
    });
  `)}`,
);
const takes = (ms: number) => ({ ...confirmation, caseId: `takes ${ms} ms` });
const answer = (pdf: Uint8Array) => JSON.parse(new TextDecoder().decode(pdf)) as { caseId: string; threadId: number };

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
    // Each document takes a fifth of the budget, and the burst together more than twice the budget: only time spent
    // waiting could fail one of them.
    const budgetMs = 1500;
    const count = 11;
    thread = createPdfRenderThread({ budgetMs, workerUrl: TIMED_WORKER });
    await thread.render('renderUsageConfirmationPdf', takes(0)); // the worker is up
    const started = performance.now();
    const burst = await Promise.allSettled(Array.from({ length: count }, () => thread?.render('renderUsageConfirmationPdf', takes(300))));
    expect(performance.now() - started).toBeGreaterThan(2 * budgetMs);
    expect(burst.map((result) => result.status)).toEqual(Array(count).fill('fulfilled'));
  });

  it('should fail only the document over its budget, and draw the ones waiting behind it in a new worker', async () => {
    // The budget of the document behind the runaway includes starting the new worker (tens of milliseconds, more on a
    // loaded runner); the runaway would take ten minutes.
    thread = createPdfRenderThread({ budgetMs: 1500, workerUrl: TIMED_WORKER });
    const before = answer(await thread.render('renderUsageConfirmationPdf', takes(0)));
    const started = performance.now();
    const [runaway, after] = await Promise.allSettled([
      thread.render('renderUsageConfirmationPdf', takes(600_000)),
      thread.render('renderUsageConfirmationPdf', takes(0)),
    ]);
    expect(runaway.status === 'rejected' && runaway.reason).toBeInstanceOf(PdfRenderError);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(after.status).toBe('fulfilled');
    const drawnAfter = answer(after.status === 'fulfilled' ? after.value : new Uint8Array());
    expect(drawnAfter.caseId).toBe('takes 0 ms');
    expect(drawnAfter.threadId).not.toBe(before.threadId);
  });

  it("should pass a renderer's error to its caller and keep drawing", async () => {
    thread = createPdfRenderThread();
    const notAPdf = new TextEncoder().encode('kein PDF');
    await expect(thread.render('signPowerOfAttorneyPdf', notAPdf, { png: new Uint8Array(8), place: 'Berlin', date: new Date() })).rejects.toThrow();
    expect(await pdfText(await thread.render('renderUsageConfirmationPdf', confirmation))).toContain('Arbeitsrecht');
  }, 30_000);
});
