// Team administration (issue "Run the firm", point 2): the firm's administrators list the lawyers, invite new ones,
// change roles, deactivate (handing the open work to a colleague) and reactivate accounts, and reset a password or
// the second factor. Every action writes an audit entry (auditLog.ts). Two rules keep the firm runnable: there is
// always an active administrator, and nobody deactivates or demotes themselves.
import type {
  AuditLogEntry,
  AuditLogPage,
  IssuedAccountLink,
  IssuedPasswordResetLink,
  LawyerRole,
  OpenWork,
  PendingInvitation,
  ReassignedWork,
  TeamMember,
} from '@rechtschat/core';
import { caseReferenceOf, MessageType, validateEmail } from '@rechtschat/core';
import type { AppContext } from '../../context.js';
import { announceForwardHandedOver, distributeMessage, queueChanged, sendNotification, serverClientId } from '../chat/index.js';
import { badRequest, DomainError, notFound } from '../../platform/errors.js';
import { newSecret } from '../../platform/ids.js';
import { effectiveFirmDetails } from '../firmDetails/index.js';
import type { AdminAuditLogTable } from './tables.js';
import type { LawyersTable } from '../lawyer/index.js';
import { findLawyerByEmail, findLawyerById, lawyerImageUrl, resetLawyerMfa, setLawyerPassword } from '../lawyer/index.js';
import { listUnusedInvitations, withdrawUnusedInvitation } from './accountLinkQueries.js';
import { issueAccountLink, mailAccountLink } from './accountLinks.js';
import { listAdminActions, recordAdminAction, type AuditActor } from './auditLog.js';
import type { AuditEntryQuery } from './auditLogQueries.js';
import {
  changeRoleKeepingAnAdmin,
  deactivateWithHandOver,
  listTeam,
  reactivateWithAudit,
  type MovedWork,
  type OpenWorkCounts,
  type TeamRow,
} from './teamQueries.js';

/** Hub connections of a deactivated lawyer close with this (no reconnect). */
const DEACTIVATED_NOTICE = 'Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an die Administration Ihrer Kanzlei.';
const PASSWORD_RESET_NOTICE = 'Ihr Passwort wurde zurückgesetzt. Bitte wählen Sie über den Link aus der E-Mail ein neues.';
const MFA_RESET_NOTICE = 'Ihre Zwei-Faktor-Anmeldung wurde zurückgesetzt. Bitte melden Sie sich erneut an.';

const conflict = (message: string) => new DomainError('Conflict', message);
const noAdminLeft = () => conflict('Die Kanzlei braucht mindestens eine aktive Administratorin oder einen aktiven Administrator.');
const accountDeactivated = () => conflict('Dieses Konto ist deaktiviert. Bitte reaktivieren Sie es, bevor Sie die Rolle ändern.');
const lawyerNotFound = () => notFound('Die Anwältin oder der Anwalt');

const openWork = (w: OpenWorkCounts): OpenWork => ({ Chats: w.chats, Callbacks: w.callbacks, CaseFiles: w.caseFiles });

/** The moved work's references for the deactivation's audit entry ("RC-…, RC-…"); a kind without any is left out. */
function movedReferences(moved: MovedWork): Record<string, string> {
  const references = (caseIds: readonly string[]) => [...new Set(caseIds.map(caseReferenceOf))].sort().join(', ');
  const listed: Record<string, string> = {
    chatReferences: references([...moved.activeChats, ...moved.forwardedChats].map((c) => c.caseId)),
    callbackReferences: references(moved.callbackCaseIds),
    caseFileNumbers: moved.caseFileNumbers.join(', '),
  };
  return Object.fromEntries(Object.entries(listed).filter(([, value]) => value !== ''));
}

function teamMember(row: TeamRow): TeamMember {
  const { lawyer } = row;
  return {
    Id: lawyer.id,
    Name: lawyer.name,
    Email: lawyer.email,
    Role: lawyer.role,
    Status: lawyer.active === 1 ? 'active' : 'deactivated',
    CreatedAt: lawyer.created_at,
    LastLoginAt: lawyer.last_login_at,
    DeactivatedAt: lawyer.deactivated_at,
    Mfa: { Totp: row.totp, Passkeys: row.passkeys },
    OpenWork: openWork(row.openWork),
    EndedCaseFiles: row.endedCaseFiles,
  };
}

