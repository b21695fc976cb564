// The protocol mail's double opt-in (GDPR Art. 5(1)(f), 32): an address typed in the chat is only retyped, so a typo
// would send confidential legal advice to a stranger. To an address the participant has not confirmed yet a short
// confirmation mail goes first; its link (`/protokoll/bestaetigen#<token>`, 256 random bits, stored as SHA-256 only,
// 48 hours, single use) leads to a page whose button POSTs the token – a mail scanner that fetches links confirms
// nothing. Only then is the protocol mailed, and the address remembered for the person's later consultations.
// The link needs no session: it is read on another device or long after the chat's 30 idle minutes, and holding it
// proves the mailbox, which is where the protocol goes. A link that expired unused can be renewed from its page: a new
// link to the same stored address, a few times, for a month after the expiry (renewProtocolConfirmation).
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
  replaceExpiredConfirmation,
  undoRenewal,
  useConfirmation,
} from './protocolConfirmationQueries.js';
import { sendProtocolOnce, webOriginFor, type ProtocolMailDeps } from './protocolMail.js';
import type { CasesTable, ProtocolMailConfirmationsTable } from './tables.js';

/** How long a confirmation link works: two days cover a weekend's look into the mailbox. */
export const PROTOCOL_CONFIRMATION_LIFETIME_MS = 48 * 3_600_000;

const linkInvalid = () =>
  chatError(
    'ProtocolLinkInvalid',
    'Dieser Link ist ungültig oder wurde durch einen neueren ersetzt. Bitte öffnen Sie den Link aus der neuesten E-Mail zu Ihrem Chatprotokoll.',
  );
const linkExpired = () =>
  chatError(
    'ProtocolLinkExpired',
    'Dieser Link ist abgelaufen. Sie können das Protokoll im Chat über Ihren persönlichen Link unter „Chatprotokoll herunterladen“ abrufen.',
  );
const linkUsed = () => chatError('ProtocolLinkUsed', 'Mit diesem Link wurde das Protokoll bereits angefordert. Bitte sehen Sie in Ihrem Postfach nach.');

/** How often an expired unused link may be renewed from its page: three more mails to an unconfirmed address at most. */
export const PROTOCOL_CONFIRMATION_MAX_RENEWALS = 3;
/**
 * How long after its expiry an unused link may still be renewed (and is kept for it; the retention job deletes it
 * then): a month covers a holiday away from the mailbox, and never beyond the case's own retention or erasure.
 */
export const PROTOCOL_CONFIRMATION_RENEWABLE_MS = 30 * 24 * 3_600_000;

const renewalLimit = () =>
  chatError(
    'ProtocolLinkRenewalLimit',
    `Für diesen Link wurde schon ${PROTOCOL_CONFIRMATION_MAX_RENEWALS}-mal ein neuer gesendet. Sie können das Protokoll im Chat über Ihren persönlichen Link unter „Chatprotokoll herunterladen“ abrufen.`,
  );
const linkStillOpen = () => chatError('ProtocolLinkStillOpen', 'Dieser Link ist noch gültig. Bitte bestätigen Sie mit ihm.');
const alreadySent = () =>
  chatError('ProtocolAlreadySent', 'Das Protokoll dieser Beratung wurde bereits per E-Mail gesendet. Bitte sehen Sie in Ihrem Postfach nach.');

/** A new link to `email` for the case, `renewals` after the first: the token (only in the mail) and its row. */
function newLink(theCase: CasesTable, email: string, now: Date, renewals: number): { token: string; row: ProtocolMailConfirmationsTable } {
  const token = newSecret();
  const row: ProtocolMailConfirmationsTable = {
    token_hash: sha256(token),
    case_id: theCase.id,
    participant_id: theCase.participant_id,
    email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + PROTOCOL_CONFIRMATION_LIFETIME_MS).toISOString(),
    used_at: null,
    renewals,
  };
  return { token, row };
}

