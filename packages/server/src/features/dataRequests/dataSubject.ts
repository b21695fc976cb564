// Who a data-subject request is about, and what is stored about them (GDPR Art. 15). The person is a customer
// (the keyed hash of an insurance number) with their participants and chat cases, plus the case files that grew out
// of those chats. A chat reference (RC-…) or a case-file number (FA-…) leads to the same person; a case file created
// without a chat stands alone.
import { caseReferenceOf, normalizeCaseReference, type DataRequestKey, type DataRequestQuery, type DataSubjectSummary } from '@rechtschat/core';
import { OPEN_MANDATE_RETENTION_UNTIL, type CaseFileTable } from '../casefile/index.js';
import type { Db } from '../../platform/storage/database.js';
import { DomainError } from '../../platform/errors.js';
import { numberHashOf } from '../product/index.js';
import { DEFAULT_INSURER_NAME } from '../insurers/index.js';
import {
  allInsurers,
  caseFileByNumber,
  caseFilesOfChatCases,
  caseIdsByReferencePrefix,
  casesOfParticipants,
  customersByNumberHashes,
  customerIdsOfCases,
  customersByIds,
  participantsOfCustomers,
  type CaseWithInsurer,
} from './dataRequestQueries.js';

export interface DataSubject {
  readonly searchedBy: DataRequestKey;
  readonly customers: Awaited<ReturnType<typeof customersByIds>>;
  readonly participants: Awaited<ReturnType<typeof participantsOfCustomers>>;
  readonly cases: CaseWithInsurer[];
  readonly caseFiles: CaseFileTable[];
}

/** A clear, German 400 for a query that names no or two keys. */
const badQuery = () => new DomainError('BadRequest', 'Bitte geben Sie entweder eine Versicherungsnummer oder ein Aktenzeichen (RC-… oder FA-…) an.');

const CASE_FILE_NUMBER = /^FA-\d{4}-[A-Z0-9]{6}$/;

/** The longest insurance number searched for (the console's field takes as many). */
const MAX_INSURANCE_NUMBER_LENGTH = 64;

const unknownInsurer = () => new DomainError('BadRequest', 'Diesen Versicherer gibt es nicht.');

/** The `Insurer` of a query that means the single-insurer default (`cases.insurer_id` null), as in the reports. */
export const DEFAULT_INSURER_KEY = 'default';

interface InsurerKey {
  /** null: the single-insurer default. */
  readonly insurerId: string | null;
  readonly name: string;
  readonly hash: string;
}

/**
 * The keyed hashes under which a customer with this insurance number may be stored: the single-insurer default and
 * one per insurer (the same number at two insurers is two customers, product/customers.ts numberHashOf) – or only
 * the chosen insurer's. An unknown insurer is a 400.
 */
async function insuranceNumberKeys(db: Db, sessionSecret: string, insuranceNumber: string, chosen: string | undefined): Promise<InsurerKey[]> {
  const insurers = [{ id: null, name: DEFAULT_INSURER_NAME }, ...(await allInsurers(db))];
  const wanted = chosen === undefined ? insurers : insurers.filter((i) => (i.id ?? DEFAULT_INSURER_KEY) === chosen);
  if (wanted.length === 0) throw unknownInsurer();
  return wanted.map((i) => ({ insurerId: i.id, name: i.name, hash: numberHashOf({ sessionSecret }, insuranceNumber, i.id) }));
}

/**
 * The same insurance number at two insurers is two people: a request that names only the number must not hand one
 * person the other's data (archive) nor erase it. 409 with the insurers to choose from; a chat reference finds the
 * one person too.
 */
/** A refused lookup that matched more than one person: audited by the routes like any other lookup. */
export class AmbiguousSubject extends DomainError {
  constructor(
    message: string,
    readonly people: number,
    details?: Readonly<Record<string, unknown>>,
  ) {
    super('Conflict', message, 409, details);
  }
}