export async function listTeamMembers(ctx: AppContext): Promise<TeamMember[]> {
  return (await listTeam(ctx.db)).map(teamMember);
}

async function teamMemberById(ctx: AppContext, lawyerId: string): Promise<TeamMember> {
  const row = (await listTeam(ctx.db)).find((r) => r.lawyer.id === lawyerId);
  if (!row) throw lawyerNotFound();
  return teamMember(row);
}

async function lawyerOrNotFound(ctx: AppContext, lawyerId: string): Promise<LawyersTable> {
  const lawyer = await findLawyerById(ctx.db, lawyerId);
  if (!lawyer) throw lawyerNotFound();
  return lawyer;
}

const target = (lawyer: Pick<LawyersTable, 'id' | 'name'>) => ({ kind: 'lawyer', id: lawyer.id, label: lawyer.name });

/**
 * How long an invitation that ran out unused stays on the list („Abgelaufene Einladungen“ with „Erneut einladen“): an
 * invitee back from holiday asks a week or two later, and the administration should not have to remember the address.
 */
export const EXPIRED_INVITATION_LISTED_DAYS = 30;

const expiredSince = (ctx: AppContext) => new Date(ctx.clock.now().getTime() - EXPIRED_INVITATION_LISTED_DAYS * 86_400_000).toISOString();

export async function listPendingInvitations(ctx: AppContext): Promise<PendingInvitation[]> {
  const now = ctx.clock.now().toISOString();
  return (await listUnusedInvitations(ctx.db, expiredSince(ctx))).map((link) => ({
    // A handle for the list, not the token (which the server does not have) nor its whole hash.
    Id: link.token_hash.slice(0, 16),
    Email: link.email ?? '',
    Role: link.role ?? 'lawyer',
    CreatedAt: link.created_at,
    ExpiresAt: link.expires_at,
    Expired: link.expires_at <= now,
  }));
}

