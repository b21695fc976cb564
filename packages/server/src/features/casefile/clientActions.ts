// What the logged-in client does with the file: update contact data, write to the law firm, submit the
// questionnaire. Each change also lands in the history the client sees. After the mandate ended (mandate.ts) the
// questionnaire is refused; contact data and messages stay open. A message may answer one the firm started
// (`InReplyTo`, stored as `in_reply_to`): only a firm message of the same file, else 400 `UnknownFirmMessage`.
import type { ContactMessage, PersonUpdate, Questionnaire } from '@rechtschat/core';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { CaseFileTable } from './tables.js';
import {
  findCaseById,
  findFirmMessage,
  insertContact,
  markContactMailed,
  saveQuestionnaire,
  updatePerson,
  type CaseFileDb,
  type PersonChanges,
} from './caseFileQueries.js';
import { addHistory } from './service.js';
import { closedCaseFile, unknownFirmMessage } from './caseFileErrors.js';

/**
 * Trimmed of spaces and of invisible format characters (zero-width spaces, joiners) at either end: pasted from a
 * message or a web page, „Domstraße 1“ arrived with a zero-width space behind it and was stored – and printed on the
 * Vollmacht – so. Inside the text they stay (some scripts need a joiner between letters).
 */
const trimmedAddressPart = (text: string | null): string | null => text?.replace(/^[\p{Cf}\s]+|[\p{Cf}\s]+$/gu, '') || null;

function personChanges(update: PersonUpdate): PersonChanges {
  return {
    ...(update.Email !== undefined ? { email: update.Email?.trim() || null } : {}),
    ...(update.Street !== undefined ? { street: trimmedAddressPart(update.Street) } : {}),
    ...(update.PostalCode !== undefined ? { postal_code: trimmedAddressPart(update.PostalCode) } : {}),
    ...(update.City !== undefined ? { city: trimmedAddressPart(update.City) } : {}),
  };
}

/** Only the fields whose value differs from the stored one. */
function actualChanges(row: CaseFileTable, changes: PersonChanges): PersonChanges {
  return Object.fromEntries(Object.entries(changes).filter(([column, value]) => row[column as keyof PersonChanges] !== value)) as PersonChanges;
}

/**
 * Applies the update and returns the row as stored afterwards (undefined if the file vanished meanwhile). Saving
 * what is already stored changes nothing: no history entry, and the lawyer's "zuletzt geändert" (the newest
 * PersonUpdated entry) and updated_at stay as they were.
 */
export async function updateClientPerson(db: CaseFileDb, row: CaseFileTable, update: PersonUpdate, now: Date): Promise<CaseFileTable | undefined> {
  const changes = actualChanges(row, personChanges(update));
  if (Object.keys(changes).length === 0) return findCaseById(db, row.id);
  await updatePerson(db, row.id, changes, now);
  await addHistory(db, row.id, { kind: 'PersonUpdated', title: 'Persönliche Daten geändert', text: 'Sie haben Ihre persönlichen Daten aktualisiert.' }, now);
  return findCaseById(db, row.id);
}

export interface ContactDeps {
  db: CaseFileDb;
  mailer: Pick<Mailer, 'send'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Stores the message, records it in the history and mails the lawyer; a failed mail leaves it marked unmailed. With
 * `InReplyTo` it must answer a message the firm wrote in this file (an unknown id and another file's alike: 400
 * `UnknownFirmMessage`, nothing stored or mailed); the lawyer's mail then names that message.
 */
export async function sendContactMessage(deps: ContactDeps, row: CaseFileTable, message: ContactMessage, now: Date): Promise<void> {
  const answered = message.InReplyTo === undefined ? undefined : await findFirmMessage(deps.db, row.id, message.InReplyTo);
  if (message.InReplyTo !== undefined && !answered) throw unknownFirmMessage();
  const id = newId();
  const subject = message.Subject.replace(/[\r\n]+/g, ' ').trim();
  // Trimmed, as the browser sends it and as the length rule counted it.
  const text = message.Message.trim();
  await insertContact(deps.db, {
    id,
    case_file_id: row.id,
    subject,
    message: text,
    created_at: now.toISOString(),
    mailed: 0,
    in_reply_to: answered?.id ?? null,
  });
  // The client finds the whole message in the history, not only its subject.
  await addHistory(deps.db, row.id, { kind: 'ContactMessage', title: 'Nachricht an die Kanzlei', text: `${subject}\n\n${text}` }, now);
  try {
    await deps.mailer.send({
      to: row.lawyer_email,
      subject: `Fallakte ${row.case_number}: ${subject}`,
      text: `Neue Nachricht von ${row.first_name} ${row.last_name} aus der digitalen Fallakte ${row.case_number}.\n\n${answered ? `Antwort auf Ihre Nachricht „${answered.subject}“\n` : ''}Betreff: ${subject}\n\n${text}\n`,
    });
    await markContactMailed(deps.db, id);
  } catch (error) {
    // The message is stored either way; the lawyer console lists unmailed messages.
    deps.log.error({ err: error, event: 'casefile.contact.mail_failed', caseFileId: row.id }, 'contact mail could not be sent');
  }
}

export function questionnaireOf(row: CaseFileTable): Questionnaire {
  const answers: unknown = row.questionnaire_json ? JSON.parse(row.questionnaire_json) : {};
  return { Submitted: row.questionnaire_submitted_at !== null, Answers: answers as Questionnaire['Answers'] };
}

/** Stores the answers while the mandate is open; a file the lawyer closed meanwhile gets 409 and keeps what it had. */
export async function submitQuestionnaire(db: CaseFileDb, row: CaseFileTable, answers: Questionnaire['Answers'], now: Date): Promise<Questionnaire> {
  if (!(await saveQuestionnaire(db, row.id, JSON.stringify(answers), now))) throw closedCaseFile.questionnaire();
  await addHistory(db, row.id, { kind: 'Questionnaire', title: 'Fragebogen übermittelt', text: 'Sie haben den Fragebogen ausgefüllt und versendet.' }, now);
  return { Submitted: true, Answers: answers };
}
