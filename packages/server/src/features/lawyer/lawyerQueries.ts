// Queries on the `lawyers` table: the only place the lawyer feature reads or writes lawyer rows.
import { sortByFamilyName, type LawyerGender } from '@rechtschat/core';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { LawyersTable } from './tables.js';

/** `email` is compared as given; callers normalise it (trim, lower case). */
export function findLawyerByEmail(db: Db, email: string): Promise<LawyersTable | undefined> {
  return db.selectFrom('lawyers').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findLawyerById(db: Db, id: string): Promise<LawyersTable | undefined> {
  return db.selectFrom('lawyers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertLawyer(db: Db, row: LawyersTable): Promise<void> {
  await db.insertInto('lawyers').values(row).execute();
}

/** Every active lawyer except `lawyerId`, in German name order: the forwarding targets (a deactivated lawyer is never one). */
export async function listLawyersExcept(db: Db, lawyerId: string): Promise<LawyersTable[]> {
  return sortByFamilyName(await db.selectFrom('lawyers').selectAll().where('id', '!=', lawyerId).where('active', '=', 1).execute(), (row) => row.name);
}

/**
 * Sets `last_login_at` of an active lawyer whose password hash is still `passwordHash` and whose set of second factors
 * is still at `mfaVersion`; the rows changed (0: unknown, deactivated, password changed or second factors changed).
 */
export async function updateLastLoginOfActive(db: Db, lawyerId: string, passwordHash: string, mfaVersion: number, at: string): Promise<number> {
  const result = await db
    .updateTable('lawyers')
    .set({ last_login_at: at })
    .where('id', '=', lawyerId)
    .where('active', '=', 1)
    .where('password_hash', '=', passwordHash)
    .where('mfa_version', '=', mfaVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Raises the version of the lawyer's set of second factors (migration 0051). Called after every change of the set has
 * been written – a reset, a confirmed authenticator, a new set of recovery codes, the authenticator switched off, a
 * passkey added or removed – and before any session is ended for it: a login that read the account before this write
 * and checked the old factors then finds another version when it records its session, and drops it.
 */
export async function bumpMfaVersion(db: Db, lawyerId: string): Promise<void> {
  await db
    .updateTable('lawyers')
    .set((eb) => ({ mfa_version: eb('mfa_version', '+', 1) }))
    .where('id', '=', lawyerId)
    .execute();
}

/** Name and gender, and the phone number when given. */
export async function updateLawyerNameAndGender(
  db: Db,
  lawyerId: string,
  values: { readonly name: string; readonly gender: LawyerGender; readonly phone?: string },
  /** Written in the same transaction (the audit entry of the change). */
  alongside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('lawyers').set(values).where('id', '=', lawyerId).execute();
    await alongside?.(trx);
  });
}

/** Points the lawyer at a stored photo, or at none (`null`, `null`). */
export async function updateLawyerPhoto(db: Db, lawyerId: string, storageName: string | null, contentType: string | null): Promise<void> {
  await db.updateTable('lawyers').set({ photo_storage_name: storageName, photo_content_type: contentType }).where('id', '=', lawyerId).execute();
}

export function findLawyerPhoto(db: Db, lawyerId: string): Promise<Pick<LawyersTable, 'photo_storage_name' | 'photo_content_type'> | undefined> {
  return db.selectFrom('lawyers').select(['photo_storage_name', 'photo_content_type']).where('id', '=', lawyerId).executeTakeFirst();
}

export async function updateLawyerPasswordHash(db: Db, lawyerId: string, passwordHash: string): Promise<void> {
  await db.updateTable('lawyers').set({ password_hash: passwordHash }).where('id', '=', lawyerId).execute();
}

/** The lawyers among `ids` whose console had a hub connection at or after `since` (lawyer_presence, all processes). */
export async function lawyersSeenSince(db: Db, ids: readonly string[], since: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('lawyer_presence').select('lawyer_id').where('lawyer_id', 'in', ids).where('last_seen_at', '>=', since).execute();
  return new Set(rows.map((r) => r.lawyer_id));
}