const ambiguousNumber = (keys: readonly InsurerKey[]) =>
  new AmbiguousSubject(
    `Diese Versicherungsnummer gehört bei mehreren Versicherern (${keys.map((k) => k.name).join(', ')}) zu verschiedenen Personen. Bitte suchen Sie mit dem Aktenzeichen eines Chats der Person (RC-…) oder ihrer Fallakte (FA-…).`,
    keys.length,
    { Insurers: keys.map((k) => ({ Id: k.insurerId ?? DEFAULT_INSURER_KEY, Name: k.name })) },
  );

const ambiguousReference = (people: number) =>
  new AmbiguousSubject(
    'Dieses Aktenzeichen gehört zu Chats verschiedener Personen. Bitte suchen Sie mit der Versicherungsnummer der Person oder dem Aktenzeichen ihrer Fallakte (FA-…).',
    people,
  );

export type ParsedQuery =
  | { kind: 'insuranceNumber'; number: string; insurer: string | undefined }
  | { kind: 'chatReference'; reference: string }
  | { kind: 'caseFileNumber'; number: string };

export function parseQuery(query: DataRequestQuery): ParsedQuery {
  const number = query.InsuranceNumber?.trim() ?? '';
  const reference = query.Reference?.trim() ?? '';
  const insurer = query.Insurer?.trim() ?? '';
  if ((number === '') === (reference === '')) throw badQuery();
  if (number !== '') {
    // Said as what it is: „Bitte geben Sie … eine Versicherungsnummer … an“ read as if none had been sent.
    if (number.length > MAX_INSURANCE_NUMBER_LENGTH)
      throw new DomainError(
        'BadRequest',
        `Die Versicherungsnummer ist zu lang (höchstens ${MAX_INSURANCE_NUMBER_LENGTH} Zeichen). Bitte prüfen Sie die Eingabe.`,
      );
    if (insurer.length > 64) throw unknownInsurer();
    return { kind: 'insuranceNumber', number, insurer: insurer === '' ? undefined : insurer };
  }
  if (insurer !== '') throw badQuery();
  const upper = reference.toUpperCase().replace(/\s+/g, '');
  if (CASE_FILE_NUMBER.test(upper)) return { kind: 'caseFileNumber', number: upper };
  const chat = normalizeCaseReference(reference);
  if (chat !== null) return { kind: 'chatReference', reference: chat };
  throw new DomainError(
    'BadRequest',
    'Das Aktenzeichen ist ungültig. Erwartet wird RC- mit acht Zeichen für einen Chat (z. B. RC-7K3M9Q2T) oder FA-, Jahr und sechs Zeichen für eine Fallakte (z. B. FA-2026-K7M2QP).',
  );
}

async function subjectOfCustomers(db: Db, searchedBy: DataRequestKey, customerIds: string[], extraCaseFiles: CaseFileTable[] = []): Promise<DataSubject> {
  const customers = await customersByIds(db, customerIds);
  const participants = await participantsOfCustomers(db, customerIds);
  const cases = await casesOfParticipants(
    db,
    participants.map((p) => p.id),
  );
  const linked = await caseFilesOfChatCases(
    db,
    cases.map((c) => c.id),
  );
  const caseFiles = [...linked, ...extraCaseFiles.filter((extra) => !linked.some((l) => l.id === extra.id))];
  return { searchedBy, customers, participants, cases, caseFiles };
}

/** Everything that belongs to the person the query names (empty lists when nothing is stored). */
export async function findDataSubject(db: Db, sessionSecret: string, parsed: ParsedQuery): Promise<DataSubject> {
  switch (parsed.kind) {
    case 'insuranceNumber': {
      const keys = await insuranceNumberKeys(db, sessionSecret, parsed.number, parsed.insurer);
      const found = await customersByNumberHashes(
        db,
        keys.map((k) => k.hash),
      );
      const holders = keys.filter((k) => found.some((c) => c.number_hash === k.hash));
      if (holders.length > 1) throw ambiguousNumber(holders);
      return subjectOfCustomers(
        db,
        parsed.kind,
        found.map((c) => c.id),
      );
    }
    case 'chatReference': {
      const caseIds = await caseIdsByReferencePrefix(db, parsed.reference.slice(3));
      const customerIds = await customerIdsOfCases(db, caseIds);
      // A reference is eight characters of the id in upper case: two people's cases can share it, and then it names nobody.
      if (customerIds.length > 1) throw ambiguousReference(customerIds.length);
      return subjectOfCustomers(db, parsed.kind, customerIds);
    }
    case 'caseFileNumber': {
      const caseFile = await caseFileByNumber(db, parsed.number);
      if (caseFile === undefined) return subjectOfCustomers(db, parsed.kind, []);
      const customerIds = caseFile.chat_case_id ? await customerIdsOfCases(db, [caseFile.chat_case_id]) : [];
      return subjectOfCustomers(db, parsed.kind, customerIds, [caseFile]);
    }
  }
}

