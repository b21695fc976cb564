// The admin feature's Kysely table interfaces (migration 0014_firm_administration): account links and the admin
// audit log. The new `lawyers` columns of that migration are in features/lawyer/tables.ts beside the table,
// `cases.insurer_id` in features/chat/tables.ts. The migrations stay in platform/storage/migrations.

export type LawyerAccountLinkPurpose = 'setup' | 'invitation' | 'passwordReset';

/** A single-use link: only the SHA-256 of its token is stored. */
export interface LawyerAccountLinksTable {
  token_hash: string;
  purpose: LawyerAccountLinkPurpose;
  lawyer_id: string | null;
  email: string | null;
  role: 'admin' | 'lawyer' | null;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AdminAuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON object; never secrets, tokens or message content. */
  details: string;
  ip: string | null;
}

declare module '../../platform/storage/database.js' {
  /** The admin feature's tables in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    lawyer_account_links: LawyerAccountLinksTable;
    admin_audit_log: AdminAuditLogTable;
  }
}
