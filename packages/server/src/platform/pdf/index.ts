// The PDF documents of the product. Rendering needs pdf-lib, fontkit and the fonts (about 8 MB of heap and a
// longer garbage collection for every process that holds them), but most processes render a PDF rarely or never:
// the renderers are loaded with the first document, in their own chunk of the production bundle.
import type * as Renderers from './renderers.js';

export type { ChatProtocolInput } from './chatProtocol.js';
export type { UsageConfirmationInput } from './usageConfirmation.js';
export { cleanText } from './textRuns.js';

let renderers: Promise<typeof Renderers> | undefined;
const loadRenderers = () => (renderers ??= import('./renderers.js'));

export const renderChatProtocolPdf: typeof Renderers.renderChatProtocolPdf = async (...args) => (await loadRenderers()).renderChatProtocolPdf(...args);
export const renderUsageConfirmationPdf: typeof Renderers.renderUsageConfirmationPdf = async (...args) =>
  (await loadRenderers()).renderUsageConfirmationPdf(...args);
export const renderPowerOfAttorneyPdf: typeof Renderers.renderPowerOfAttorneyPdf = async (...args) => (await loadRenderers()).renderPowerOfAttorneyPdf(...args);
export const signPowerOfAttorneyPdf: typeof Renderers.signPowerOfAttorneyPdf = async (...args) => (await loadRenderers()).signPowerOfAttorneyPdf(...args);
