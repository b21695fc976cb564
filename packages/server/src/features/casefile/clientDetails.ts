// The lawyer corrects the client's name or phone number in a case file (the client cannot: „Persönliche Daten“ says
// only the firm can). The PIN is the phone's last four digits, so a new number can mean a new PIN: then the old PIN
// stops working at once, the lockout starts afresh, the file's sessions end, and the lawyer gets the new PIN to pass on.
// The client reads a history entry either way; the log holds ids only, never the name or number.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { badRequest } from '../../platform/errors.js';
import { newSortableId } from '../../platform/ids.js';
import { internationalDigits, pinFromPhone } from '../../platform/phone.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';
import type { CaseFileTable } from './tables.js';
import { findCaseById, type CaseFileDb } from './caseFileQueries.js';
import { saveClientDetails } from './clientDetailsQueries.js';
import { openCaseFileForLawyer } from './lawyerCaseFileAccess.js';
import { createArgon2PinHasher, type PinHasher } from './pin.js';
import type { SessionStore } from '../../platform/sessions.js';

/** As long as the form's fields allow; the name fields take what the case-file form takes. */
const MAX_NAME_LENGTH = 100;

export interface ClientDetailsChange {
  readonly lawyerId: string;
  readonly caseFileId: string;
  readonly ip?: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
}

type Log = Pick<FastifyBaseLogger, 'info'>;

/** The file as now stored, and the new PIN when the phone change made one (else null: the PIN stays). */
export async function changeClientDetails(
  db: CaseFileDb,
  clock: Clock,
  log: Log,
  sessions: Pick<SessionStore, 'destroyOthers'>,
  change: ClientDetailsChange,
  hasher: PinHasher = createArgon2PinHasher(),
): Promise<{ row: CaseFileTable; pin: string | null }> {
  // Without bidi controls, as at the creation (service.ts › caseFileTexts): the PDF and the screens show one name.
  const firstName = withoutBidiControls(change.firstName).trim();
  const lastName = withoutBidiControls(change.lastName).trim();
  const problems: string[] = [];
  if (firstName === '' || lastName === '') problems.push('Bitte geben Sie Vor- und Nachnamen an.');
  else if (firstName.length > MAX_NAME_LENGTH || lastName.length > MAX_NAME_LENGTH)
    problems.push(`Vor- und Nachname dürfen je höchstens ${MAX_NAME_LENGTH} Zeichen haben.`);
  const digits = internationalDigits(change.phone);
  if (!digits) problems.push('Bitte geben Sie eine gültige Telefonnummer an, z. B. 0151 23456789.');
  if (problems.length > 0 || !digits) throw badRequest(problems.join(' '));
  const row = await openCaseFileForLawyer(db, clock, { lawyerId: change.lawyerId, caseFileId: change.caseFileId, ip: change.ip, action: 'client' });
  const phone = `+${digits}`;
  if (row.first_name === firstName && row.last_name === lastName && row.phone === phone) return { row, pin: null };
  const now = clock.now();
  const oldDigits = internationalDigits(row.phone);
  const pin = pinFromPhone(digits);
  const pinChanged = oldDigits === undefined || pinFromPhone(oldDigits) !== pin;
  await saveClientDetails(
    db,
    row.id,
    { first_name: firstName, last_name: lastName, phone, updated_at: now.toISOString() },
    pinChanged ? { pin_hash: await hasher.hash(pin), failed_attempts: 0, locked_until: null } : null,
    {
      id: newSortableId(now),
      case_file_id: row.id,
      created_at: now.toISOString(),
      kind: 'ClientDetailsCorrected',
      title: 'Angaben zu Ihrer Person berichtigt',
      text: pinChanged
        ? 'Ihre Kanzlei hat Ihren Namen oder Ihre Telefonnummer berichtigt. Ihre PIN sind jetzt die letzten vier Ziffern der neuen Telefonnummer.'
        : 'Ihre Kanzlei hat Ihren Namen oder Ihre Telefonnummer berichtigt.',
    },
  );
  // A browser signed in with the old PIN signs in with the new one.
  if (pinChanged) await sessions.destroyOthers('casefile', row.id, undefined);
  log.info({ event: 'casefile.client.corrected', caseFileId: row.id, lawyerId: change.lawyerId, pinChanged }, 'case-file client details corrected');
  const saved = await findCaseById(db, row.id);
  if (!saved) throw new Error('case file vanished during a correction');
  return { row: saved, pin: pinChanged ? pin : null };
}
