export { renderChatProtocolPdf, type ChatProtocolInput } from './chatProtocol.js';
export { renderUsageConfirmationPdf, type UsageConfirmationInput } from './usageConfirmation.js';
export { renderPowerOfAttorneyPdf, signPowerOfAttorneyPdf } from './powerOfAttorney.js';
export { cleanText } from './textRuns.js';
