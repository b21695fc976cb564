// Single-use account links (issue "Run the firm", point 2): the set-up link of a new administrator (CLI
// admin:create), the invitation of a new lawyer and the password reset an administrator starts. The token is 256
// random bits, travels only in the link's fragment (`/konsole/zugang#<token>`, never in a server log) and in POST
// bodies; the database keeps its SHA-256 only. A link works once and until it expires:
//   invitation 72 h, set-up 72 h, password reset 24 h.
// Completing a link sets the password (console password policy) – and for an invitation creates the account with
// the invited role. The second factor is set up at the first login (LAWYER_MFA enrolment), as for every account.
import {
  germanLongDateTimeAt,
  oneLineName,
  type AccountLinkInfo,
  type AccountLinkPurpose,
  type LawyerGender,
  type LawyerRole,
  type MailDelivery,
} from '@rechtschat/core';
import type { Clock } from '../../platform/clock.js';
import type { LawyerMfaPolicy } from '../../platform/config.js';
import { DomainError, errorCodes } from '../../platform/errors.js';
import { newSecret, sha256 } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/index.js';
import { displayPhoneNumber, normalizePhoneNumber } from '../../platform/phone.js';
import type { LawyerAccountLinksTable } from './tables.js';
import type { LawyersTable } from '../lawyer/index.js';
import { isUniqueViolation, type Db } from '../../platform/storage/database.js';
import {
  createLawyer,
  findLawyerByEmail,
  findLawyerById,
  lawyerError,
  passwordViolation,
  passwordViolationMessage,
  setLawyerPassword,
} from '../lawyer/index.js';
import { findAccountLink, insertReplacingOpenLinks, retireOpenPasswordLinks, updateLawyerDetails, useAccountLink } from './accountLinkQueries.js';
import { recordAdminAction, type AuditActor } from './auditLog.js';

const HOUR_MS = 3_600_000;
const ACCOUNT_LINK_LIFETIME_MS: Readonly<Record<AccountLinkPurpose, number>> = {
  invitation: 72 * HOUR_MS,
  setup: 72 * HOUR_MS,
  passwordReset: 24 * HOUR_MS,
};

/** One answer for an unknown, used or expired link: the page cannot tell them apart, and neither can a guesser. */
const linkInvalid = () =>
  new DomainError(
    'NotFound',
    'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fragen Sie die Administration Ihrer Kanzlei nach einem neuen Link.',
  );

export interface IssuedLink {
  readonly token: string;
  readonly url: string;
  readonly expiresAt: string;
}

/** `<first WEB_ORIGIN>/konsole/zugang#<token>`: the fragment never reaches a server or its logs. */
function accountLinkUrl(webOrigins: readonly string[], token: string): string {
  const origin = (webOrigins[0] ?? '').replace(/\/+$/, '');
  return `${origin}/konsole/zugang#${token}`;
}

interface IssueInput {
  readonly purpose: AccountLinkPurpose;
  readonly lawyerId: string | null;
  readonly email: string | null;
  readonly role: LawyerRole | null;
  readonly createdBy: string | null;
}

/** A new link; the earlier unused links of the same purpose for the same account or address stop working. */
export async function issueAccountLink(
  deps: { readonly db: Db; readonly clock: Clock; readonly webOrigins: readonly string[] },
  input: IssueInput,
): Promise<IssuedLink> {
  const now = deps.clock.now();
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + ACCOUNT_LINK_LIFETIME_MS[input.purpose]).toISOString();
  const row: LawyerAccountLinksTable = {
    token_hash: sha256(token),
    purpose: input.purpose,
    lawyer_id: input.lawyerId,
    email: input.email,
    role: input.role,
    created_by: input.createdBy,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
  };
  await insertReplacingOpenLinks(deps.db, row);
  return { token, url: accountLinkUrl(deps.webOrigins, token), expiresAt };
}

interface ValidLink {
  readonly link: LawyerAccountLinksTable;
  /** Set-up and password reset: the account (active); invitation: undefined. */
  readonly lawyer: LawyersTable | undefined;
}

