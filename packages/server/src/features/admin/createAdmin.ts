// The first administrator without SQL (`npm run admin:create -- <email> <name>`): an admin account without a usable
// password and a one-time set-up link (72 h) with which the person chooses the password; the second factor follows at
// the first login. Audited with the actor "Server-Befehl".
import { oneLineName } from '@rechtschat/core';
import type { Clock } from '../../platform/clock.js';
import { newSecret } from '../../platform/ids.js';
import { isUniqueViolation, type Db } from '../../platform/storage/database.js';
import { createLawyer, findLawyerByEmail } from '../lawyer/index.js';
import { issueAccountLink, type IssuedLink } from './accountLinks.js';
import { CLI_ACTOR, recordAdminAction } from './auditLog.js';

export type CreateAdminOutcome =
  | { readonly type: 'created'; readonly lawyerId: string; readonly link: IssuedLink }
  | { readonly type: 'invalidEmail' }
  | { readonly type: 'invalidName' }
  | { readonly type: 'exists' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function createAdministrator(
  deps: { readonly db: Db; readonly clock: Clock; readonly webOrigins: readonly string[] },
  input: { readonly email: string; readonly name: string },
): Promise<CreateAdminOutcome> {
  const email = input.email.trim().toLowerCase();
  const name = oneLineName(input.name);
  if (email.length > 254 || !EMAIL.test(email)) return { type: 'invalidEmail' };
  if (name.length < 2 || name.length > 100) return { type: 'invalidName' };
  if (await findLawyerByEmail(deps.db, email)) return { type: 'exists' };
  let lawyerId: string;
  try {
    // A random 256-bit password nobody knows: the account is usable only after the set-up link.
    lawyerId = (await createLawyer(deps.db, deps.clock, { email, name, gender: 'other', password: newSecret(), phone: '', role: 'admin' })).id;
  } catch (error) {
    if (isUniqueViolation(error)) return { type: 'exists' };
    throw error;
  }
  const link = await issueAccountLink(deps, { purpose: 'setup', lawyerId, email: null, role: null, createdBy: null });
  await recordAdminAction(deps.db, deps.clock, CLI_ACTOR, {
    action: 'lawyer.admin.created',
    target: { kind: 'lawyer', id: lawyerId, label: name },
    details: { expiresAt: link.expiresAt },
  });
  return { type: 'created', lawyerId, link };
}
