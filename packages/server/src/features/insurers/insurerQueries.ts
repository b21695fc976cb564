// Queries of the insurers (migration 0014 `insurers`, `insurer_keys`; 0019 `customers.insurer_id`; 0047
// `insurers.ended_at`). Every change runs in one transaction with its audit entry (`audit`).
//
// Races with the logins and between administrators are settled by row locks, not by reading first: on SQLite every
// transaction of the process runs alone anyway (one connection); on PostgreSQL (READ COMMITTED) a statement that finds a
// row another transaction has changed waits for its commit and then re-checks its WHERE on the committed row, and each
// later statement of the transaction sees what was committed before it. So
//  - a new key takes the insurer row's lock with a no-op update `… where ended_at is null` before it is inserted: an end
//    of the collaboration committing meanwhile is waited for and seen (no key is added behind the end), and an end
//    waiting for the new key's commit revokes that key too;
//  - deleting an insurer takes the insurer row's lock, deletes its never-used keys (locking them) and then the insurer
//    only where no customer, case or remaining (used) key names it. A first login with one of those keys writes its use
//    with `… where revoked_at is null` (claimFirstKeyUse) before any customer is created: either it committed first –
//    the key is used and the deletion refused – or it waits for the deletion and finds no key (the login is refused).
//    The same write makes a first login that meets the end of the collaboration (its keys revoked) wait and fail.
import { sql, type Transaction } from 'kysely';
import { sortByGermanName } from '@rechtschat/core';
import type { Database, Db, Engine } from '../../platform/storage/database.js';
import type { InsurerKeysTable, InsurersTable } from './tables.js';

export type Audit = (trx: Transaction<Database>) => Promise<void>;

/** Every insurer in German name order (Ä with A, "Nr. 2" before "Nr. 10"), the same on both engines. */
export async function findInsurers(db: Db): Promise<InsurersTable[]> {
  return sortByGermanName(await db.selectFrom('insurers').selectAll().execute(), (row) => row.name);
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

/** Of `insurerIds`, those a customer or a case names: they were used and cannot be deleted (deleteUnusedInsurer). */
export async function findInsurersWithClients(db: Db, insurerIds: readonly string[]): Promise<ReadonlySet<string>> {
  if (insurerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('customers')
    .select('insurer_id')
    .where('insurer_id', 'in', insurerIds)
    .union(db.selectFrom('cases').select('insurer_id').where('insurer_id', 'in', insurerIds))
    .execute();
  return new Set(rows.flatMap((row) => (row.insurer_id === null ? [] : [row.insurer_id])));
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

/**
 * Inserts the key while the collaboration with its insurer runs; false (nothing written) when the insurer is ended or
 * gone. The no-op update takes the insurer row's lock first (see the top of this file).
 */
export async function insertInsurerKey(db: Db, row: InsurerKeysTable, audit: Audit): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .updateTable('insurers')
      .set((eb) => ({ ended_at: eb.ref('ended_at') }))
      .where('id', '=', row.insurer_id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(open.numUpdatedRows) === 0) return false;
    await trx.insertInto('insurer_keys').values(row).execute();
    await audit(trx);
    return true;
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

/**
 * The first accepted token of a key never used before: writes its use (keeping a time another instance wrote first)
 * only while the key exists and is not revoked; false when it was revoked or deleted meanwhile (the login is refused).
 */
export async function claimFirstKeyUse(db: Db, kid: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('insurer_keys')
    .set({ last_used_at: sql<string>`coalesce(last_used_at, ${at})` })
    .where('kid', '=', kid)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Whether the key is still there and not revoked, asked after a client session was stored under it. A revocation
 * revokes the key first and then, in the same commit, deletes the sessions the key opened (revokeKey): a session stored
 * before that delete is deleted with it, and one stored after it finds the key revoked here. PostgreSQL reads the row
 * `for share`, so this waits for a revocation that holds the row and reads its outcome; SQLite's one connection runs the
 * revocation's transaction alone anyway.
 */
export async function isEntryKeyValid(db: Db, engine: Engine, kid: string): Promise<boolean> {
  const query = db.selectFrom('insurer_keys').select('revoked_at').where('kid', '=', kid);
  const row = await (engine === 'postgres' ? query.forShare() : query).executeTakeFirst();
  return row !== undefined && row.revoked_at === null;
}

/** A client session a revoked key had opened: its kind and subject (the participant). */
export interface EndedClientSession {
  readonly kind: 'web' | 'chat';
  readonly participantId: string;
}

/** Ends, in the caller's transaction, the client sessions and unused chat tickets the keys' entry tokens opened (migration 0034). */
async function endClientSessionsOf(trx: Transaction<Database>, kids: readonly string[]): Promise<EndedClientSession[]> {
  if (kids.length === 0) return [];
  const ended = await trx
    .deleteFrom('sessions')
    .where('entry_kid', 'in', kids)
    .where('kind', 'in', ['web', 'chat'])
    .returning(['kind', 'subject_id'])
    .execute();
  await trx.deleteFrom('login_tickets').where('entry_kid', 'in', kids).execute();
  return ended.map((row) => ({ kind: row.kind as EndedClientSession['kind'], participantId: row.subject_id }));
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
    const ended = await endClientSessionsOf(trx, [kid]);
    await audit(trx, ended.length);
    return ended;
  });
}

/**
 * Ends the collaboration with the insurer: marks it ended and, in the same commit, revokes every key of it not revoked
 * yet and ends the client sessions those keys opened, as revokeKey does for one key. Undefined when the insurer is gone
 * or already ended. The audit gets the revoked kids (newest first) and the number of ended sessions.
 */
export async function endCollaboration(
  db: Db,
  insurerId: string,
  at: string,
  audit: (trx: Transaction<Database>, revokedKids: readonly string[], endedSessions: number) => Promise<void>,
): Promise<EndedClientSession[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('insurers').set({ ended_at: at }).where('id', '=', insurerId).where('ended_at', 'is', null).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    // After the insurer row's lock: a key whose insertion committed while this waited for it is revoked too.
    const revoked = await trx
      .updateTable('insurer_keys')
      .set({ revoked_at: at })
      .where('insurer_id', '=', insurerId)
      .where('revoked_at', 'is', null)
      .returning(['kid', 'created_at'])
      .execute();
    const kids = revoked.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.kid.localeCompare(b.kid)).map((row) => row.kid);
    const ended = await endClientSessionsOf(trx, kids);
    await audit(trx, kids, ended.length);
    return ended;
  });
}

