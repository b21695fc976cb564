// The audit log of administrative actions (migration 0014 `admin_audit_log`): who did what to whom, when and from
// where. Every admin route and operator command writes one entry in the same transaction as its change where it can;
// the console shows the log. Details never hold secrets, tokens, message content or insurance numbers in clear.
import type { AuditAction } from '@rechtschat/core';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import { newSortableId } from '../../platform/ids.js';
import { type AuditEntryQuery, insertAuditEntry, selectAuditEntries } from './auditLogQueries.js';
import type { AdminAuditLogTable } from './tables.js';
import type { Database } from '../../platform/storage/database.js';

export interface AuditActor {
  /** The administrator; null for an operator command on the server (CLI). */
  readonly id: string | null;
  readonly name: string;
  readonly ip?: string | null;
}

export interface AuditEntry {
  /** One of core's AuditActionCodec: the Protokoll's filter offers exactly these. */
  readonly action: AuditAction;
  readonly target?: { readonly kind: string; readonly id: string; readonly label?: string };
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
}

export const CLI_ACTOR: AuditActor = { id: null, name: 'Server-Befehl' };

export async function recordAdminAction(db: Kysely<Database> | Transaction<Database>, clock: Clock, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const now = clock.now();
  await insertAuditEntry(db, {
    id: newSortableId(now),
    at: now.toISOString(),
    actor_id: actor.id,
    actor_name: actor.name,
    action: entry.action,
    target_kind: entry.target?.kind ?? null,
    target_id: entry.target?.id ?? null,
    target_label: entry.target?.label ?? null,
    details: JSON.stringify(entry.details ?? {}),
    ip: actor.ip ?? null,
  });
}

/** Newest first, the entries that pass every filter of `query`; `before` is the `id` of the previous page's last entry. */
export async function listAdminActions(db: Kysely<Database>, query: AuditEntryQuery): Promise<AdminAuditLogTable[]> {
  return selectAuditEntries(db, query);
}
