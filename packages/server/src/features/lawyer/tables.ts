// The lawyer feature's Kysely table interfaces: the lawyers themselves (migration 0001, columns of 0003, 0014 and 0051;
// the admin feature writes them too and imports the row type through lawyer/index.ts), and of migrations
// 0007_lawyer_login_security (the per-account login throttle and the TOTP second factor), 0012_lawyer_recovery_codes
// and 0013_lawyer_webauthn. Times are ISO 8601 UTC text, booleans 0/1 integers, as everywhere. The migrations stay in
// platform/storage/migrations (one ordered list for both engines).
import type { Flag } from '../../platform/storage/database.js';

export interface LawyersTable {
  id: string;
  email: string;
  name: string;
  gender: 'female' | 'male' | 'other';
  password_hash: string;
  phone: string;
  created_at: string;
  /** Profile photo under DATA_DIR/uploads (migration 0003); null: the generated initials avatar. */
  photo_storage_name?: string | null;
  photo_content_type?: string | null;
  /** Migration 0014: `admin` manages the firm (team, insurers, reports of all, data requests); `lawyer` advises. */
  role: 'admin' | 'lawyer';
  /** Migration 0014: 0 once deactivated – no login, no session, no hub connection, not offered for forwarding. */
  active: Flag;
  last_login_at: string | null;
  deactivated_at: string | null;
  /**
   * Migration 0051: raised after every change of the lawyer's second factors (`bumpMfaVersion`); a login's session is
   * kept only while it is still the value read before the second factor was checked. Absent only on rows not read back.
   */
  mfa_version?: number;
}

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

/** A lawyer's passkey or security key (WebAuthn credential): only public data. */
export interface LawyerWebAuthnCredentialsTable {
  /** Our own id (UUID), used in the API; never the credential id. */
  id: string;
  lawyer_id: string;
  /** The authenticator's credential id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** Last signature counter seen; PostgreSQL answers the bigint as text, so read it through Number(). */
  sign_count: number | string;
  /** JSON array of the transports the browser reported (`usb`, `internal`, …). */
  transports: string;
  /** The lawyer's label, e.g. "Sicherheitsschlüssel". */
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** An outstanding WebAuthn challenge: single use (deleted when checked) and short-lived. */
export interface LawyerWebAuthnChallengesTable {
  /** base64url, 32 random bytes. */
  challenge: string;
  purpose: 'registration' | 'login';
  /** Registration: the lawyer and a digest of the session cookie; login: the account key of the e-mail address. */
  subject: string;
  /** The web origin the ceremony runs on; the rp id is its host name. */
  origin: string;
  expires_at: string;
}

declare module '../../platform/storage/database.js' {
  /** The lawyer feature's tables in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    lawyers: LawyersTable;
    lawyer_login_throttle: LawyerLoginThrottleTable;
    lawyer_totp: LawyerTotpTable;
    lawyer_recovery_codes: LawyerRecoveryCodesTable;
    lawyer_webauthn_credentials: LawyerWebAuthnCredentialsTable;
    lawyer_webauthn_challenges: LawyerWebAuthnChallengesTable;
  }
}
