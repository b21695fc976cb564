// Queries of the admin audit log (migration 0014 `admin_audit_log`); auditLog.ts decides what an entry holds.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminAuditLogTable } from './tables.js';
import type { Database } from '../../platform/storage/database.js';

export async function insertAuditEntry(db: Kysely<Database> | Transaction<Database>, row: AdminAuditLogTable): Promise<void> {
  await db.insertInto('admin_audit_log').values(row).execute();
}

/** What a page of the log holds; every filter given must pass (AND). */
export interface AuditEntryQuery {
  readonly limit: number;
  /** The `id` of the last entry of the previous page (ids sort by time). */
  readonly before?: string;
  readonly action?: string;
  /** The acting administrator's id; null: the operator commands (no actor). */
  readonly actorId?: string | null;
  /** Id bounds of a period (ids begin with their time, ids.ts sortableIdFloor): from inclusive, to exclusive. */
  readonly idFrom?: string;
  readonly idTo?: string;
  /** Lower-case text looked for in the target's label and id and in the details. */
  readonly text?: string;
}

/** `text` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Newest first. Kind and actor are read through their (column, id) indexes (migration 0030), the period is an id
 * range of the primary key; the text has no index – it only narrows what those leave, in a log of administrative
 * actions that stays small (purged after its retention).
 */
export function auditEntriesQuery(db: Kysely<Database>, options: AuditEntryQuery) {
  let query = db.selectFrom('admin_audit_log').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  if (options.idFrom !== undefined) query = query.where('id', '>=', options.idFrom);
  if (options.idTo !== undefined) query = query.where('id', '<', options.idTo);
  if (options.action !== undefined) query = query.where('action', '=', options.action);
  if (options.actorId !== undefined) query = query.where('actor_id', options.actorId === null ? 'is' : '=', options.actorId);
  if (options.text !== undefined) {
    const pattern = containsPattern(options.text);
    // lower() on both engines: PostgreSQL's LIKE heeds case, SQLite's only for ASCII letters.
    query = query.where(
      (eb) =>
        sql<boolean>`(lower(coalesce(${eb.ref('target_label')}, '')) like ${pattern} escape '\\' or lower(coalesce(${eb.ref('target_id')}, '')) like ${pattern} escape '\\' or lower(${eb.ref('details')}) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

export function selectAuditEntries(db: Kysely<Database>, options: AuditEntryQuery): Promise<AdminAuditLogTable[]> {
  return auditEntriesQuery(db, options).execute();
}

/** True when a lawyer with this id exists or ever acted in the log (a filter by a stranger's id is refused). */
export async function isKnownActor(db: Kysely<Database>, id: string): Promise<boolean> {
  const lawyer = await db.selectFrom('lawyers').select('id').where('id', '=', id).executeTakeFirst();
  if (lawyer) return true;
  const acted = await db.selectFrom('admin_audit_log').select('id').where('actor_id', '=', id).limit(1).executeTakeFirst();
  return acted !== undefined;
}

/** The name of a lawyer, or the name they last acted under in the log; null when neither is known. */
export async function actorNameOf(db: Kysely<Database>, id: string): Promise<string | null> {
  const lawyer = await db.selectFrom('lawyers').select('name').where('id', '=', id).executeTakeFirst();
  if (lawyer) return lawyer.name;
  const acted = await db.selectFrom('admin_audit_log').select('actor_name').where('actor_id', '=', id).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return acted?.actor_name ?? null;
}
