// Queries of the Textbausteine (migration 0028). `owner` is a lawyer's id for their own templates, null for the
// firm's; every query of one template names its owner, so nobody reaches another owner's template by its id. Each
// change runs in one transaction with the limit check and, for the firm's templates, the audit entry (`audit`).
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { TextTemplatesTable } from './tables.js';

export type Audit = (trx: Transaction<Database>) => Promise<void>;
export type Owner = string | null;

type Executor = Db | Transaction<Database>;

const ofOwner = (db: Executor, owner: Owner) => {
  const query = db.selectFrom('text_templates');
  return owner === null ? query.where('owner_lawyer_id', 'is', null) : query.where('owner_lawyer_id', '=', owner);
};

export async function findTemplates(db: Db, owner: Owner): Promise<TextTemplatesTable[]> {
  return ofOwner(db, owner).selectAll().execute();
}

export async function findTemplate(db: Db, owner: Owner, id: string): Promise<TextTemplatesTable | undefined> {
  return ofOwner(db, owner).selectAll().where('id', '=', id).executeTakeFirst();
}

async function countTemplates(db: Executor, owner: Owner): Promise<number> {
  const row = await ofOwner(db, owner)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Serialises the count-and-insert of one owner's templates until the transaction ends. On PostgreSQL a transaction-level
 * advisory lock on a key derived from the schema and the owner (a lawyer's id, or the firm's templates): two
 * administrators (or two tabs of one lawyer) creating at the same moment cannot both count 199 and both insert; other
 * owners are not held up. SQLite needs nothing: the driver runs one transaction at a time on its single connection (and a
 * second process would get SQLITE_BUSY on its write, never a stale count).
 */
async function lockOwner(trx: Transaction<Database>, owner: Owner): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const key = `text_templates:${owner ?? 'firm'}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(current_schema() || ':' || ${key}, 0))`.execute(trx);
}

/** Inserts unless the owner has `limit` templates already ('full'); count and insert are atomic per owner (`lockOwner`). */
export async function insertTemplateWithin(db: Db, row: TextTemplatesTable, limit: number, audit: Audit | null): Promise<'inserted' | 'full'> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, row.owner_lawyer_id);
    if ((await countTemplates(trx, row.owner_lawyer_id)) >= limit) return 'full';
    await trx.insertInto('text_templates').values(row).execute();
    if (audit) await audit(trx);
    return 'inserted';
  });
}

/** false when the owner has no such template (never had, or removed meanwhile). */
export async function updateTemplate(
  db: Db,
  owner: Owner,
  id: string,
  changes: Pick<TextTemplatesTable, 'title' | 'text' | 'updated_at' | 'updated_by'>,
  audit: Audit | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const query = trx.updateTable('text_templates').set(changes).where('id', '=', id);
    const result = await (owner === null ? query.where('owner_lawyer_id', 'is', null) : query.where('owner_lawyer_id', '=', owner)).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (audit) await audit(trx);
    return true;
  });
}

/** false when the owner has no such template. */
export async function deleteTemplate(db: Db, owner: Owner, id: string, audit: Audit | null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const query = trx.deleteFrom('text_templates').where('id', '=', id);
    const result = await (owner === null ? query.where('owner_lawyer_id', 'is', null) : query.where('owner_lawyer_id', '=', owner)).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    if (audit) await audit(trx);
    return true;
  });
}
