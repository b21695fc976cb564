// Operator reset of a lawyer's second factor, for a lawyer who lost the authenticator and the recovery
// codes: the TOTP factor, every recovery code and every passkey or security key are removed and every session of the lawyer ends. The sessions are
// deleted in the database, so this works from a separate process: the next request of a console is refused, and the
// hub closes the lawyer's connections at its next revalidation (at most a minute), which asks the same table.
// Under LAWYER_MFA=required the next login then runs the enrolment again. The version of the factor set is raised
// before the sessions end, so a login that had checked the old factors keeps no session either (lawyerQueries.ts).
import type { Db } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { createSessionStore } from '../../platform/sessions.js';
import { bumpMfaVersion, findLawyerByEmail } from './lawyerQueries.js';
import { deleteRecoveryCodes } from './recoveryCodeQueries.js';
import { deleteTotp, findTotpConfirmedAt } from './totpQueries.js';
import { countCredentials, deleteCredentialsOf } from './webAuthnQueries.js';

export interface LawyerMfaReset {
  readonly lawyerId: string;
  /** False when the lawyer had no confirmed factor (an unconfirmed enrolment is removed all the same). */
  readonly hadFactor: boolean;
  readonly removedRecoveryCodes: number;
  readonly removedPasskeys: number;
  readonly endedSessions: number;
}

/**
 * Whether the lawyer signs in with a second factor (a confirmed authenticator or a passkey) – the reset's precondition
 * for the console and the operator command alike: with nothing to reset, ending the lawyer's sessions (a colleague in
 * the middle of a chat would be signed out) and auditing a reset that removed nothing would be wrong.
 */
export async function hasSecondFactor(db: Db, lawyerId: string): Promise<boolean> {
  return (await findTotpConfirmedAt(db, lawyerId)) != null || (await countCredentials(db, lawyerId)) > 0;
}

/** Null for an unknown e-mail address. */
export async function resetLawyerMfa(deps: { readonly db: Db; readonly clock: Clock }, email: string): Promise<LawyerMfaReset | null> {
  const lawyer = await findLawyerByEmail(deps.db, email.trim().toLowerCase());
  if (!lawyer) return null;
  const hadFactor = (await findTotpConfirmedAt(deps.db, lawyer.id)) != null;
  await deleteTotp(deps.db, lawyer.id);
  const removedRecoveryCodes = await deleteRecoveryCodes(deps.db, lawyer.id);
  const removedPasskeys = await deleteCredentialsOf(deps.db, lawyer.id);
  // After the factors are gone and before the sessions end: a login that checked the old factors and creates its
  // session after this finds another version and drops it; one that created it before is ended right below.
  await bumpMfaVersion(deps.db, lawyer.id);
  const endedSessions = await createSessionStore(deps.db, deps.clock).destroyOthers('lawyer', lawyer.id, undefined);
  return { lawyerId: lawyer.id, hadFactor: hadFactor || removedPasskeys > 0, removedRecoveryCodes, removedPasskeys, endedSessions };
}
