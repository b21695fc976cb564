// Where a protocol request leads: straight to the mail when the participant confirmed the address before (an earlier
// consultation's link), otherwise to a confirmation mail first (protocolConfirmation.ts). The same decision serves the
// offboarding's request and the address confirmed by retyping in the onboarding, mailed once the lawyer's part ends.
import type { Logger } from 'pino';
import { caseHadLawyer, caseHasRunningChat, findCase } from './caseQueries.js';
import { issueProtocolConfirmation } from './protocolConfirmation.js';
import { addressKey, findOpenConfirmation, isAddressConfirmed, touchConfirmedAddress } from './protocolConfirmationQueries.js';
import { sendProtocolOnce, type ProtocolMailDeps, type ProtocolMailOutcome } from './protocolMail.js';
import type { CasesTable } from './tables.js';

/**
 * `confirmationSent`: a confirmation mail went out now; `confirmationPending`: one to this address is still open
 * (a repeated request, a reload of the offboarding), so none is sent again. Both carry the link's end.
 */
export type ProtocolRequestOutcome =
  { readonly kind: ProtocolMailOutcome } | { readonly kind: 'confirmationSent' | 'confirmationPending'; readonly expiresAt: string };

export async function requestProtocolMail(deps: ProtocolMailDeps, theCase: CasesTable, email: string): Promise<ProtocolRequestOutcome> {
  if (!(await caseHadLawyer(deps.db, theCase.id))) return { kind: 'noConsultation' };
  if (await caseHasRunningChat(deps.db, theCase.id)) return { kind: 'consultationRunning' };
  // Once per case: a case whose protocol went out gets no confirmation mail either.
  if (theCase.protocol_sent_at !== null) return { kind: 'alreadySent' };
  const now = deps.clock.now().toISOString();
  if (await isAddressConfirmed(deps.db, theCase.participant_id, email)) {
    const outcome = await sendProtocolOnce(deps, theCase, email);
    if (outcome === 'sent') await touchConfirmedAddress(deps.db, theCase.participant_id, email, now);
    return { kind: outcome };
  }
  const open = await findOpenConfirmation(deps.db, theCase.id, now);
  if (open !== undefined && addressKey(open.email) === addressKey(email)) return { kind: 'confirmationPending', expiresAt: open.expires_at };
  return { kind: 'confirmationSent', expiresAt: await issueProtocolConfirmation(deps, theCase, email) };
}

/** After the lawyer's part ended: the address confirmed by retyping in the onboarding gets the protocol, or its link. */
export async function mailProtocolIfConfirmed(deps: ProtocolMailDeps, caseId: string): Promise<ProtocolRequestOutcome | { kind: 'noConfirmedAddress' }> {
  const theCase = await findCase(deps.db, caseId);
  if (!theCase || theCase.verified_email !== 1 || theCase.email === null || theCase.email === '') return { kind: 'noConfirmedAddress' };
  return requestProtocolMail(deps, theCase, theCase.email);
}

/** Fire-and-forget form for hub methods: the close is already committed, a mail failure is only logged. */
export function mailProtocolAfterClose(deps: ProtocolMailDeps & { readonly logger: Logger }, caseId: string): Promise<void> {
  return mailProtocolIfConfirmed(deps, caseId).then(
    (outcome) => deps.logger.info({ event: 'protocol-mail', outcome: outcome.kind }, 'protocol mail after close'),
    (error: unknown) => deps.logger.error({ event: 'protocol-mail-failed', err: error }, 'protocol mail after close failed'),
  );
}