/** Resumes an ended collaboration (its keys stay revoked); false when the insurer is gone or not ended. */
export async function resumeCollaboration(db: Db, insurerId: string, audit: Audit): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('insurers').set({ ended_at: null }).where('id', '=', insurerId).where('ended_at', 'is not', null).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await audit(trx);
    return true;
  });
}

/** Thrown inside the deletion's transaction to roll its key deletion back. */
class InsurerInUse extends Error {}

/**
 * Deletes an insurer that was never used – no customer and no case names it, and none of its keys ever signed an
 * accepted token – with its keys, in one transaction with the audit (which gets the deleted kids); false, with nothing
 * deleted, when it is gone or was used. How this meets a first login at the same moment: see the top of this file.
 * `customers.insurer_id` has no index: for a rare administrative act a scan of the customers is cheaper than an index
 * every customer insert would maintain (`cases.insurer_id` has one, migration 0014).
 */
export async function deleteUnusedInsurer(
  db: Db,
  insurerId: string,
  audit: (trx: Transaction<Database>, deletedKids: readonly string[]) => Promise<void>,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      // The insurer row's lock first, as a new key takes it: a key made at this moment is either committed (and, never
      // used, deleted below with the others) or waits and then finds no insurer.
      const found = await trx
        .updateTable('insurers')
        .set((eb) => ({ ended_at: eb.ref('ended_at') }))
        .where('id', '=', insurerId)
        .executeTakeFirst();
      if (Number(found.numUpdatedRows) === 0) return false;
      const unused = await trx.deleteFrom('insurer_keys').where('insurer_id', '=', insurerId).where('last_used_at', 'is', null).returning('kid').execute();
      const deleted = await trx
        .deleteFrom('insurers')
        .where('id', '=', insurerId)
        .where(({ and, not, exists, selectFrom }) =>
          and([
            not(exists(selectFrom('customers').select('customers.id').where('customers.insurer_id', '=', insurerId))),
            not(exists(selectFrom('cases').select('cases.id').where('cases.insurer_id', '=', insurerId))),
            // What is left of its keys after the line above: the used ones.
            not(exists(selectFrom('insurer_keys').select('insurer_keys.kid').where('insurer_keys.insurer_id', '=', insurerId))),
          ]),
        )
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new InsurerInUse();
      await audit(
        trx,
        unused.map((row) => row.kid),
      );
      return true;
    });
  } catch (error) {
    if (error instanceof InsurerInUse) return false;
    throw error;
  }
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
