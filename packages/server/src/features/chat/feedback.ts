// After the chat: callback requests, ratings and second-level phone numbers.
import { callbackAvailabilityEnd, caseReferenceOf, clipToCharacters, type CallbackEntry, type CallbackRequest, type RatingRequest } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { isUniqueViolation } from '../../platform/storage/database.js';
import { caseOfParticipant, chatOfParticipant } from './chatAccess.js';
import { chatError } from './chatErrors.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, DomainError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { callbackPhoneNumber, displayPhoneNumber } from '../../platform/phone.js';
import {
  upsertOpenCallbackRequest,
  insertRating,
  insertSecondLevelPhoneWithCallback,
  replaceSecondLevelPhoneOfParam,
  listLatestCallbacks,
  updateCallbackDone,
  claimCallbackIfFree,
  callbackOwner,
  callbackHolding,
  releaseCallbackIfHeld,
  type ListedCallback,
} from './feedbackQueries.js';
import { closeWaitingChatForCallback, findLatestChatOfCase } from './chatQueries.js';
import { caseHadLawyer } from './caseQueries.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';

/** How a number given after the chat ("Chat beenden und Telefonnummer erfragen") shows in the lawyers' callback list. */
export const SECOND_LEVEL_AVAILABILITY = 'Telefonische Weiterberatung nach dem Chat';

export interface FeedbackDeps {
  readonly db: Db;
  readonly clock: Clock;
}

/** A number a lawyer would pay extra to call (platform/phone.ts `callbackPhoneNumber`). */
const NOT_CALLABLE_PHONE = 'Bitte geben Sie eine Festnetz- oder Mobilfunknummer an; Sonderrufnummern (z. B. 0900) können wir nicht zurückrufen.';

/** E.164 of a callback or second-level number; the browser already validated it with the same library and metadata. */
function phoneOrRefuse(raw: string): string {
  const phone = callbackPhoneNumber(raw);
  if (phone.ok) return phone.e164;
  throw badRequest(phone.reason === 'notCallable' ? NOT_CALLABLE_PHONE : 'Bitte geben Sie eine gültige Telefonnummer ein.');
}

/** The time a callback names (its window, or its day without one) has already ended in Berlin. */
const CALLBACK_TIME_PASSED = 'Der gewünschte Termin für den Rückruf ist bereits vorbei. Bitte wählen Sie ein späteres Zeitfenster oder einen anderen Tag.';

/** Where a callback request leaves the chat: `leftQueue` when it was waiting and is now closed for the callback. */
export interface CallbackBooked {
  readonly caseId: string;
  readonly chatId: string;
  readonly leftQueue: boolean;
}

/**
 * A callback request; a second one of the same case while the first is open replaces its number and time.
 * A chat still waiting for a lawyer leaves the live queue with it: the client goes on to the
 * confirmation page, so no lawyer may accept it and write into a screen nobody sees any more.
 */
export async function requestCallback(deps: FeedbackDeps, participantId: string, chatId: string, request: CallbackRequest): Promise<CallbackBooked> {
  const { chat } = await chatOfParticipant(deps.db, participantId, chatId);
  // Shown in every lawyer's callback list: without bidi controls, like every text the client writes.
  const availability = withoutBidiControls(request.Availability).trim();
  if (availability === '' || availability.length > 120) throw badRequest('Bitte wählen Sie einen Termin für den Rückruf.');
  // A window that runs now is fine; one that has ended would list a callback nobody can keep (free text has no time to check).
  const ends = callbackAvailabilityEnd(availability);
  if (ends !== null && ends <= deps.clock.now().getTime()) throw badRequest(CALLBACK_TIME_PASSED);
  const now = deps.clock.now().toISOString();
  await upsertOpenCallbackRequest(deps.db, {
    id: newId(),
    case_id: chat.case_id,
    chat_id: chat.id,
    phone: phoneOrRefuse(request.Phone),
    availability,
    created_at: now,
  });
  const leftQueue = chat.state === 'waiting' && (await closeWaitingChatForCallback(deps.db, chat.id, now));
  return { caseId: chat.case_id, chatId: chat.id, leftQueue };
}

export async function listCallbacks(db: Db): Promise<CallbackEntry[]> {
  const rows = await listLatestCallbacks(db);
  return rows.map((r) => ({
    Id: r.id,
    ChatId: r.chat_id,
    CaseId: r.case_id,
    CaseReference: caseReferenceOf(r.case_id),
    Phone: r.phone,
    PhoneDisplay: displayPhoneNumber(r.phone),
    Availability: r.availability,
    Description: r.description,
    FieldOfLawLongName: r.field_of_law_long_name,
    Created: r.created_at,
    DoneAt: r.done_at ?? null,
    // The lawyer's name as it is now (a renamed or deactivated colleague stays readable); null while open and for
    // callbacks marked done before migration 0024 recorded who did it.
    DoneBy: r.done_at && r.done_by_lawyer_id && r.done_by_name !== null ? { Id: r.done_by_lawyer_id, Name: r.done_by_name } : null,
    AssignedLawyer: assignedLawyerOf(r),
    // Taken from the firm's list („Übernehmen“, or marked done while nobody's) rather than promised in its chat: only
    // such a callback can be given back („Zurückgeben“, `releaseCallback`).
    Claimed: r.assigned_lawyer_id !== null && r.assigned_lawyer_name !== null && r.chat_lawyer_id === null,
  }));
}