async function mailLink(deps: ProtocolMailDeps, theCase: CasesTable, token: string, row: ProtocolMailConfirmationsTable): Promise<void> {
  const origin = webOriginFor(deps.config.webOrigins, theCase.override_domain).replace(/\/+$/, '');
  await deps.mailer.send(
    confirmationMail({
      to: row.email,
      link: `${origin}/protokoll/bestaetigen#${token}`,
      expiresAt: row.expires_at,
      reference: caseReferenceOf(theCase.id),
      firm: (await firmIssuer(deps)).name,
    }),
  );
}

/** Sends the confirmation mail for `email`; the case's older unused link stops working. Returns when the new one ends. */
export async function issueProtocolConfirmation(deps: ProtocolMailDeps, theCase: CasesTable, email: string): Promise<string> {
  const { token, row } = newLink(theCase, email, deps.clock.now(), 0);
  await insertReplacingOpenConfirmations(deps.db, row);
  try {
    await mailLink(deps, theCase, token, row);
  } catch (error) {
    // Nobody got the link: it goes, so the next request issues a new one.
    await deleteConfirmation(deps.db, row.token_hash);
    throw error;
  }
  return row.expires_at;
}

/** The stored link of `token`, used or not, expired or not; unknown (or malformed) is refused as invalid. */
async function knownLink(deps: ProtocolMailDeps, token: string): Promise<ProtocolMailConfirmationsTable> {
  if (token.length < 20 || token.length > 100) throw linkInvalid();
  const link = await findConfirmation(deps.db, sha256(token));
  if (link === undefined) throw linkInvalid();
  return link;
}

/** The open link of `token`, or the refusal the page explains. */
async function openLink(deps: ProtocolMailDeps, token: string): Promise<ProtocolMailConfirmationsTable> {
  const link = await knownLink(deps, token);
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

/**
 * „Neuen Bestätigungslink senden“ on the page of an expired link: a new link (48 hours) to the same stored address –
 * the person names none – replacing the expired one. A used or unknown link is refused as neutrally as by the
 * confirmation (404); so is one past its renewal time or whose case ends (retention, erasure). At most
 * PROTOCOL_CONFIRMATION_MAX_RENEWALS renewals per chain of links; a mail that fails gives the expired link back.
 */
export async function renewProtocolConfirmation(deps: ProtocolMailDeps & { readonly logger: Logger }, token: string): Promise<ProtocolConfirmationInfo> {
  const link = await knownLink(deps, token);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  if (link.used_at !== null) throw linkInvalid();
  if (link.expires_at > nowIso) throw linkStillOpen();
  if (Date.parse(link.expires_at) + PROTOCOL_CONFIRMATION_RENEWABLE_MS <= now.getTime()) throw linkInvalid();
  const theCase = await findCase(deps.db, link.case_id);
  if (theCase === undefined || theCase.retention_until <= nowIso || (theCase.erasure_requested_at ?? null) !== null) throw linkInvalid();
  if (theCase.protocol_sent_at !== null) throw alreadySent();
  if (link.renewals >= PROTOCOL_CONFIRMATION_MAX_RENEWALS) throw renewalLimit();
  const renewed = newLink(theCase, link.email, now, link.renewals + 1);
  // Another renewal (a second click) was faster: its mail is on the way, this link is gone.
  if (!(await replaceExpiredConfirmation(deps.db, link.token_hash, renewed.row))) throw linkInvalid();
  try {
    await mailLink(deps, theCase, renewed.token, renewed.row);
  } catch (error) {
    await undoRenewal(deps.db, renewed.row.token_hash, link);
    throw error;
  }
  deps.logger.info({ event: 'protocol-confirmation-renewed', renewals: renewed.row.renewals }, 'protocol confirmation link renewed');
  return { Reference: caseReferenceOf(theCase.id), Email: link.email, ExpiresAt: renewed.row.expires_at };
}
