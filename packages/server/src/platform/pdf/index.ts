export { renderChatProtocolPdf, type ChatProtocolInput, type ProtocolMessage } from './chatProtocol.js';
export { renderUsageConfirmationPdf, type UsageConfirmationInput } from './usageConfirmation.js';
export { renderPowerOfAttorneyPdf, signPowerOfAttorneyPdf, type PowerOfAttorneyInput, type SignatureInput } from './powerOfAttorney.js';
export { cleanText } from './textRuns.js';
