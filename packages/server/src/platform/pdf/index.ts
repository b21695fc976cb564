// The PDF documents of the product. Rendering needs pdf-lib, fontkit and the fonts (about 8 MB of heap) and takes
// from a tenth of a second to seconds of synchronous work per document: it runs in a worker thread of its own
// (pdfRenderThread.ts), started with the first document, so the event loop keeps serving chats meanwhile and a
// process that never renders never loads pdf-lib.
import { createPdfRenderThread } from './pdfRenderThread.js';
import type * as Renderers from './renderers.js';

export type { ChatProtocolInput } from './chatProtocol.js';
export type { UsageConfirmationInput } from './usageConfirmation.js';
export type { PowerOfAttorneyInput } from './powerOfAttorney.js';
export { cleanText } from './textRuns.js';

const thread = createPdfRenderThread();

export const renderChatProtocolPdf: typeof Renderers.renderChatProtocolPdf = (...args) => thread.render('renderChatProtocolPdf', ...args);
export const renderUsageConfirmationPdf: typeof Renderers.renderUsageConfirmationPdf = (...args) => thread.render('renderUsageConfirmationPdf', ...args);
export const renderPowerOfAttorneyPdf: typeof Renderers.renderPowerOfAttorneyPdf = (...args) => thread.render('renderPowerOfAttorneyPdf', ...args);
export const signPowerOfAttorneyPdf: typeof Renderers.signPowerOfAttorneyPdf = (...args) => thread.render('signPowerOfAttorneyPdf', ...args);