/**
 * Whose call a callback is, as the administrators' open-work count has it (features/admin/teamQueries.ts): the colleague
 * it was handed to when its lawyer was deactivated, else the lawyer who held its chat – who promised the call when
 * ending the chat asking for the number („… meldet sich telefonisch bei Ihnen.“). Null for a request a waiting client
 * booked before any lawyer took the chat: it is the firm's to take. The name as it is now.
 */
function assignedLawyerOf(r: ListedCallback): CallbackEntry['AssignedLawyer'] {
  if (r.assigned_lawyer_id && r.assigned_lawyer_name !== null) return { Id: r.assigned_lawyer_id, Name: r.assigned_lawyer_name };
  if (r.chat_lawyer_id && r.chat_lawyer_name !== null) return { Id: r.chat_lawyer_id, Name: r.chat_lawyer_name };
  return null;
}

/**
 * Marks a callback done by `lawyerId` (or undoes it, forgetting who had marked it); an unknown id is a 404 like
 * everywhere else. Marking it done again (another lawyer, a second window) records the latest one.
 */
export async function setCallbackDone(deps: FeedbackDeps, callbackId: string, done: boolean, lawyerId: string): Promise<void> {
  const mark = done ? { at: deps.clock.now().toISOString(), lawyerId } : null;
  if (!(await updateCallbackDone(deps.db, callbackId, mark))) throw notFound('Der Rückrufwunsch');
}

/**
 * „Übernehmen“: the lawyer takes on a callback nobody's call yet (a waiting client's booking before any lawyer took the
 * chat), so a colleague does not call the same client. Atomic: of two lawyers at the same moment one wins; the other –
 * and anyone once it is someone's – gets 409 naming whose it is. The same lawyer again → fine (nothing changes).
 * Unknown id → 404.
 */
export async function claimCallback(deps: FeedbackDeps, callbackId: string, lawyerId: string): Promise<void> {
  if (await claimCallbackIfFree(deps.db, callbackId, lawyerId)) return;
  const owner = await callbackOwner(deps.db, callbackId);
  if (owner === undefined) throw notFound('Der Rückrufwunsch');
  if (owner?.id === lawyerId) return;
  throw new DomainError(
    'Conflict',
    owner ? `Diesen Rückruf hat bereits ${owner.name} übernommen.` : 'Dieser Rückruf konnte nicht übernommen werden. Bitte laden Sie die Liste neu.',
  );
}

/** Who gives a callback back: the lawyer whose call it is, or an administrator of the firm (for a colleague who is away). */
export interface CallbackReleaser {
  readonly id: string;
  readonly role: 'admin' | 'lawyer';
}

/** A callback an administrator gave back for a colleague: whose it was, and its case (for the reference RC-…). */
export interface ColleagueCallbackReleased {
  readonly callbackId: string;
  readonly caseId: string;
  readonly owner: { readonly id: string; readonly name: string };
}

/**
 * „Zurückgeben“: a callback taken by mistake becomes nobody's call again, for a colleague to take. Only while it is open,
 * only by the lawyer whose call it is (or an administrator), and only one taken from the firm's list – one a lawyer
 * promised when ending the chat stays theirs. Nobody's already (a second window) → fine, nothing changes; unknown id →
 * 404; someone else's → 403; done, promised in the chat, or changed meanwhile → 409. Returns whose it was (null: nobody's).
 * An administrator's give-back of a colleague's callback takes work away from someone else: `auditColleague` writes its
 * audit entry in the give-back's transaction. The own give-back of any lawyer (an administrator too) is no such action.
 */
export async function releaseCallback(
  deps: FeedbackDeps,
  callbackId: string,
  by: CallbackReleaser,
  auditColleague?: (trx: Db, released: ColleagueCallbackReleased) => Promise<void>,
): Promise<{ id: string; name: string } | null> {
  const holding = await callbackHolding(deps.db, callbackId);
  if (holding === undefined) throw notFound('Der Rückrufwunsch');
  if (holding.done) {
    throw new DomainError('Conflict', 'Ein erledigter Rückruf kann nicht zurückgegeben werden. Entfernen Sie zuerst das Häkchen bei „Erledigt“.');
  }
  const { owner } = holding;
  if (owner === null) return null;
  if (owner.id !== by.id && by.role !== 'admin') {
    throw new DomainError(
      'Forbidden',
      `Diesen Rückruf hat ${owner.name} übernommen. Zurückgeben können ihn nur ${owner.name} oder die Administration der Kanzlei.`,
    );
  }
  if (holding.chatLawyerId !== null) {
    throw new DomainError(
      'Conflict',
      'Dieser Rückruf wurde im Chat zugesagt und kann nicht zurückgegeben werden. Zurückgeben können Sie nur einen übernommenen Rückruf.',
    );
  }
  const audit = auditColleague && owner.id !== by.id ? (trx: Db) => auditColleague(trx, { callbackId, caseId: holding.caseId, owner }) : undefined;
  if (await releaseCallbackIfHeld(deps.db, callbackId, owner.id, audit)) return owner;
  throw new DomainError('Conflict', 'Dieser Rückruf hat sich inzwischen geändert. Bitte laden Sie die Liste neu.');
}

