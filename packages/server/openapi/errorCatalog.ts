// Every `{ Error, Message }` code the server answers with, by the module that declares it, for `npm run openapi`.
// The platform's generic codes and its fixed answers come first; each module with its own codes declares them with
// `errorCodes` beside its code (test/errorCatalog.test.ts fails when a declaration is missing here).
import { accountLinkError } from '../src/features/admin/accountLinks.js';
import { chatError } from '../src/features/chat/chatErrors.js';
import { lawyerError } from '../src/features/lawyer/lawyerErrors.js';
import { caseFileError } from '../src/features/casefile/caseFileErrors.js';
import { sharedDocumentError } from '../src/features/casefile/sharedDocumentWithdrawal.js';
import { withdrawalError } from '../src/features/casefile/withdrawalErrors.js';
import { handoverError } from '../src/features/casefile/handoverErrors.js';
import { platformErrorCodes, type ErrorStatuses } from '../src/platform/errors.js';
import { malwareScanError } from '../src/platform/files/malwareScan.js';
import { storageError } from '../src/platform/files/storeFile.js';
import { archiveError } from '../src/platform/files/zipInspection.js';
import { serviceHoursError } from '../src/platform/serviceHours.js';

/** Code → HTTP status, by owner. A hub completion carries the same `{ Error, Message }` without a status. */
export const errorCatalog: Readonly<Record<string, ErrorStatuses>> = {
  platform: {
    ...platformErrorCodes,
    // Fixed answers of the platform's HTTP layer (platform/http/errors.ts, security.ts) and the Sentry tunnel.
    MethodNotAllowed: 405,
    NotAcceptable: 406,
    CrossSiteRequest: 403,
    TooManyRequests: 429,
    InternalError: 500,
    UnknownDsn: 400,
  },
  serviceHours: serviceHoursError.statuses,
  malwareScan: malwareScanError.statuses,
  // ZIP containers refused by their entries (platform/files/zipInspection.ts), in the chat and the case file.
  archive: archiveError.statuses,
  // An upload's bytes could not be written (platform/files/storeFile.ts): a full disk 507, any other write error 503.
  storage: storageError.statuses,
  // The case-file API's scope answers framework errors with two codes of its own (caseFileErrorTexts).
  casefile: { ...caseFileError.statuses, InvalidJson: 400, FileTooLarge: 413 },
  // Withdrawing a case file created by mistake (lawyer API) and the withdrawn file's link (case-file API).
  caseFileWithdrawal: withdrawalError.statuses,
  // Handing one case file over to a colleague (lawyer API).
  caseFileHandover: handoverError.statuses,
  // Withdrawing a document the firm shared (lawyer API): the client's own documents stay.
  sharedDocument: sharedDocumentError.statuses,
  chat: chatError.statuses,
  lawyer: lawyerError.statuses,
  // The account links (features/admin) refuse a name or phone number with their own codes, a password with the lawyer's.
  admin: accountLinkError.statuses,
  // The hub's own HTTP answers (negotiate); its completions add the generic HubError, which has no status.
  hub: { OriginNotAllowed: 403 },
};

/** The code of a refused hub invocation that no module names more precisely (platform codes included). */
export { HUB_ERROR as HUB_GENERIC_CODE } from '../src/hub/hubError.js';
