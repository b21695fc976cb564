// Customer entry: the base64 InsuranceNumber of the chat link becomes a participant (DESIGN §6).
// Production accepts only signed entry tokens; demo mode also accepts a bare number.
import type { CurrentUser } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { isUniqueViolation } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import { ENTRY_TOKEN_CLOCK_TOLERANCE_S, verifyEntryToken } from './entryToken.js';
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
}

const BARE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{3,39}$/;
const rejected = () => new DomainError('NotAuthenticated', 'Der Zugangslink ist ungültig oder abgelaufen.');

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

/** Turns the link value into an insurance number, or rejects it. */
export async function resolveInsuranceNumber(deps: CustomerDeps, base64Value: string): Promise<string> {
  const decoded = decodeBase64(base64Value);
  if (decoded === null) throw rejected();
  if (deps.entryTokenSecret !== null && decoded.includes('.') && !BARE_NUMBER.test(decoded)) {
    const check = await verifyEntryToken(deps.entryTokenSecret, decoded, deps.clock.now().getTime());
    if (!check.ok) throw rejected();
    if (!(await consumeJti(deps.db, check.payload.jti, check.payload.exp))) throw rejected();
    return check.payload.number;
  }
  if (deps.production || !BARE_NUMBER.test(decoded)) throw rejected();
  return decoded;
}

const numberHashOf = (deps: CustomerDeps, insuranceNumber: string) =>
  hmac(deps.sessionSecret, `insurance:${insuranceNumber.replace(/\s+/g, '').toUpperCase()}`);

/** Finds or creates the customer and its participant; returns the participant id. */
export async function participantForNumber(deps: CustomerDeps, insuranceNumber: string): Promise<string> {
  const numberHash = numberHashOf(deps, insuranceNumber);
  const now = deps.clock.now().toISOString();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await findParticipantIdByNumberHash(deps.db, numberHash);
    if (existing !== undefined) return existing;
    try {
      const customerId = newId();
      const participantId = newId();
      await insertCustomerWithParticipant(deps.db, { customerId, participantId }, numberHash, now);
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
export async function participantWithRunningChat(deps: CustomerDeps, insuranceNumber: string): Promise<string | null> {
  const participantId = await findParticipantIdByNumberHash(deps.db, numberHashOf(deps, insuranceNumber));
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
  const [latestCaseId, openChatCaseId] = await Promise.all([findLatestCaseIdOfParticipant(db, participantId), caseToReturnTo(db, participantId, now)]);
  return { Id: participantId, Role: 'participant', Name: null, CaseId: latestCaseId ?? null, OpenChatCaseId: openChatCaseId ?? null };
}

/** A consultation that is already running may go on after hours (reload, reconnect, the chat link again). */
export async function hasOpenChat(db: Db, participantId: string, now: Date): Promise<boolean> {
  return (await caseToReturnTo(db, participantId, now)) !== undefined;
}
