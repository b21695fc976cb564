// Everything that needs pdf-lib: loaded on demand through index.ts.
export { renderChatProtocolPdf } from './chatProtocol.js';
export { renderUsageConfirmationPdf } from './usageConfirmation.js';
export { renderPowerOfAttorneyPdf, signPowerOfAttorneyPdf } from './powerOfAttorney.js';
