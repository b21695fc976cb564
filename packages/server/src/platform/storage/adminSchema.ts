// Kysely table interfaces of migration 0014_firm_administration: account links, the admin audit log and insurers.
// The new `lawyers` columns are in chatSchema.ts beside the table; `cases.insurer_id` likewise.

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

export interface InsurersTable {
  id: string;
  name: string;
  display_name: string | null;
  created_at: string;
}

export interface InsurerKeysTable {
  kid: string;
  insurer_id: string;
  /** AES-256-GCM of the HS256 secret under a key derived from SESSION_SECRET: `iv.tag.ciphertext`, base64url. */
  secret_enc: string;
  created_at: string;
  revoked_at: string | null;
}

export interface AdminTables {
  lawyer_account_links: LawyerAccountLinksTable;
  admin_audit_log: AdminAuditLogTable;
  insurers: InsurersTable;
  insurer_keys: InsurerKeysTable;
}
