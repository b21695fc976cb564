// The insurers feature's Kysely table interfaces (migrations 0014_firm_administration, 0025_insurer_key_last_used,
// 0047_insurer_ended): insurers as tenants and their entry-token keys by kid. The migrations stay in
// platform/storage/migrations (one ordered list for both engines).

export interface InsurersTable {
  id: string;
  name: string;
  display_name: string | null;
  created_at: string;
  /** When the firm ended the collaboration (migration 0047): every key revoked then, no new key while set; null: it runs. */
  ended_at: string | null;
}

export interface InsurerKeysTable {
  kid: string;
  insurer_id: string;
  /** AES-256-GCM of the HS256 secret under a key derived from SESSION_SECRET: `iv.tag.ciphertext`, base64url. */
  secret_enc: string;
  created_at: string;
  revoked_at: string | null;
  /** The last accepted entry token signed with the key, to about a minute (migration 0025, keyUse.ts); null: never. */
  last_used_at: string | null;
}

declare module '../../platform/storage/database.js' {
  /** The insurers feature's tables in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    insurers: InsurersTable;
    insurer_keys: InsurerKeysTable;
  }
}
