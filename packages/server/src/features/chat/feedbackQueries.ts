// Queries of the after-chat feedback (Kysely): callback requests, ratings, second-level phone numbers.
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { CallbacksTable, RatingsTable, SecondLevelPhonesTable } from './tables.js';

/**
 * Stores the callback request – or, when the case already has one that no lawyer has marked done, updates that one's
 * number and time instead: one open request per case, so lawyers never see (and call) the same client twice.
 */
export async function upsertOpenCallbackRequest(db: Db, row: CallbacksTable): Promise<'created' | 'updated'> {
  return db.transaction().execute((trx) => upsertOpenCallback(trx, row));
}

async function upsertOpenCallback(trx: Transaction<Database>, row: CallbacksTable): Promise<'created' | 'updated'> {
  // Locks the case's row (PostgreSQL), so two requests of one case run one after the other.
  await trx
    .updateTable('cases')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', row.case_id)
    .execute();
  const updated = await trx
    .updateTable('callbacks')
    .set({ phone: row.phone, availability: row.availability })
    .where('case_id', '=', row.case_id)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return 'updated';
  await trx.insertInto('callbacks').values(row).execute();
  return 'created';
}

/** A callback row as the lawyers' list shows it: with its case's problem and the names of the lawyers it names. */
export type ListedCallback = CallbacksTable & {
  description: string;
  field_of_law_long_name: string;
  done_by_name: string | null;
  /** The lawyer of the callback's chat (null: nobody took it) and their name. */
  chat_lawyer_id: string | null;
  chat_lawyer_name: string | null;
  assigned_lawyer_name: string | null;
};

/**
 * The newest 200 callback requests, with their case's problem and field of law, the name of who marked one done and
 * the lawyers whose call it is: the colleague it was handed to and the lawyer who held its chat (the caller picks).
 */
export async function listLatestCallbacks(db: Db): Promise<ListedCallback[]> {
  return db
    .selectFrom('callbacks')
    .innerJoin('cases', 'cases.id', 'callbacks.case_id')
    .leftJoin('chats', 'chats.id', 'callbacks.chat_id')
    .leftJoin('lawyers as done_by', 'done_by.id', 'callbacks.done_by_lawyer_id')
    .leftJoin('lawyers as assigned', 'assigned.id', 'callbacks.assigned_lawyer_id')
    .leftJoin('lawyers as chat_lawyer', 'chat_lawyer.id', 'chats.lawyer_id')
    .selectAll('callbacks')
    .select([
      'cases.description',
      'cases.field_of_law_long_name',
      'done_by.name as done_by_name',
      'assigned.name as assigned_lawyer_name',
      'chats.lawyer_id as chat_lawyer_id',
      'chat_lawyer.name as chat_lawyer_name',
    ])
    .orderBy('callbacks.created_at', 'desc')
    .limit(200)
    .execute();
}

/**
 * Sets a callback's done time and who marked it, or clears both; false when there is no such callback. Marked done, a
 * callback nobody's yet (`assignedLawyerIdIfFree`) becomes the marking lawyer's, in the same statement – as
 * `claimCallbackIfFree`; undone, whoever it belongs to keeps it.
 */