async function validLink(db: Db, clock: Clock, token: string): Promise<ValidLink> {
  if (token.length < 20 || token.length > 100) throw linkInvalid();
  const link = await findAccountLink(db, sha256(token));
  if (!link || link.used_at !== null || link.expires_at <= clock.now().toISOString()) throw linkInvalid();
  if (link.purpose === 'invitation') {
    // An address that got an account in the meantime (another invitation, the CLI) cannot be invited twice.
    if (link.email === null || (await findLawyerByEmail(db, link.email)) !== undefined) throw linkInvalid();
    // An invitation speaks for the administrator who sent it: once they are deactivated or no longer an administrator
    // it opens no account (the set-up of the CLI has no sender).
    if (link.created_by !== null) {
      const sender = await findLawyerById(db, link.created_by);
      if (!sender || sender.active !== 1 || sender.role !== 'admin') throw linkInvalid();
    }
    return { link, lawyer: undefined };
  }
  const lawyer = link.lawyer_id === null ? undefined : await findLawyerById(db, link.lawyer_id);
  if (!lawyer || lawyer.active !== 1) throw linkInvalid();
  return { link, lawyer };
}

export async function inspectAccountLink(deps: { readonly db: Db; readonly clock: Clock }, token: string): Promise<AccountLinkInfo> {
  const { link, lawyer } = await validLink(deps.db, deps.clock, token);
  return {
    Purpose: link.purpose,
    Email: lawyer?.email ?? link.email ?? '',
    Name: lawyer?.name ?? null,
    Role: lawyer?.role ?? link.role ?? 'lawyer',
    ExpiresAt: link.expires_at,
  };
}

interface CompleteInput {
  readonly token: string;
  readonly password: string;
  readonly name?: string;
  readonly gender?: LawyerGender;
  readonly phone?: string;
}

/**
 * The account link's own field codes; a refused password answers with the lawyer feature's password codes. Each
 * refusal names its field (`Field`: Name, Phone, Password), as the password change does.
 */
export const accountLinkError = errorCodes({ InvalidName: 400, InvalidPhone: 400 });

/** The lawyer's own number as stored (written out, as the clients see it in the Fallakte); throws for a number that is not one. */
function lawyerPhoneOf(input: string): string {
  const normalised = normalizePhoneNumber(input);
  if (normalised === undefined)
    throw accountLinkError('InvalidPhone', 'Bitte geben Sie eine gültige Telefonnummer ein, z. B. +49 30 1234567.', { Field: 'Phone' });
  return displayPhoneNumber(normalised);
}

/**
 * Uses the link up and sets the password; an invitation creates the account (with the invited role). The
 * password is checked before the link is used, so a refused password leaves the link working.
 */
export async function completeAccountLink(
  deps: { readonly db: Db; readonly clock: Clock },
  input: CompleteInput,
): Promise<{ lawyer: LawyersTable; purpose: AccountLinkPurpose }> {
  const { link, lawyer } = await validLink(deps.db, deps.clock, input.token);
  const email = lawyer?.email ?? link.email ?? '';
  const name = input.name === undefined ? lawyer?.name : oneLineName(input.name);
  if (name === undefined || name.length < 2 || name.length > 100)
    throw accountLinkError('InvalidName', 'Bitte geben Sie Ihren Namen mit 2 bis 100 Zeichen ein.', { Field: 'Name' });
  const phone = input.phone === undefined || input.phone.trim() === '' ? undefined : lawyerPhoneOf(input.phone);
  const violation = passwordViolation({ password: input.password, name, email });
  if (violation) throw lawyerError(violation, passwordViolationMessage[violation].replace('Das neue Passwort', 'Das Passwort'), { Field: 'Password' });
  const now = deps.clock.now().toISOString();
  if (!(await useAccountLink(deps.db, link.token_hash, now))) throw linkInvalid();
  if (link.purpose === 'invitation') {
    try {
      const created = await createLawyer(deps.db, deps.clock, {
        email,
        name,
        gender: input.gender ?? 'other',
        password: input.password,
        phone: phone ?? '',
        role: link.role ?? 'lawyer',
      });
      return { lawyer: created, purpose: link.purpose };
    } catch (error) {
      if (isUniqueViolation(error)) throw linkInvalid();
      throw error;
    }
  }
  const account = lawyer as LawyersTable;
  await setLawyerPassword(deps.db, account.id, input.password);
  // The password is chosen: no other open link of the account (an older set-up link, say) may set it again.
  await retireOpenPasswordLinks(deps.db, account.id, now);
  const changes: Partial<Pick<LawyersTable, 'name' | 'gender' | 'phone'>> = {};
  if (name !== account.name) changes.name = name;
  if (input.gender !== undefined) changes.gender = input.gender;
  if (phone !== undefined) changes.phone = phone;
  await updateLawyerDetails(deps.db, account.id, changes);
  return { lawyer: { ...account, ...changes }, purpose: link.purpose };
}

