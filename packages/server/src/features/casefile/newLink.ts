// A new link for a case file („Neuen Link erstellen“ in the lawyer's console): the lawyer who holds the file replaces
// its link token when a link leaked or was forwarded, or when someone holding it keeps the login locked with wrong PINs.
// The old token stops working at once (it then answers like an unknown one), every client session of the file ends,
// and the PIN lockout starts afresh – whoever locked it holds only the old link. The PIN stays (it is the phone's last
// four digits; „Name oder Telefonnummer berichtigen“ changes it), and so does everything in the file, closed or not:
// the client keeps reading an ended mandate's file. The token is made and stored as at creation (only its sha256), and
// handed out once, in this answer. The log holds ids only, never the token or the PIN.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { newSortableId } from '../../platform/ids.js';
import { internationalDigits, pinFromPhone } from '../../platform/phone.js';
import type { SessionStore } from '../../platform/sessions.js';
import type { CaseFileDb } from './caseFileQueries.js';
import { openCaseFileForLawyer } from './lawyerCaseFileAccess.js';
import { generateLinkToken, linkTokenHash } from './linkToken.js';
import { saveNewLink } from './newLinkQueries.js';
import { caseFileUrlPath } from './service.js';

export interface NewLinkRequest {
  readonly lawyerId: string;
  readonly caseFileId: string;
  readonly ip?: string;
}

export interface NewLink {
  readonly caseId: string;
  /** The file's number ("FA-2026-…"), unchanged. */
  readonly caseNumber: string;
  readonly token: string;
  /** Unchanged: the last four digits of the phone number on file. */
  readonly pin: string;
  readonly urlPath: string;
}

type Log = Pick<FastifyBaseLogger, 'info'>;

export async function replaceCaseFileLink(
  db: CaseFileDb,
  clock: Clock,
  log: Log,
  sessions: Pick<SessionStore, 'destroyOthers'>,
  request: NewLinkRequest,
): Promise<NewLink> {
  const row = await openCaseFileForLawyer(db, clock, { lawyerId: request.lawyerId, caseFileId: request.caseFileId, ip: request.ip, action: 'link' });
  const digits = internationalDigits(row.phone);
  // Every stored number was read by the same reader (creation, correction); a file without one has no PIN to hand out.
  if (!digits) throw new Error('case file without a valid phone number');
  const now = clock.now();
  const iso = now.toISOString();
  const token = generateLinkToken();
  const wasLocked = row.locked_until !== null && Date.parse(row.locked_until) > now.getTime();
  await saveNewLink(
    db,
    row.id,
    { token_hash: linkTokenHash(token), failed_attempts: 0, locked_until: null, updated_at: iso },
    {
      id: newSortableId(now),
      case_file_id: row.id,
      created_at: iso,
      kind: 'LinkReplaced',
      title: 'Neuer Link zu Ihrer Fallakte',
      text: 'Ihre Kanzlei hat Ihnen einen neuen Link zu Ihrer Fallakte gegeben. Der bisherige Link gilt nicht mehr. Ihre PIN ist unverändert.',
    },
  );
  // After the token changed: a browser signed in through the old link signs in again through the new one.
  const endedSessions = await sessions.destroyOthers('casefile', row.id, undefined);
  log.info({ event: 'casefile.link.replaced', caseFileId: row.id, lawyerId: request.lawyerId, endedSessions, wasLocked }, 'case-file link replaced');
  return { caseId: row.id, caseNumber: row.case_number, token, pin: pinFromPhone(digits), urlPath: caseFileUrlPath(token) };
}
