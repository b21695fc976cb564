// Kysely table interfaces of migrations 0007_lawyer_login_security (the per-account lawyer login throttle and the
// lawyers' TOTP second factor) and 0012_lawyer_recovery_codes. Times are ISO 8601 UTC text, as everywhere.

/** Failed lawyer logins per account (keyed by SHA-256 of the normalised e-mail, also for unknown addresses). */
export interface LawyerLoginThrottleTable {
  account_key: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

export interface LawyerTotpTable {
  lawyer_id: string;
  /** AES-256-GCM of the base32 secret under a key derived from SESSION_SECRET: `iv.tag.ciphertext`, base64url. */
  secret_enc: string;
  /** Null while enrolment is not confirmed with a first code; only confirmed secrets are required at login. */
  confirmed_at: string | null;
  /** Highest TOTP time step used so far: a code is accepted once. */
  last_step: number;
  created_at: string;
}

/** Single-use recovery codes (look-up secrets) of a lawyer with a confirmed TOTP factor. */
export interface LawyerRecoveryCodesTable {
  lawyer_id: string;
  /** HMAC-SHA-256 of the normalised code under a key derived from SESSION_SECRET, base64url; never the code. */
  code_hash: string;
  created_at: string;
  /** Set once when the code signs the lawyer in; a used code never works again. */
  used_at: string | null;
}

export interface SecurityTables {
  lawyer_login_throttle: LawyerLoginThrottleTable;
  lawyer_totp: LawyerTotpTable;
  lawyer_recovery_codes: LawyerRecoveryCodesTable;
}
