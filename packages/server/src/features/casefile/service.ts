// Case-file records: creation (lawyer API, seed) and the read models the routes return.
import { randomInt } from 'node:crypto';
import type { CaseDetails, CaseFileLawyer, CaseSummary, HistoryEntry, LawyerGender, PersonInfo } from '@rechtschat/core';
import { newId, newSortableId } from '../../platform/ids.js';
import type { Kysely } from 'kysely';
import { OPEN_MANDATE_RETENTION_UNTIL, type CaseFileTable, type CaseFileTables } from './tables.js';
import { findCaseByTokenHash, insertCaseFile, insertHistory, listHistoryRows, type CaseFileDb } from './caseFileQueries.js';
import { generateLinkToken, linkTokenHash, looksLikeLinkToken } from './linkToken.js';
import { createArgon2PinHasher, type PinHasher } from './pin.js';
import { internationalDigits, maskedPhoneNumber, pinFromPhone } from '../../platform/phone.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';

export type { CaseFileDb };

export interface NewCaseFile {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
  title: string;
  description?: string;
  fieldOfLaw?: string;
  lawyerId?: string;
  lawyer?: { name: string; gender: LawyerGender; email: string; phone: string; imageUrl: string };
  /** The chat case the file was created from; the caller has checked that the lawyer took a chat of it. */
  chatCaseId?: string;
}

export interface CreatedCaseFile {
  caseId: string;
  /** "FA-2026-…" */
  caseNumber: string;
  token: string;
  pin: string;
  /** Path of the client's link (web origin), e.g. `/digitale-fallakte/<token>`. */
  urlPath: string;
}

export interface CreateCaseFileOptions<DB extends CaseFileTables = CaseFileTables> {
  now?: () => Date;
  pinHasher?: PinHasher;
  /**
   * Runs first in the transaction that stores the file and its first history entry; what it throws creates nothing.
   * The lawyer API checks there that no file was made from the chat yet (409 CaseFileExists), so the check and the
   * insert cannot be split by a second creation at the same moment.
   */
  beforeInsert?: (trx: Kysely<DB>) => Promise<void>;
}

/** Thrown for input the lawyer API should have rejected already (e.g. a phone number without enough digits). */
export class InvalidCaseFileInput extends Error {
  override readonly name = 'InvalidCaseFileInput';
}

const defaultLawyer = { name: 'Ihre Kanzlei', gender: 'other' as const, email: 'kanzlei@rechtschat.local', phone: '', imageUrl: '' };
const caseNumberAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function caseNumber(now: Date): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += caseNumberAlphabet[randomInt(caseNumberAlphabet.length)];
  return `FA-${now.getUTCFullYear()}-${suffix}`;
}

/** Bounds of what the lawyer types into a new case file; the names as the correction allows them (clientDetails.ts). */
const CASE_FILE_TEXT_MAX = { name: 100, title: 200, description: 5000, fieldOfLaw: 200, email: 254 } as const;

/**
 * The lawyer's texts of a new file as stored: without bidi controls (a name pasted as „Eva\u202EreteP“ showed as
 * „EvaPeter“ in the console and the client's Fallakte but as „EvareteP“ in the Vollmacht PDF) and bounded (50,000
 * characters of name, title or description were stored and sent to every reader; found from outside, 2026-12-07).
 */
function caseFileTexts(input: NewCaseFile) {
  const clean = (value: string) => withoutBidiControls(value).trim();
  const texts = {
    firstName: clean(input.firstName),
    lastName: clean(input.lastName),
    title: clean(input.title),
    description: withoutBidiControls(input.description ?? ''),
    fieldOfLaw: input.fieldOfLaw === undefined ? undefined : clean(input.fieldOfLaw),
  };
  const max = CASE_FILE_TEXT_MAX;
  if (texts.firstName === '' || texts.lastName === '' || texts.title === '') throw new InvalidCaseFileInput('Name und Titel sind Pflichtangaben.');
  if (texts.firstName.length > max.name || texts.lastName.length > max.name)
    throw new InvalidCaseFileInput(`Vor- und Nachname dürfen je höchstens ${max.name} Zeichen haben.`);
  if (texts.title.length > max.title) throw new InvalidCaseFileInput(`Der Titel darf höchstens ${max.title} Zeichen haben.`);
  if (texts.description.length > max.description) throw new InvalidCaseFileInput(`Die Beschreibung darf höchstens ${max.description} Zeichen haben.`);
  if ((texts.fieldOfLaw?.length ?? 0) > max.fieldOfLaw) throw new InvalidCaseFileInput(`Das Rechtsgebiet darf höchstens ${max.fieldOfLaw} Zeichen haben.`);
  if ((input.email?.length ?? 0) > max.email) throw new InvalidCaseFileInput(`Die E-Mail-Adresse darf höchstens ${max.email} Zeichen haben.`);
  return texts;
}