/**
 * German e-mail with the link, and how it went: `sent` (the relay took it), `outbox` (no relay configured: the mail only
 * lies in the server's outbox folder and reaches nobody by itself) or `failed` (the relay refused it or was not
 * reachable; logged). In the last two cases the administrator gets the link to pass on. It names the firm
 * (`FIRM_NAME`), whose console the person joins – not the product.
 */
export async function mailAccountLink(
  deps: {
    readonly mailer: Mailer;
    readonly firmName: string;
    /** LAWYER_MFA: only when `required` does the first login set up the second factor; otherwise it is offered in the profile. */
    readonly lawyerMfa: LawyerMfaPolicy;
    readonly log?: { warn(obj: object, msg: string): void };
  },
  to: string,
  purpose: 'invitation' | 'passwordReset',
  link: IssuedLink,
  invitedBy: string,
): Promise<MailDelivery> {
  const until = germanLongDateTimeAt(Date.parse(link.expiresAt));
  const text =
    purpose === 'invitation'
      ? [
          'Guten Tag,',
          '',
          `${invitedBy} lädt Sie in die Anwaltskonsole von ${deps.firmName} ein. Bitte öffnen Sie den folgenden Link, geben Sie Ihren Namen ein und wählen Sie ein Passwort:`,
          '',
          link.url,
          '',
          `Der Link gilt einmal und bis ${until} Uhr. ${
            deps.lawyerMfa === 'required'
              ? 'Bei der ersten Anmeldung richten Sie die Zwei-Faktor-Anmeldung ein.'
              : 'Die Zwei-Faktor-Anmeldung können Sie danach in der Konsole unter „Profil“ einrichten; wir empfehlen sie.'
          }`,
          '',
          'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
        ]
      : [
          'Guten Tag,',
          '',
          `${invitedBy} hat das Zurücksetzen Ihres Passworts für die Anwaltskonsole von ${deps.firmName} veranlasst. Bitte öffnen Sie den folgenden Link und wählen Sie ein neues Passwort:`,
          '',
          link.url,
          '',
          `Der Link gilt einmal und bis ${until} Uhr. Alle bisherigen Anmeldungen wurden beendet.`,
          '',
          'Wenn Sie Fragen haben, wenden Sie sich bitte an die Administration Ihrer Kanzlei.',
        ];
  try {
    return await deps.mailer.send({
      to,
      subject: purpose === 'invitation' ? 'Einladung in die Anwaltskonsole' : 'Neues Passwort für die Anwaltskonsole',
      text: text.join('\n'),
    });
  } catch (error) {
    deps.log?.warn({ err: error, event: 'account-link-mail-failed', purpose }, 'account link e-mail not sent');
    return 'failed';
  }
}

/** Audit of a completed link: the person acts on their own account (no administrator). */
export async function recordLinkCompleted(db: Db, clock: Clock, lawyer: LawyersTable, purpose: AccountLinkPurpose, ip: string | null): Promise<void> {
  const actor: AuditActor = { id: lawyer.id, name: lawyer.name, ip };
  const action = purpose === 'invitation' ? 'lawyer.invitation.accepted' : purpose === 'setup' ? 'lawyer.setup.completed' : 'lawyer.password.reset.completed';
  await recordAdminAction(db, clock, actor, { action, target: { kind: 'lawyer', id: lawyer.id, label: lawyer.name } });
}
