// The product feature's Kysely table interfaces (migration 0001): the customers behind the customer login, their
// participants and the entry tokens already used. Times are ISO 8601 UTC text, booleans 0/1 integers, as everywhere.
// The migrations stay in platform/storage/migrations (one ordered list for both engines).
import type { Flag } from '../../platform/storage/database.js';

export interface CustomersTable {
  id: string;
  /** HMAC of the insurance number with SESSION_SECRET; the number itself is never stored. */
  number_hash: string;
  second_level_enabled: Flag;
  /** Migration 0019: the insurer whose entry token signed the customer in; null: the single-insurer default. */
  insurer_id: string | null;
  created_at: string;
}

export interface ParticipantsTable {
  id: string;
  customer_id: string;
  created_at: string;
}

export interface UsedEntryTokensTable {
  jti: string;
  expires_at: string;
}

declare module '../../platform/storage/database.js' {
  /** The product feature's tables in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    customers: CustomersTable;
    participants: ParticipantsTable;
    used_entry_tokens: UsedEntryTokensTable;
  }
}
