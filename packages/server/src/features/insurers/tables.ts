// The insurers feature's Kysely table interfaces (migration 0014_firm_administration): insurers as tenants and their
// entry-token keys by kid. The migrations stay in platform/storage/migrations (one ordered list for both engines).

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

declare module '../../platform/storage/database.js' {
  /** The insurers feature's tables in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    insurers: InsurersTable;
    insurer_keys: InsurerKeysTable;
  }
}
