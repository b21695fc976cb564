// Queries of the admin audit log (migration 0014 `admin_audit_log`); auditLog.ts decides what an entry holds.
import type { Kysely, Transaction } from 'kysely';
import type { AdminAuditLogTable } from './tables.js';
import type { Database } from '../../platform/storage/database.js';

export async function insertAuditEntry(db: Kysely<Database> | Transaction<Database>, row: AdminAuditLogTable): Promise<void> {
  await db.insertInto('admin_audit_log').values(row).execute();
}

/** Newest first; `before` is the `id` of the last entry of the previous page (ids sort by time). */
export function selectAuditEntries(db: Kysely<Database>, options: { limit: number; before?: string }): Promise<AdminAuditLogTable[]> {
  let query = db.selectFrom('admin_audit_log').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.execute();
}