/** Creates a case file with a fresh link token (returned once, stored only as SHA-256) and the PIN derived from the phone. */
export async function createCaseFile<DB extends CaseFileTables>(
  db: Kysely<DB>,
  input: NewCaseFile,
  options: CreateCaseFileOptions<DB> = {},
): Promise<CreatedCaseFile> {
  const digits = internationalDigits(input.phone);
  if (!digits) throw new InvalidCaseFileInput('Die Telefonnummer ist ungültig.');
  const text = caseFileTexts(input);
  const now = (options.now ?? (() => new Date()))();
  const hasher = options.pinHasher ?? createArgon2PinHasher();
  const token = generateLinkToken();
  const pin = pinFromPhone(digits);
  const caseId = newId();
  const lawyer = input.lawyer ?? defaultLawyer;
  const iso = now.toISOString();
  const number = caseNumber(now);
  const row: CaseFileTable = {
    id: caseId,
    token_hash: linkTokenHash(token),
    case_number: number,
    title: text.title,
    description: text.description,
    field_of_law: text.fieldOfLaw ?? 'Allgemeines Zivilrecht/Sonstiges',
    status: 'Offen',
    closed: 0,
    opponent: null,
    first_name: text.firstName,
    last_name: text.lastName,
    phone: `+${digits}`,
    email: input.email ?? null,
    street: null,
    postal_code: null,
    city: null,
    pin_hash: await hasher.hash(pin),
    lawyer_id: input.lawyerId ?? null,
    lawyer_name: lawyer.name,
    lawyer_gender: lawyer.gender,
    lawyer_email: lawyer.email,
    lawyer_phone: lawyer.phone,
    lawyer_image_url: lawyer.imageUrl,
    failed_attempts: 0,
    locked_until: null,
    consent_privacy_at: null,
    consent_terms_at: null,
    questionnaire_json: null,
    questionnaire_submitted_at: null,
    power_of_attorney_signed_at: null,
    ...(input.chatCaseId ? { chat_case_id: input.chatCaseId } : {}),
    // Kept while the mandate is open; ending it sets the § 50 BRAO deadline (mandate.ts).
    retention_until: OPEN_MANDATE_RETENTION_UNTIL,
    created_at: iso,
    updated_at: iso,
  };
  const created = { kind: 'Created', title: 'Fallakte angelegt', text: 'Ihre digitale Fallakte wurde angelegt.' };
  await insertCaseFile(db, row, { id: newSortableId(now), case_file_id: caseId, created_at: iso, ...created }, options.beforeInsert);
  return { caseId, caseNumber: number, token, pin, urlPath: caseFileUrlPath(token) };
}

/** Path of a case file's link on the web origin (the client app's route). */
export const caseFileUrlPath = (token: string) => `/digitale-fallakte/${token}`;

/** The client's link as the lawyer hands it over: `urlPath` on the first web origin (creation and a new link alike). */
export const caseFileLinkUrl = (webOrigins: readonly string[], urlPath: string) => new URL(urlPath, `${webOrigins[0]}/`).toString();

/** Looks a case file up by its link token; malformed tokens never reach the database. */
export async function findCaseByToken(db: CaseFileDb, token: string): Promise<CaseFileTable | undefined> {
  if (!looksLikeLinkToken(token)) return undefined;
  return findCaseByTokenHash(db, linkTokenHash(token));
}

export async function addHistory(db: CaseFileDb, caseFileId: string, entry: { kind: string; title: string; text: string }, now: Date): Promise<void> {
  await insertHistory(db, { id: newSortableId(now), case_file_id: caseFileId, created_at: now.toISOString(), ...entry });
}

export async function listHistory(db: CaseFileDb, caseFileId: string): Promise<HistoryEntry[]> {
  const rows = await listHistoryRows(db, caseFileId);
  return rows.map((r) => ({ Id: r.id, Created: r.created_at, Kind: r.kind, Title: r.title, Text: r.text }));
}

export function toSummary(row: CaseFileTable): CaseSummary {
  return {
    CaseId: row.id,
    CaseNumber: row.case_number,
    Title: row.title,
    FieldOfLaw: row.field_of_law,
    Status: row.status,
    Closed: row.closed === 1,
    CreatedAt: row.created_at,
  };
}

export function toDetails(row: CaseFileTable): CaseDetails {
  return { ...toSummary(row), Description: row.description, Opponent: row.opponent, UpdatedAt: row.updated_at };
}

/**
 * The client's own data. The phone number is masked like on the login page: its last four digits are the
 * PIN, so the full number is a credential and never leaves the server.
 */
export function toPerson(row: CaseFileTable): PersonInfo {
  return {
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    Phone: maskedPhoneNumber(row.phone),
    Street: row.street,
    PostalCode: row.postal_code,
    City: row.city,
  };
}

export function toLawyer(row: CaseFileTable): CaseFileLawyer {
  const gender: LawyerGender = row.lawyer_gender === 'female' || row.lawyer_gender === 'male' ? row.lawyer_gender : 'other';
  return { Name: row.lawyer_name, Gender: gender, ImageUrl: row.lawyer_image_url, Email: row.lawyer_email, Phone: row.lawyer_phone };
}