/** What a rating comment keeps at most; the form allows 750. */
const MAX_RATING_COMMENT_CHARACTERS = 2000;

/** A rating before any lawyer took part (found from outside): it would count in the reports and block the real one. */
const NO_CONSULTATION_TO_RATE = 'Eine Bewertung ist erst nach der Beratung durch eine Anwältin oder einen Anwalt möglich.';

/**
 * The client's one rating of a case. It rates a consultation, so – like the protocol mail, the second-level number and
 * the usage confirmation – only once a lawyer has taken part in one of the case's chats (the offboarding asks for it
 * after such a chat ended, docs/decisions/0018).
 */
export async function saveRating(deps: FeedbackDeps, participantId: string, request: RatingRequest): Promise<void> {
  await caseOfParticipant(deps.db, participantId, request.CaseId);
  if (!(await caseHadLawyer(deps.db, request.CaseId))) throw new DomainError('Conflict', NO_CONSULTATION_TO_RATE);
  // Cut as people count characters, never inside an emoji (a direct API call may send more than the form's 750).
  // Without bidi controls: the reports show the comment to the firm as the client wrote it (bidiControls.ts).
  const comment = clipToCharacters(withoutBidiControls(request.Comment ?? '').trim(), MAX_RATING_COMMENT_CHARACTERS) || null;
  try {
    await insertRating(deps.db, { id: newId(), case_id: request.CaseId, stars: request.Stars, comment, created_at: deps.clock.now().toISOString() });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('Conflict', 'Sie haben diese Beratung bereits bewertet.');
    throw error;
  }
}

/** How many link parameters (`secondLevel/param/{param}`) one person may leave a number under. */
export const MAX_SECOND_LEVEL_PARAMS = 10;

/**
 * Stores a number the client gives after the chat. With a case (the lawyer ended the chat asking for
 * a phone number) it also becomes an entry of the lawyers' callback list, for the case's latest chat,
 * so the promised call back reaches someone. Returns whether such an entry was made.
 */
export async function saveSecondLevelPhone(
  deps: FeedbackDeps,
  participantId: string,
  target: { caseId: string } | { param: string },
  phone: string,
): Promise<boolean> {
  if ('param' in target && !/^[A-Za-z0-9_-]{1,64}$/.test(target.param)) throw badRequest('Der Parameter ist ungültig.');
  const now = deps.clock.now().toISOString();
  const row = {
    id: newId(),
    case_id: 'caseId' in target ? target.caseId : null,
    param: 'param' in target ? target.param : null,
    participant_id: participantId,
    phone: phoneOrRefuse(phone),
    created_at: now,
  };
  if ('param' in target) {
    // One number per link parameter (the latest replaces the earlier), and only so many parameters per person: a
    // person cannot fill the table by calling again and again (found from outside, 2026-12-06).
    if (!(await replaceSecondLevelPhoneOfParam(deps.db, { ...row, param: target.param }, MAX_SECOND_LEVEL_PARAMS))) {
      throw chatError(
        'SecondLevelParamsExceeded',
        `Sie haben bereits unter ${MAX_SECOND_LEVEL_PARAMS} verschiedenen Links eine Telefonnummer hinterlassen. Weitere Nummern können Sie nur unter diesen Links ändern.`,
      );
    }
    return false;
  }
  await caseOfParticipant(deps.db, participantId, target.caseId);
  const chat = await findLatestChatOfCase(deps.db, target.caseId);
  // Asked for in the offboarding, after a lawyer's consultation ended: before that, a number here would only be a way to
  // fill the lawyers' callback list.
  if (!chat || chat.state !== 'closed' || !(await caseHadLawyer(deps.db, target.caseId))) {
    throw new DomainError(
      'Conflict',
      'Eine Telefonnummer für die weitere Beratung können Sie angeben, sobald Ihr Chat mit der Anwältin oder dem Anwalt beendet ist.',
    );
  }
  await insertSecondLevelPhoneWithCallback(deps.db, row, {
    id: newId(),
    case_id: target.caseId,
    chat_id: chat.id,
    phone: row.phone,
    availability: SECOND_LEVEL_AVAILABILITY,
    created_at: now,
  });
  return true;
}
