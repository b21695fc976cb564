// The PDF renderers in a worker thread (pdfRenderThread.ts): fontkit parses, shapes and subsets fonts per document,
// synchronously – 0.1–0.5 s for one page, seconds for a long protocol. Here that time is the worker's, not the event
// loop's, so chats, hub calls and requests go on while a protocol is drawn. Each request names a renderer and its
// arguments (plain data: strings, dates, bytes); the answer carries the PDF's bytes, transferred, not copied.
import { parentPort } from 'node:worker_threads';
import * as renderers from './renderers.js';
import type { PdfRenderRequest, PdfRenderResponse } from './pdfRenderThread.js';

const port = parentPort;
if (port === null) throw new Error('pdfWorker.ts runs only as a worker thread (platform/pdf/pdfRenderThread.ts).');

async function render(request: PdfRenderRequest): Promise<Uint8Array> {
  switch (request.renderer) {
    case 'renderChatProtocolPdf':
      return renderers.renderChatProtocolPdf(...request.args);
    case 'renderUsageConfirmationPdf':
      return renderers.renderUsageConfirmationPdf(...request.args);
    case 'renderPowerOfAttorneyPdf':
      return renderers.renderPowerOfAttorneyPdf(...request.args);
    case 'signPowerOfAttorneyPdf':
      return renderers.signPowerOfAttorneyPdf(...request.args);
  }
}

port.on('message', (request: PdfRenderRequest) => {
  render(request).then(
    (pdf) => {
      // Transfer the bytes when they own their buffer; a view into a larger one is copied instead.
      const owned = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : pdf.slice();
      const response: PdfRenderResponse = { id: request.id, ok: true, pdf: owned };
      port.postMessage(response, [owned.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const response: PdfRenderResponse = {
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        name: error instanceof Error ? error.name : 'Error',
      };
      port.postMessage(response);
    },
  );
});
