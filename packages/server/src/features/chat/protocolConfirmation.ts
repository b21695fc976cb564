// The protocol mail's double opt-in (GDPR Art. 5(1)(f), 32): an address typed in the chat is only retyped, so a typo
// would send confidential legal advice to a stranger. To an address the participant has not confirmed yet a short
// confirmation mail goes first; its link (`/protokoll/bestaetigen#<token>`, 256 random bits, stored as SHA-256 only,
// 48 hours, single use) leads to a page whose button POSTs the token – a mail scanner that fetches links confirms
// nothing. Only then is the protocol mailed, and the address remembered for the person's later consultations.
// The link needs no session: it is read on another device or long after the chat's 30 idle minutes, and holding it
// proves the mailbox, which is where the protocol goes.
import { caseReferenceOf, type ProtocolConfirmationInfo, type ProtocolConfirmed } from '@rechtschat/core';
import type { Logger } from 'pino';
import { DomainError } from '../../platform/errors.js';
import { newSecret, sha256 } from '../../platform/ids.js';
import { firmIssuer } from '../firmDetails/index.js';
import { findCase } from './caseQueries.js';
import { chatError } from './chatErrors.js';
import { confirmationMail } from './protocolConfirmationMail.js';
import {
  deleteConfirmation,
  findConfirmation,
  insertReplacingOpenConfirmations,
  rememberConfirmedAddress,
  releaseConfirmation,
  useConfirmation,
} from './protocolConfirmationQueries.js';
import { sendProtocolOnce, webOriginFor, type ProtocolMailDeps } from './protocolMail.js';
import type { CasesTable, ProtocolMailConfirmationsTable } from './tables.js';

/** How long a confirmation link works: two days cover a weekend's look into the mailbox. */
export const PROTOCOL_CONFIRMATION_LIFETIME_MS = 48 * 3_600_000;

const linkInvalid = () =>
  chatError(
    'ProtocolLinkInvalid',
    'Dieser Link ist ungültig oder wurde durch einen neueren ersetzt. Bitte öffnen Sie den Link aus der neuesten E-Mail zu Ihrem Chat-Protokoll.',
  );
const linkExpired = () =>
  chatError(
    'ProtocolLinkExpired',
    'Dieser Link ist abgelaufen. Sie können das Protokoll im Chat über Ihren persönlichen Link unter „Chatprotokoll herunterladen“ abrufen.',
  );
const linkUsed = () => chatError('ProtocolLinkUsed', 'Mit diesem Link wurde das Protokoll bereits angefordert. Bitte sehen Sie in Ihrem Postfach nach.');

/** Sends the confirmation mail for `email`; the case's older unused link stops working. Returns when the new one ends. */
export async function issueProtocolConfirmation(deps: ProtocolMailDeps, theCase: CasesTable, email: string): Promise<string> {
  const now = deps.clock.now();
  const token = newSecret();
  const row: ProtocolMailConfirmationsTable = {
    token_hash: sha256(token),
    case_id: theCase.id,
    participant_id: theCase.participant_id,
    email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + PROTOCOL_CONFIRMATION_LIFETIME_MS).toISOString(),
    used_at: null,
  };
  await insertReplacingOpenConfirmations(deps.db, row);
  try {
    const origin = webOriginFor(deps.config.webOrigins, theCase.override_domain).replace(/\/+$/, '');
    await deps.mailer.send(
      confirmationMail({
        to: email,
        link: `${origin}/protokoll/bestaetigen#${token}`,
        expiresAt: row.expires_at,
        reference: caseReferenceOf(theCase.id),
        firm: (await firmIssuer(deps)).name,
      }),
    );
  } catch (error) {
    // Nobody got the link: it goes, so the next request issues a new one.
    await deleteConfirmation(deps.db, row.token_hash);
    throw error;
  }
  return row.expires_at;
}

/** The open link of `token`, or the refusal the page explains. */
async function openLink(deps: ProtocolMailDeps, token: string): Promise<ProtocolMailConfirmationsTable> {
  if (token.length < 20 || token.length > 100) throw linkInvalid();
  const link = await findConfirmation(deps.db, sha256(token));
  if (link === undefined) throw linkInvalid();
  if (link.used_at !== null) throw linkUsed();
  if (link.expires_at <= deps.clock.now().toISOString()) throw linkExpired();
  return link;
}

export async function inspectProtocolConfirmation(deps: ProtocolMailDeps, token: string): Promise<ProtocolConfirmationInfo> {
  const link = await openLink(deps, token);
  return { Reference: caseReferenceOf(link.case_id), Email: link.email, ExpiresAt: link.expires_at };
}

/**
 * Uses the link up, remembers the address as the participant's and mails the protocol to it (once per case, as
 * always: `AlreadySent` when it had gone out before). A send that fails gives the link back for another try.
 */
export async function confirmProtocolMail(deps: ProtocolMailDeps & { readonly logger: Logger }, token: string): Promise<ProtocolConfirmed> {
  const link = await openLink(deps, token);
  const theCase = await findCase(deps.db, link.case_id);
  if (theCase === undefined) throw linkInvalid();
  const now = deps.clock.now().toISOString();
  if (!(await useConfirmation(deps.db, link.token_hash, now))) {
    // Another click was faster, or the link ran out in between.
    throw (await findConfirmation(deps.db, link.token_hash))?.used_at ? linkUsed() : linkExpired();
  }
  await rememberConfirmedAddress(deps.db, link.participant_id, link.email, now);
  let outcome;
  try {
    outcome = await sendProtocolOnce(deps, theCase, link.email);
  } catch (error) {
    await releaseConfirmation(deps.db, link.token_hash);
    throw error;
  }
  if (outcome === 'consultationRunning' || outcome === 'noConsultation') {
    await releaseConfirmation(deps.db, link.token_hash);
    throw new DomainError('Conflict', 'Das Protokoll kann erst gesendet werden, wenn Ihre Beratung im Chat beendet ist.');
  }
  deps.logger.info({ event: 'protocol-mail-confirmed', outcome }, 'protocol address confirmed');
  return { Reference: caseReferenceOf(theCase.id), Email: link.email, AlreadySent: outcome === 'alreadySent' };
}
