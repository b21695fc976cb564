// Queries of the insurers (migration 0014 `insurers`, `insurer_keys`; 0019 `customers.insurer_id`). Every change runs
// in one transaction with its audit entry (`audit`).
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { InsurerKeysTable, InsurersTable } from './tables.js';

export type Audit = (trx: Transaction<Database>) => Promise<void>;

export async function findInsurers(db: Db): Promise<InsurersTable[]> {
  return db.selectFrom('insurers').selectAll().orderBy('name').orderBy('id').execute();
}

export async function findInsurer(db: Db, id: string): Promise<InsurersTable | undefined> {
  return db.selectFrom('insurers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Keys without their secrets, newest first. */
export async function findInsurerKeys(db: Db, insurerIds: readonly string[]): Promise<Omit<InsurerKeysTable, 'secret_enc'>[]> {
  if (insurerIds.length === 0) return [];
  return db
    .selectFrom('insurer_keys')
    .select(['kid', 'insurer_id', 'created_at', 'revoked_at', 'last_used_at'])
    .where('insurer_id', 'in', insurerIds)
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute();
}

export async function findInsurerKey(db: Db, kid: string): Promise<InsurerKeysTable | undefined> {
  return db.selectFrom('insurer_keys').selectAll().where('kid', '=', kid).executeTakeFirst();
}

export async function insertInsurer(db: Db, row: InsurersTable, audit: Audit): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('insurers').values(row).execute();
    await audit(trx);
  });
}

export async function updateInsurerNames(db: Db, id: string, names: Pick<InsurersTable, 'name' | 'display_name'>, audit: Audit): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('insurers').set(names).where('id', '=', id).execute();
    await audit(trx);
  });
}

export async function insertInsurerKey(db: Db, row: InsurerKeysTable, audit: Audit): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('insurer_keys').values(row).execute();
    await audit(trx);
  });
}

/**
 * Sets the key's last use to `at` when it has none yet or an older one than `olderThan` (keyUse.ts: at most about one
 * write per key and minute; never back in time).
 */
export async function touchInsurerKeyUse(db: Db, kid: string, at: string, olderThan: string): Promise<void> {
  await db
    .updateTable('insurer_keys')
    .set({ last_used_at: at })
    .where('kid', '=', kid)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', olderThan)]))
    .execute();
}

/** A client session a revoked key had opened: its kind and subject (the participant). */
export interface EndedClientSession {
  readonly kind: 'web' | 'chat';
  readonly participantId: string;
}

/**
 * Revokes a key of the insurer that is not revoked yet and, in the same commit, ends the client sessions and unused chat
 * tickets its entry tokens opened (migration 0034); undefined when there is no such key. A request with one of those
 * cookies that arrives after the commit finds no session.
 */
export async function revokeKey(
  db: Db,
  insurerId: string,
  kid: string,
  at: string,
  audit: (trx: Transaction<Database>, endedSessions: number) => Promise<void>,
): Promise<EndedClientSession[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('insurer_keys')
      .set({ revoked_at: at })
      .where('kid', '=', kid)
      .where('insurer_id', '=', insurerId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    const ended = await trx
      .deleteFrom('sessions')
      .where('entry_kid', '=', kid)
      .where('kind', 'in', ['web', 'chat'])
      .returning(['kind', 'subject_id'])
      .execute();
    await trx.deleteFrom('login_tickets').where('entry_kid', '=', kid).execute();
    await audit(trx, ended.length);
    return ended.map((row) => ({ kind: row.kind as EndedClientSession['kind'], participantId: row.subject_id }));
  });
}

/** The insurer of the participant's customer (null: the single-insurer default). */
export async function findInsurerIdOfParticipant(db: Db, participantId: string): Promise<string | null> {
  const row = await db
    .selectFrom('participants')
    .innerJoin('customers', 'customers.id', 'participants.customer_id')
    .select('customers.insurer_id')
    .where('participants.id', '=', participantId)
    .executeTakeFirst();
  return row?.insurer_id ?? null;
}

/** The display name of the participant's insurer, when it has one. */
export async function findInsurerDisplayNameOfParticipant(db: Db, participantId: string): Promise<string | null> {
  const row = await db
    .selectFrom('participants')
    .innerJoin('customers', 'customers.id', 'participants.customer_id')
    .innerJoin('insurers', 'insurers.id', 'customers.insurer_id')
    .select('insurers.display_name')
    .where('participants.id', '=', participantId)
    .executeTakeFirst();
  return row?.display_name ?? null;
}
