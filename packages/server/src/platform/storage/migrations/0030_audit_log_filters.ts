// Migration 0030: the Protokoll can be filtered by kind of entry and by who acted (GET api/admin/audit?action=&actor=,
// features/admin/auditLogQueries.ts). Both read newest first by id, so (action, id) and (actor_id, id) make a
// filtered page a short index range read backwards instead of a walk over every entry until enough match. The period
// filter needs none: it is a range of the sortable ids themselves (primary key).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('admin_audit_log_action_id').on('admin_audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('admin_audit_log_actor_id').on('admin_audit_log').columns(['actor_id', 'id']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('admin_audit_log_actor_id').execute();
  await db.schema.dropIndex('admin_audit_log_action_id').execute();
}

export const auditLogFiltersMigration: Migration = { up, down };