/** The mandate is open while `retention_until` is the open-mandate sentinel. */
export const mandateOpen = (caseFile: Pick<CaseFileTable, 'retention_until'>) => caseFile.retention_until === OPEN_MANDATE_RETENTION_UNTIL;

/** A case file whose retention (§ 50 BRAO) still runs at `now`. */
export const retentionRuns = (caseFile: Pick<CaseFileTable, 'retention_until'>, now: Date) => caseFile.retention_until > now.toISOString();

/**
 * The case file that keeps this chat case (it grew out of the chat and its retention runs), if any. A withdrawn file
 * (created by mistake, casefile/withdrawal.ts) is no Handakte and keeps nothing.
 */
export function keepingCaseFile(subject: DataSubject, caseId: string, now: Date): CaseFileTable | undefined {
  return subject.caseFiles.find((f) => f.chat_case_id === caseId && !f.withdrawn_at && retentionRuns(f, now));
}

export interface CaseCounts {
  readonly messages: number;
  readonly files: number;
  readonly callbacks: number;
  readonly ratings: number;
  readonly running: boolean;
}

export interface CaseFileCounts {
  readonly documents: number;
  readonly history: number;
  readonly contacts: number;
}

export function summaryOf(
  subject: DataSubject,
  counts: ReadonlyMap<string, CaseCounts>,
  caseFileCounts: ReadonlyMap<string, CaseFileCounts>,
  now: Date,
): DataSubjectSummary {
  const customerSince = subject.customers.map((c) => c.created_at).sort()[0] ?? null;
  return {
    Found: subject.customers.length > 0 || subject.caseFiles.length > 0,
    SearchedBy: subject.searchedBy,
    CustomerSince: customerSince,
    ChatCases: subject.cases.map((c) => {
      const n = counts.get(c.id);
      const keeper = keepingCaseFile(subject, c.id, now);
      return {
        Id: c.id,
        Reference: caseReferenceOf(c.id),
        // The name of the insurer choice, the reports and the CSV – not the one the client saw (found from outside).
        Insurer: c.insurer_admin_name,
        FieldOfLaw: c.field_of_law_long_name,
        CreatedAt: c.created_at,
        ClosedAt: c.closed_at,
        Running: n?.running ?? false,
        Messages: n?.messages ?? 0,
        Files: n?.files ?? 0,
        Callbacks: n?.callbacks ?? 0,
        Ratings: n?.ratings ?? 0,
        KeptFor: keeper?.case_number ?? null,
        KeptUntil: keeper === undefined || mandateOpen(keeper) ? null : keeper.retention_until,
      };
    }),
    CaseFiles: subject.caseFiles.map((f) => {
      const n = caseFileCounts.get(f.id);
      return {
        Id: f.id,
        CaseNumber: f.case_number,
        Title: f.title,
        CreatedAt: f.created_at,
        MandateOpen: mandateOpen(f),
        MandateEndedAt: f.closed_at ?? null,
        RetentionUntil: mandateOpen(f) ? null : f.retention_until,
        Documents: n?.documents ?? 0,
        History: n?.history ?? 0,
        Contacts: n?.contacts ?? 0,
        ChatCaseReference: f.chat_case_id ? caseReferenceOf(f.chat_case_id) : null,
      };
    }),
  };
}
