// What the operator commands on the server (`npm run lawyer:reset-mfa`, `npm run lawyer:reset-password`) change in
// the firm's administration: each is in the audit log with the actor „Server-Befehl“, like `npm run admin:create`.
// The password reset is the operator's way back in when no administrator can sign in to send one from the console –
// the only administrator forgot the password, or let the set-up link of `admin:create` expire unused.
import type { Clock } from '../../platform/clock.js';
import { newSecret } from '../../platform/ids.js';
import { createSessionStore } from '../../platform/sessions.js';
import type { Db } from '../../platform/storage/database.js';
import { findLawyerByEmail, findLawyerById, hasSecondFactor, setLawyerPassword, type LawyerMfaReset } from '../lawyer/index.js';
import { issueAccountLink, type IssuedLink } from './accountLinks.js';
import { CLI_ACTOR, recordAdminAction } from './auditLog.js';

/** The audit entry of `npm run lawyer:reset-mfa`, with the same details as the console's reset. */
export async function recordServerCommandMfaReset(deps: { readonly db: Db; readonly clock: Clock }, reset: LawyerMfaReset): Promise<void> {
  const lawyer = await findLawyerById(deps.db, reset.lawyerId);
  await recordAdminAction(deps.db, deps.clock, CLI_ACTOR, {
    action: 'lawyer.mfa.reset',
    target: { kind: 'lawyer', id: reset.lawyerId, label: lawyer?.name ?? reset.lawyerId },
    details: {
      hadFactor: reset.hadFactor,
      removedPasskeys: reset.removedPasskeys,
      removedRecoveryCodes: reset.removedRecoveryCodes,
      endedSessions: reset.endedSessions,
    },
  });
}

export type ServerPasswordResetOutcome =
  | { readonly type: 'reset'; readonly name: string; readonly link: IssuedLink; readonly endedSessions: number; readonly secondFactor: boolean }
  | { readonly type: 'unknown' }
  | { readonly type: 'inactive' };

/**
 * `npm run lawyer:reset-password -- <email>`: as „Passwort zurücksetzen“ in the console, but the single-use link
 * (24 h) is printed for the operator instead of mailed – the old password and every session end at once, the second
 * factor stays. A deactivated account gets no link (reactivate it in the console first, as there).
 */
export async function resetPasswordFromServer(
  deps: { readonly db: Db; readonly clock: Clock; readonly webOrigins: readonly string[] },
  email: string,
): Promise<ServerPasswordResetOutcome> {
  const lawyer = await findLawyerByEmail(deps.db, email.trim().toLowerCase());
  if (!lawyer) return { type: 'unknown' };
  if (lawyer.active !== 1) return { type: 'inactive' };
  await setLawyerPassword(deps.db, lawyer.id, newSecret());
  const link = await issueAccountLink(deps, { purpose: 'passwordReset', lawyerId: lawyer.id, email: null, role: null, createdBy: null });
  const endedSessions = await createSessionStore(deps.db, deps.clock).destroyOthers('lawyer', lawyer.id, undefined);
  await recordAdminAction(deps.db, deps.clock, CLI_ACTOR, {
    action: 'lawyer.password.reset',
    target: { kind: 'lawyer', id: lawyer.id, label: lawyer.name },
    details: { expiresAt: link.expiresAt, mailed: false, endedSessions },
  });
  return { type: 'reset', name: lawyer.name, link, endedSessions, secondFactor: await hasSecondFactor(deps.db, lawyer.id) };
}