export async function updateCallbackDone(db: Db, callbackId: string, done: { readonly at: string; readonly lawyerId: string } | null): Promise<boolean> {
  const result = await db
    .updateTable('callbacks')
    .set((eb) => ({
      done_at: done?.at ?? null,
      done_by_lawyer_id: done?.lawyerId ?? null,
      ...(done
        ? {
            assigned_lawyer_id: eb.case().when(unclaimed(eb)).then(done.lawyerId).else(eb.ref('callbacks.assigned_lawyer_id')).end(),
          }
        : {}),
    }))
    .where('id', '=', callbackId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a callback is nobody's call yet: no colleague it was given to (`assigned_lawyer_id`) and no lawyer who held
 * its chat – the list's `coalesce(callbacks.assigned_lawyer_id, chats.lawyer_id)` is null.
 */
const unclaimed = (eb: ExpressionBuilder<Database, 'callbacks'>) =>
  eb.and([
    eb('callbacks.assigned_lawyer_id', 'is', null),
    eb.not(eb.exists(eb.selectFrom('chats').select('chats.id').whereRef('chats.id', '=', 'callbacks.chat_id').where('chats.lawyer_id', 'is not', null))),
  ]);

/**
 * „Übernehmen“: the callback becomes `lawyerId`'s only while it is nobody's call – one conditional UPDATE, so of two
 * lawyers claiming at the same moment exactly one wins. True when this call took it.
 */
export async function claimCallbackIfFree(db: Db, callbackId: string, lawyerId: string): Promise<boolean> {
  const result = await db
    .updateTable('callbacks')
    .set({ assigned_lawyer_id: lawyerId })
    .where('id', '=', callbackId)
    .where((eb) => unclaimed(eb))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What giving a callback back (`releaseCallback`) decides on: whether it is done, whose it is and where that came from. */
export interface CallbackHolding {
  readonly done: boolean;
  /** Whose call it is now (`coalesce(assigned_lawyer_id, chats.lawyer_id)`), with the current name; null: nobody's. */
  readonly owner: { readonly id: string; readonly name: string } | null;
  /** The lawyer of its chat (who promised the call when ending it); null for a waiting client's booking. */
  readonly chatLawyerId: string | null;
  /** Its case (for the reference RC-… of an audit entry). */
  readonly caseId: string;
}

/** A callback as `releaseCallback` needs it; `undefined` when there is no such callback. */
export async function callbackHolding(db: Db, callbackId: string): Promise<CallbackHolding | undefined> {
  const row = await db
    .selectFrom('callbacks')
    .leftJoin('chats', 'chats.id', 'callbacks.chat_id')
    .leftJoin('lawyers', (join) => join.on((eb) => eb('lawyers.id', '=', eb.fn.coalesce('callbacks.assigned_lawyer_id', 'chats.lawyer_id'))))
    .select(['callbacks.done_at', 'callbacks.case_id', 'chats.lawyer_id as chat_lawyer_id', 'lawyers.id as owner_id', 'lawyers.name as owner_name'])
    .where('callbacks.id', '=', callbackId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    done: row.done_at !== null,
    owner: row.owner_id !== null && row.owner_name !== null ? { id: row.owner_id, name: row.owner_name } : null,
    chatLawyerId: row.chat_lawyer_id ?? null,
    caseId: row.case_id,
  };
}

/**
 * „Zurückgeben“: the callback `ownerId` took from the firm's list becomes nobody's call again – one conditional UPDATE
 * that holds only while it is still open, still `ownerId`'s and its chat had no lawyer (it is back where „Übernehmen“
 * found it). True when this call gave it back. `alongside` (an administrator's give-back of a colleague's callback: its
 * audit entry) runs in the same transaction, only when the UPDATE gave it back – both are written or neither.
 */
export async function releaseCallbackIfHeld(
  db: Db,
  callbackId: string,
  ownerId: string,
  alongside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  if (!alongside) return releaseHeldCallback(db, callbackId, ownerId);
  return db.transaction().execute(async (trx) => {
    const released = await releaseHeldCallback(trx, callbackId, ownerId);
    if (released) await alongside(trx);
    return released;
  });
}

async function releaseHeldCallback(db: Db | Transaction<Database>, callbackId: string, ownerId: string): Promise<boolean> {
  const result = await db
    .updateTable('callbacks')
    .set({ assigned_lawyer_id: null })
    .where('id', '=', callbackId)
    .where('assigned_lawyer_id', '=', ownerId)
    .where('done_at', 'is', null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('chats').select('chats.id').whereRef('chats.id', '=', 'callbacks.chat_id').where('chats.lawyer_id', 'is not', null))),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whose call a callback is now (id and current name), `undefined` when there is no such callback, null when nobody's. */
export async function callbackOwner(db: Db, callbackId: string): Promise<{ id: string; name: string } | null | undefined> {
  const row = await db
    .selectFrom('callbacks')
    .leftJoin('chats', 'chats.id', 'callbacks.chat_id')
    .leftJoin('lawyers', (join) => join.on((eb) => eb('lawyers.id', '=', eb.fn.coalesce('callbacks.assigned_lawyer_id', 'chats.lawyer_id'))))
    .select(['lawyers.id as id', 'lawyers.name as name'])
    .where('callbacks.id', '=', callbackId)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.id !== null && row.name !== null ? { id: row.id, name: row.name } : null;
}

/** Throws the unique violation of a second rating of the same case. */
export async function insertRating(db: Db, row: RatingsTable): Promise<void> {
  await db.insertInto('ratings').values(row).execute();
}

/**
 * The number a person left under a link parameter (no case): it replaces the one they left under the same parameter
 * before, so a person holds one row per parameter. Returns false, storing nothing, when it is a new parameter and the
 * person already holds `maxParams` of them.
 */
export async function replaceSecondLevelPhoneOfParam(db: Db, row: SecondLevelPhonesTable & { param: string }, maxParams: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // A no-op update locks the person's row (PostgreSQL), so their calls at the same moment replace, count and insert
    // one after the other: each sees the rows of the one before, and neither the limit nor "one row per parameter" is
    // passed by calling in parallel. SQLite runs write transactions one at a time anyway.
    await trx
      .updateTable('participants')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', row.participant_id)
      .execute();
    const replaced = await trx
      .deleteFrom('second_level_phones')
      .where('participant_id', '=', row.participant_id)
      .where('case_id', 'is', null)
      .where('param', '=', row.param)
      .executeTakeFirst();
    if (Number(replaced.numDeletedRows) === 0) {
      const held = await trx
        .selectFrom('second_level_phones')
        .select((eb) => eb.fn.count<number | string | bigint>('param').distinct().as('params'))
        .where('participant_id', '=', row.participant_id)
        .where('case_id', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(held.params) >= maxParams) return false;
    }
    await trx.insertInto('second_level_phones').values(row).execute();
    return true;
  });
}

/**
 * The number, and the lawyers' callback entry for it (the case's one open entry, updated when it has one): both or
 * neither. A number the case holds already is not stored again (unique index of migration 0046); its callback entry is
 * still made or updated, as for a new one.
 */
export async function insertSecondLevelPhoneWithCallback(db: Db, phone: SecondLevelPhonesTable, callback: CallbacksTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('second_level_phones')
      .values(phone)
      .onConflict((conflict) => conflict.columns(['case_id', 'phone']).doNothing())
      .execute();
    await upsertOpenCallback(trx, callback);
  });
}
