// Customer entry: the base64 InsuranceNumber of the chat link becomes a participant.
// Production accepts only signed entry tokens; demo mode also accepts a bare number.
import type { CurrentUser } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { isUniqueViolation } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import { ENTRY_TOKEN_CLOCK_TOLERANCE_S, entryTokenKid, verifyEntryToken, type EntryRejection } from './entryToken.js';
import { normaliseInsuranceNumber } from './insuranceNumber.js';
import { entryKeyOf, findInsurerDisplayNameOfParticipant, noteEntryKeyUse, recordFirstEntryKeyUse } from '../insurers/index.js';
import { hmac, newId } from '../../platform/ids.js';
import {
  findLatestCaseIdOfParticipant,
  findOpenChatCaseIdOfParticipant,
  findParticipantIdByNumberHash,
  findUnansweredPhoneRequestCaseId,
  insertCustomerWithParticipant,
  insertUsedEntryToken,
} from './customerQueries.js';

export interface CustomerDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly production: boolean;
  readonly entryTokenSecret: string | null;
  readonly sessionSecret: string;
  /** For what must not refuse a login but should be seen (the key's last use not recorded). */
  readonly log?: { warn(obj: object, msg: string): void };
}

const BARE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{3,39}$/;
/** The shape of a compact JWS (header.payload.signature, base64url). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * A refused chat link. The client sees only the one uniform 401 (code and message are the same for every reason);
 * `reason` and `kid` are for the operator's log and metric (productRoutes.ts), never the answer.
 */
export class EntryRefused extends DomainError {
  constructor(
    readonly reason: EntryRejection,
    readonly kid: string | null = null,
  ) {
    super('NotAuthenticated', 'Der Zugangslink ist ungültig oder abgelaufen.');
  }
}
export const rejected = (reason: EntryRejection, kid: string | null = null) => new EntryRefused(reason, kid);

function decodeBase64(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const text = Buffer.from(trimmed, 'base64').toString('utf8');
  return text.includes('\uFFFD') ? null : text;
}

