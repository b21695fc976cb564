// The case status the client sees, derived from the case, its latest chat and its rating.
import type { CaseStatus } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import type { CasesTable } from './tables.js';
import { findCaseStatusFacts } from './caseQueries.js';
import { isAddressConfirmed } from './protocolConfirmationQueries.js';

/**
 * Disabled: the case can no longer be continued in the chat (closed by inactivity,
 * or closed and rated). SecondLevelEnabled comes from the customer's contract.
 */
export async function caseStatus(db: Db, theCase: CasesTable): Promise<CaseStatus> {
  const { latestChat: chat, ratingStars, secondLevelEnabled, openCallback, lawyerName, lawyerTookPart } = await findCaseStatusFacts(db, theCase);
  const closed = chat?.state === 'closed';
  const confirmedEmail = theCase.verified_email === 1 && theCase.email !== null && theCase.email !== '' ? theCase.email : null;
  const protocolEmail = theCase.protocol_email ?? (lawyerTookPart ? confirmedEmail : null);
  return {
    CaseRating: ratingStars ?? null,
    ParticipantEnteredEmail: theCase.email !== null && theCase.email !== '',
    RequestPhoneNumber: theCase.request_phone_number === 1,
    LawyerConnected: chat?.state === 'active',
    CaseClosed: closed,
    Disabled: theCase.disabled === 1 || (closed && ratingStars !== undefined),
    SecondLevelEnabled: secondLevelEnabled === 1,
    // The client asked for a callback while waiting: a reload or the chat link again must not offer it a second time.
    CallbackRequested: openCallback,
    // The address the protocol was mailed to, or goes to once a lawyer took part (protocolMail.ts mailProtocolIfConfirmed).
    ProtocolEmail: protocolEmail,
    // Not mailed yet and the address never confirmed by its link: a confirmation mail goes there first (protocolRequest.ts).
    ProtocolConfirmationPending:
      theCase.protocol_email === null && protocolEmail !== null && !(await isAddressConfirmed(db, theCase.participant_id, protocolEmail)),
    LawyerName: lawyerName ?? null,
    // Only then does the server issue a usage confirmation (usageConfirmationInput) and a protocol.
    LawyerTookPart: lawyerTookPart,
  };
}
