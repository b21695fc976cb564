export { caseFileRoutes, caseFilePrefix, type CaseFileRoutesOptions } from './routes.js';
export { createCaseFile, InvalidCaseFileInput, type CreatedCaseFile, type NewCaseFile, type CaseFileDb } from './service.js';
export { createArgon2PinHasher, type PinHasher } from './pin.js';
export { redactCaseFileTokens } from './redact.js';