async function consumeJti(db: Db, jti: string, exp: number): Promise<boolean> {
  // Kept until the token is refused anyway (exp plus the clock tolerance), so retention never reopens a replay window.
  const expiresAt = new Date((exp + ENTRY_TOKEN_CLOCK_TOLERANCE_S) * 1000).toISOString();
  try {
    await insertUsedEntryToken(db, jti, expiresAt);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Who signed the client in: the insurance number and its insurer (null: the single-insurer default). */
export interface Entrant {
  readonly number: string;
  readonly insurerId: string | null;
  /** The key that signed the token (null: ENTRY_TOKEN_SECRET or a bare number) – for the log, so a rotation can be followed. */
  readonly kid: string | null;
}

/** The secret that must have signed the token: the insurer key its `kid` names, or ENTRY_TOKEN_SECRET without a kid. */
async function signingKeyOf(
  deps: CustomerDeps,
  token: string,
): Promise<{ secret: string; insurerId: string | null; revoked: boolean; kid: string | null; used: boolean }> {
  const kid = entryTokenKid(token);
  if (kid === null) throw rejected('malformed');
  if (kid === undefined) {
    if (deps.entryTokenSecret === null) throw rejected('unknownKid');
    return { secret: deps.entryTokenSecret, insurerId: null, revoked: false, kid: null, used: true };
  }
  const key = await entryKeyOf(deps, kid);
  if (key.kind === 'unknown') throw rejected('unknownKid', kid);
  return { secret: key.secret, insurerId: key.insurerId, revoked: key.kind === 'revoked', kid, used: key.used };
}

/** Turns the link value into an insurance number and its insurer, or rejects it with the reason (EntryRefused). */
export async function resolveEntrant(deps: CustomerDeps, base64Value: string): Promise<Entrant> {
  const decoded = decodeBase64(base64Value);
  if (decoded === null) throw rejected('malformed');
  if (COMPACT_JWS.test(decoded) && !BARE_NUMBER.test(decoded)) {
    const key = await signingKeyOf(deps, decoded);
    const check = await verifyEntryToken(key.secret, decoded, deps.clock.now().getTime());
    if (!check.ok) throw rejected(check.reason, key.kid);
    // Checked after the signature, so the log tells an insurer still signing with an old key from a forgery.
    if (key.revoked) throw rejected('revokedKey', key.kid);
    // jti values are unique per issuer: each insurer has its own namespace.
    const jti = key.insurerId === null ? check.payload.jti : `${key.insurerId}:${check.payload.jti}`;
    if (!(await consumeJti(deps.db, jti, check.payload.exp))) throw rejected('replay', key.kid);
    // Accepted: the insurer still signs with this key ("Zuletzt benutzt" in the administration; at most ~1 write a minute).
    // Its first use is written before anything else, and only while the key is still there and valid: an insurer
    // deleted or ended at this moment gets no customer (features/insurers/keyUse.ts).
    if (key.kid !== null && !key.used) {
      if (!(await recordFirstEntryKeyUse(deps, key.kid))) throw rejected('revokedKey', key.kid);
    } else if (key.kid !== null) await noteEntryKeyUse(deps, key.kid);
    return { number: check.payload.number, insurerId: key.insurerId, kid: key.kid };
  }
  if (deps.production) throw rejected('unsigned');
  if (!BARE_NUMBER.test(decoded)) throw rejected('malformed');
  return { number: decoded, insurerId: null, kid: null };
}

/**
 * The customer's key: an HMAC of the normalised number, with the insurer for an insurer's customer – the same number
 * at two insurers is two people. The single-insurer default (null) keeps the hash it always had.
 */
export const numberHashOf = (deps: Pick<CustomerDeps, 'sessionSecret'>, insuranceNumber: string, insurerId: string | null = null) => {
  const normalised = normaliseInsuranceNumber(insuranceNumber);
  return hmac(deps.sessionSecret, insurerId === null ? `insurance:${normalised}` : `insurance:${insurerId}:${normalised}`);
};

/** Finds or creates the customer and its participant; returns the participant id. */
export async function participantForNumber(deps: CustomerDeps, insuranceNumber: string, insurerId: string | null = null): Promise<string> {
  const numberHash = numberHashOf(deps, insuranceNumber, insurerId);
  const now = deps.clock.now().toISOString();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await findParticipantIdByNumberHash(deps.db, numberHash);
    if (existing !== undefined) return existing;
    try {
      const customerId = newId();
      const participantId = newId();
      await insertCustomerWithParticipant(deps.db, { customerId, participantId }, { numberHash, insurerId }, now);
      return participantId;
    } catch (error) {
      // Two processes created the same customer at once: read the winner.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new DomainError('Conflict', 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.');
}

/**
 * The existing participant of this number whose consultation is still running (a chat waiting for or
 * talking to a lawyer, or a phone request still to answer), or null. After hours only they may sign in again:
 * nobody is created then.
 */
export async function participantWithRunningChat(deps: CustomerDeps, insuranceNumber: string, insurerId: string | null = null): Promise<string | null> {
  const participantId = await findParticipantIdByNumberHash(deps.db, numberHashOf(deps, insuranceNumber, insurerId));
  return participantId !== undefined && (await hasOpenChat(deps.db, participantId, deps.clock.now())) ? participantId : null;
}

/**
 * The consultation the chat link leads back into instead of a new intake: a chat waiting for or talking to a
 * lawyer, or else one the lawyer closed asking for a phone number the client has not given yet (customerQueries.ts).
 */
async function caseToReturnTo(db: Db, participantId: string, now: Date): Promise<string | undefined> {
  return (await findOpenChatCaseIdOfParticipant(db, participantId)) ?? (await findUnansweredPhoneRequestCaseId(db, participantId, now));
}

/**
 * The signed-in participant as the web app sees it: their latest case, and the case whose consultation is
 * still running (OpenChatCaseId), so the chat link leads back into that chat instead of a new intake.
 */
export async function currentUser(db: Db, participantId: string, now: Date): Promise<CurrentUser> {
  const [latestCaseId, openChatCaseId, insurerName] = await Promise.all([
    findLatestCaseIdOfParticipant(db, participantId),
    caseToReturnTo(db, participantId, now),
    findInsurerDisplayNameOfParticipant(db, participantId),
  ]);
  return {
    Id: participantId,
    Role: 'participant',
    Name: null,
    CaseId: latestCaseId ?? null,
    OpenChatCaseId: openChatCaseId ?? null,
    ...(insurerName === null ? {} : { InsurerName: insurerName }),
  };
}

/** A consultation that is already running may go on after hours (reload, reconnect, the chat link again). */
export async function hasOpenChat(db: Db, participantId: string, now: Date): Promise<boolean> {
  return (await caseToReturnTo(db, participantId, now)) !== undefined;
}