export async function inviteLawyer(
  ctx: AppContext,
  actor: AuditActor,
  input: { readonly email: string; readonly role: LawyerRole },
): Promise<IssuedAccountLink> {
  // One address, checked like every address the server mails to: a list ("a,b@…"), a display name ("x<y@…>") or a
  // trailing dot would send the single-use link to another mailbox than the account's address says.
  const checked = validateEmail(input.email);
  if (!checked.ok) throw badRequest('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  const email = checked.value.toLowerCase();
  const existing = await findLawyerByEmail(ctx.db, email);
  // A returning colleague's deactivated account: an invitation cannot replace it, reactivating brings it back.
  if (existing?.deactivated_at)
    throw conflict(
      `Für diese E-Mail-Adresse gibt es bereits ein Konto: ${existing.name} ist deaktiviert. Bitte reaktivieren Sie das Konto im Team über „Aktionen“, statt neu einzuladen.`,
    );
  if (existing) throw conflict('Für diese E-Mail-Adresse gibt es bereits ein Konto.');
  const link = await issueAccountLink(
    { db: ctx.db, clock: ctx.clock, webOrigins: ctx.config.webOrigins },
    { purpose: 'invitation', lawyerId: null, email, role: input.role, createdBy: actor.id },
  );
  const delivery = await mailAccountLink(
    { mailer: ctx.mailer, firmName: (await effectiveFirmDetails(ctx)).Name, lawyerMfa: ctx.config.lawyerMfa, log: ctx.logger },
    email,
    'invitation',
    link,
    actor.name,
  );
  await recordAdminAction(ctx.db, ctx.clock, actor, {
    action: 'lawyer.invited',
    target: { kind: 'invitation', id: email, label: email },
    // `mailed`: the relay took the mail (not true for a mail that only lies in the outbox folder); `delivery` says how.
    details: { role: input.role, expiresAt: link.expiresAt, mailed: delivery === 'sent', delivery },
  });
  return { Url: link.url, ExpiresAt: link.expiresAt, Delivery: delivery };
}

/** An invitation's list handle: the first 16 characters of its link's base64url hash (listPendingInvitations). */
const INVITATION_HANDLE = /^[A-Za-z0-9_-]{16}$/;

/**
 * Withdraws a listed invitation (e.g. to a mistyped address): an open one's link stops working at once, like a used
 * one; an expired one leaves the list. The address can be invited again.
 */
export async function withdrawInvitation(ctx: AppContext, actor: AuditActor, handle: string): Promise<void> {
  const email = INVITATION_HANDLE.test(handle) ? await withdrawUnusedInvitation(ctx.db, handle, ctx.clock.now().toISOString(), expiredSince(ctx)) : null;
  if (email === null) throw notFound('Die Einladung');
  await recordAdminAction(ctx.db, ctx.clock, actor, {
    action: 'lawyer.invitation.withdrawn',
    target: { kind: 'invitation', id: email, label: email },
    details: {},
  });
}

export async function changeRole(ctx: AppContext, actor: AuditActor, lawyerId: string, role: LawyerRole): Promise<TeamMember> {
  const lawyer = await lawyerOrNotFound(ctx, lawyerId);
  if (lawyer.id === actor.id && role !== 'admin')
    throw conflict('Sie können sich die Administration nicht selbst entziehen. Bitten Sie eine andere Administratorin oder einen anderen Administrator.');
  // A deactivated account keeps its role until it is reactivated (even the same role again is refused, so the
  // console's answer does not depend on what was chosen).
  if (lawyer.active !== 1) throw accountDeactivated();
  if (lawyer.role !== role) {
    const outcome = await changeRoleKeepingAnAdmin(ctx.db, lawyer, role, ctx.clock.now().toISOString(), (trx) =>
      recordAdminAction(trx, ctx.clock, actor, { action: 'lawyer.role.changed', target: target(lawyer), details: { from: lawyer.role, to: role } }),
    );
    if (outcome === 'noAdminLeft') throw noAdminLeft();
    if (outcome === 'deactivated') throw accountDeactivated();
    await tellProfileChanged(ctx, lawyer.id);
  }
  return teamMemberById(ctx, lawyer.id);
}

/**
 * Tells the lawyer's open consoles (on every process) that their account changed, so they read the profile again and
 * show or hide „Verwaltung“ at once. The change is stored by then; a console that misses this sees it at its next reload.
 */
async function tellProfileChanged(ctx: AppContext, lawyerId: string): Promise<void> {
  try {
    await ctx.hub?.sendToPrincipal({ kind: 'lawyer', id: lawyerId }, 'ProfileChanged', []);
  } catch (error) {
    ctx.logger.warn({ err: error, event: 'profile-changed-notice-failed' }, 'profile change not announced');
  }
}

/**
 * The clients of the handed-over active chats read who continues ("Ihr Chat wird von … fortgeführt.") and their chat
 * shows the colleague (Joined); the clients of chats forwarded to the deactivated lawyer and still waiting read that
 * the chat went on to the colleague (their forward notice named the deactivated lawyer); every console re-reads its queue (forwarded chats moved too). Best effort after the
 * commit: the hand-over itself is stored already.
 */
async function announceHandOver(ctx: AppContext, moved: MovedWork, deactivatedName: string, colleagueName: string): Promise<void> {
  try {
    // The clients of forwarded chats still waiting for the deactivated lawyer read whom they now wait for.
    await announceForwardHandedOver(ctx, moved.forwardedChats, deactivatedName, colleagueName);
    const chats = moved.activeChats;
    for (const chat of chats) {
      const [row, created] = await ctx.messages.append({
        caseId: chat.caseId,
        chatId: chat.chatId,
        clientId: serverClientId(`handover:${newSecret().slice(0, 12)}`),
        type: MessageType.Information,
        text: `Ihr Chat wird von ${colleagueName} fortgeführt.`,
        author: { kind: 'system', id: null, name: null },
      });
      if (created) await distributeMessage(ctx, row);
      await sendNotification(ctx, chat.caseId, { ChatId: chat.chatId, Type: 'Joined', Data: { LawyerName: colleagueName } }, 'participant');
    }
    if (ctx.hub) await queueChanged(ctx);
  } catch (error) {
    ctx.logger.warn({ err: error, event: 'lawyer-handover-notice-failed' }, 'hand-over notice not sent');
  }
}

/** Ends every session of the lawyer and closes their hub connections at once (on every process). */
async function endAllSessions(ctx: AppContext, lawyerId: string, notice: string): Promise<number> {
  const ended = await ctx.sessions.destroyOthers('lawyer', lawyerId, undefined);
  if (ctx.hub) await ctx.hub.disconnectPrincipal({ kind: 'lawyer', id: lawyerId }, notice);
  return ended;
}

export async function deactivateLawyer(
  ctx: AppContext,
  actor: AuditActor,
  lawyerId: string,
  reassignTo: string | null,
): Promise<{ lawyer: TeamMember; reassigned: ReassignedWork; endedSessions: number }> {
  const lawyer = await lawyerOrNotFound(ctx, lawyerId);
  if (lawyer.id === actor.id) throw conflict('Sie können Ihr eigenes Konto nicht deaktivieren.');
  if (lawyer.active !== 1) throw conflict('Dieses Konto ist bereits deaktiviert.');
  let colleague: LawyersTable | undefined;
  if (reassignTo !== null) {
    colleague = await findLawyerById(ctx.db, reassignTo);
    if (!colleague || colleague.active !== 1 || colleague.id === lawyer.id)
      throw badRequest('Bitte wählen Sie eine aktive Kollegin oder einen aktiven Kollegen, die oder der die offenen Vorgänge übernimmt.');
  }
  const now = ctx.clock.now().toISOString();
  const outcome = await deactivateWithHandOver(
    ctx.db,
    lawyer,
    colleague
      ? {
          id: colleague.id,
          name: colleague.name,
          gender: colleague.gender,
          email: colleague.email,
          phone: colleague.phone,
          imageUrl: lawyerImageUrl(ctx.config.chatHostUrl, colleague),
        }
      : null,
    now,
    (trx, moved) =>
      recordAdminAction(trx, ctx.clock, actor, {
        action: 'lawyer.deactivated',
        target: target(lawyer),
        details: {
          reassignedTo: colleague?.id ?? null,
          reassignedToName: colleague?.name ?? null,
          chats: moved.chats,
          callbacks: moved.callbacks,
          caseFiles: moved.caseFiles,
          // Which clients' work went to the colleague, by reference as the data requests' entries name it: the
          // Protokoll's search by an RC-… or FA-… then finds who took the client's chat, callback or case file over.
          ...movedReferences(moved),
        },
      }),
  );
  if (outcome.type === 'noAdminLeft') throw noAdminLeft();
  if (outcome.type === 'openWork') throw badRequest('Diese Person hat noch offene Chats, Rückrufe oder Fallakten. Bitte wählen Sie, wer sie übernimmt.');
  const reassigned = outcome.moved;
  // The sessions ended with the deactivation's commit; a login that slipped in since ends here, and the hub closes.
  const endedSessions = outcome.endedSessions + (await endAllSessions(ctx, lawyer.id, DEACTIVATED_NOTICE));
  if (colleague) {
    await announceHandOver(ctx, outcome.moved, lawyer.name, colleague.name);
    // The colleague's open consoles reconnect at once: the server joins them to the handed-over chats' groups and
    // the console re-reads its chats, so the client's next message reaches them live (not only after a reload).
    if (ctx.hub && outcome.moved.activeChats.length > 0)
      await ctx.hub.reconnectPrincipal({ kind: 'lawyer', id: colleague.id }, 'Ihnen wurden Chats übergeben.');
  }
  return {
    lawyer: await teamMemberById(ctx, lawyer.id),
    reassigned: { ...openWork(reassigned), ForwardedChats: reassigned.forwardedChats.length },
    endedSessions,
  };
}

export async function reactivateLawyer(ctx: AppContext, actor: AuditActor, lawyerId: string): Promise<TeamMember> {
  const lawyer = await lawyerOrNotFound(ctx, lawyerId);
  if (lawyer.active === 1) throw conflict('Dieses Konto ist bereits aktiv.');
  await reactivateWithAudit(ctx.db, lawyer.id, ctx.clock.now().toISOString(), (trx) =>
    recordAdminAction(trx, ctx.clock, actor, { action: 'lawyer.reactivated', target: target(lawyer) }),
  );
  return teamMemberById(ctx, lawyer.id);
}

/**
 * The old password stops working at once (it may be known to someone else), every session ends, and the lawyer
 * chooses a new one through the mailed link. No password is ever shown.
 */
export async function resetLawyerPassword(ctx: AppContext, actor: AuditActor, lawyerId: string): Promise<IssuedPasswordResetLink> {
  const lawyer = await lawyerOrNotFound(ctx, lawyerId);
  if (lawyer.active !== 1) throw conflict('Ein deaktiviertes Konto erhält keinen Link. Bitte aktivieren Sie es zuerst.');
  await setLawyerPassword(ctx.db, lawyer.id, newSecret());
  const link = await issueAccountLink(
    { db: ctx.db, clock: ctx.clock, webOrigins: ctx.config.webOrigins },
    { purpose: 'passwordReset', lawyerId: lawyer.id, email: null, role: null, createdBy: actor.id },
  );
  const endedSessions = await endAllSessions(ctx, lawyer.id, PASSWORD_RESET_NOTICE);
  const delivery = await mailAccountLink(
    { mailer: ctx.mailer, firmName: (await effectiveFirmDetails(ctx)).Name, lawyerMfa: ctx.config.lawyerMfa, log: ctx.logger },
    lawyer.email,
    'passwordReset',
    link,
    actor.name,
  );
  await recordAdminAction(ctx.db, ctx.clock, actor, {
    action: 'lawyer.password.reset',
    target: target(lawyer),
    details: { expiresAt: link.expiresAt, mailed: delivery === 'sent', delivery, endedSessions },
  });
  // The link is the lawyer's: it reaches the administrator only when the e-mail will not reach the lawyer by itself –
  // the relay refused it, or there is no relay and the mail only lies in the server's outbox folder.
  return { Url: delivery === 'sent' ? null : link.url, ExpiresAt: link.expiresAt, Delivery: delivery };
}

export async function resetSecondFactor(ctx: AppContext, actor: AuditActor, lawyerId: string): Promise<TeamMember> {
  const lawyer = await lawyerOrNotFound(ctx, lawyerId);
  // Nothing to reset is no reason to end the lawyer's sessions and hub connections (a colleague in the middle of a chat
  // was signed out) nor to audit a reset that removed nothing.
  const { Mfa } = await teamMemberById(ctx, lawyer.id);
  if (!Mfa.Totp && Mfa.Passkeys === 0)
    throw conflict(`${lawyer.name} hat keinen zweiten Faktor eingerichtet, es gibt nichts zurückzusetzen. Die Anmeldungen bleiben bestehen.`);
  const reset = await resetLawyerMfa({ db: ctx.db, clock: ctx.clock }, lawyer.email);
  if (reset === null) throw lawyerNotFound();
  if (ctx.hub) await ctx.hub.disconnectPrincipal({ kind: 'lawyer', id: lawyer.id }, MFA_RESET_NOTICE);
  await recordAdminAction(ctx.db, ctx.clock, actor, {
    action: 'lawyer.mfa.reset',
    target: target(lawyer),
    details: {
      hadFactor: reset.hadFactor,
      removedPasskeys: reset.removedPasskeys,
      removedRecoveryCodes: reset.removedRecoveryCodes,
      endedSessions: reset.endedSessions,
    },
  });
  return teamMemberById(ctx, lawyer.id);
}

function auditEntry(row: AdminAuditLogTable): AuditLogEntry {
  let details: AuditLogEntry['Details'] = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) details = parsed as AuditLogEntry['Details'];
  } catch {
    details = {};
  }
  return {
    Id: row.id,
    At: row.at,
    ActorId: row.actor_id,
    ActorName: row.actor_name,
    Action: row.action,
    TargetKind: row.target_kind,
    TargetId: row.target_id,
    TargetLabel: row.target_label,
    Details: details,
    Ip: row.ip,
  };
}

/** One page of the entries that pass the query's filters; `NextBefore` continues within the same filters. */
export async function auditLogPage(ctx: AppContext, query: AuditEntryQuery): Promise<AuditLogPage> {
  const rows = await listAdminActions(ctx.db, { ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { Entries: page.map(auditEntry), NextBefore: rows.length > query.limit && last ? last.id : null };
}
