// Team administration of the firm (console, admin only) and the public single-use account links
// (set-up of the first administrator, invitation, password reset). Chat host; see docs/api.md.
import * as t from 'io-ts';
import { LawyerGenderCodec } from './caseFile.js';
import { LawyerRoleCodec } from './lawyer.js';
import { Id, IsoDate, nullable } from './primitives.js';

export const LawyerStatusCodec = t.keyof({ active: null, deactivated: null }, 'LawyerStatus');
export type LawyerStatus = t.TypeOf<typeof LawyerStatusCodec>;

/** The second factor of a lawyer: a confirmed authenticator app (TOTP) and the number of passkeys / security keys. */
export const TeamMemberMfa = t.type({ Totp: t.boolean, Passkeys: t.number }, 'TeamMemberMfa');
export type TeamMemberMfa = t.TypeOf<typeof TeamMemberMfa>;

/** What a lawyer still holds: chats waiting for or held by them, open callbacks, open case files (mandate not closed). */
export const OpenWork = t.type({ Chats: t.number, Callbacks: t.number, CaseFiles: t.number }, 'OpenWork');
export type OpenWork = t.TypeOf<typeof OpenWork>;

/**
 * One lawyer of the firm (GET api/admin/lawyers), sorted by name. `LastLoginAt` null: never signed in.
 * `EndedCaseFiles`: case files whose mandate ended that the lawyer still holds – no open work, but their clients keep
 * reading them, so a deactivation hands them to a colleague as well.
 */
export const TeamMember = t.type(
  {
    Id,
    Name: t.string,
    Email: t.string,
    Role: LawyerRoleCodec,
    Status: LawyerStatusCodec,
    CreatedAt: IsoDate,
    LastLoginAt: nullable(IsoDate),
    DeactivatedAt: nullable(IsoDate),
    Mfa: TeamMemberMfa,
    OpenWork,
    EndedCaseFiles: t.number,
  },
  'TeamMember',
);
export type TeamMember = t.TypeOf<typeof TeamMember>;
export const TeamMemberList = t.array(TeamMember, 'TeamMemberList');
export type TeamMemberList = t.TypeOf<typeof TeamMemberList>;

/**
 * An invitation not yet accepted (GET api/admin/invitations). `Id`: an opaque handle, never the token. `Expired`: its
 * link ran out unused (listed for 30 days, to invite again).
 */
export const PendingInvitation = t.type(
  { Id, Email: t.string, Role: LawyerRoleCodec, CreatedAt: IsoDate, ExpiresAt: IsoDate, Expired: t.boolean },
  'PendingInvitation',
);
export type PendingInvitation = t.TypeOf<typeof PendingInvitation>;
export const PendingInvitationList = t.array(PendingInvitation, 'PendingInvitationList');

/** POST api/admin/invitations. */
export const InviteLawyerRequest = t.type({ Email: t.string, Role: LawyerRoleCodec }, 'InviteLawyerRequest');
export type InviteLawyerRequest = t.TypeOf<typeof InviteLawyerRequest>;

/**
 * How the e-mail with a single-use link went: `sent` – the server's mail relay (SMTP_URL) accepted it; `outbox` – the
 * server has no relay and only wrote the mail into its outbox folder, so it reaches nobody by itself; `failed` – the
 * relay refused it or could not be reached. Only `sent` means the person will find the link in their mailbox.
 */
export const MailDeliveryCodec = t.keyof({ sent: null, outbox: null, failed: null }, 'MailDelivery');
export type MailDelivery = t.TypeOf<typeof MailDeliveryCodec>;

/**
 * A single-use link just made (invitation, password reset): shown once to the administrator, who may pass it on
 * when the e-mail does not arrive. `Delivery`: how the e-mail to the lawyer went. The server keeps only its hash.
 */
export const IssuedAccountLink = t.type({ Url: t.string, ExpiresAt: IsoDate, Delivery: MailDeliveryCodec }, 'IssuedAccountLink');
export type IssuedAccountLink = t.TypeOf<typeof IssuedAccountLink>;

/**
 * A password-reset link just made: it is the lawyer's, so it goes to the lawyer's mailbox only. `Url` is null once
 * the relay accepted the e-mail (`Delivery: 'sent'`); only when it will not arrive by itself (`outbox`, `failed`) is
 * the link shown once to the administrator to pass on. (Handing every reset link to the administrator let a session
 * of theirs set any colleague's password.)
 */
export const IssuedPasswordResetLink = t.type({ Url: nullable(t.string), ExpiresAt: IsoDate, Delivery: MailDeliveryCodec }, 'IssuedPasswordResetLink');
export type IssuedPasswordResetLink = t.TypeOf<typeof IssuedPasswordResetLink>;

/** PUT api/admin/lawyers/{id}/role. */
export const ChangeRoleRequest = t.type({ Role: LawyerRoleCodec }, 'ChangeRoleRequest');
export type ChangeRoleRequest = t.TypeOf<typeof ChangeRoleRequest>;

/**
 * POST api/admin/lawyers/{id}/deactivate. `ReassignTo`: the active colleague who takes over the lawyer's open chats,
 * callbacks and case files; null only when the lawyer holds no open work.
 */
export const DeactivateLawyerRequest = t.type({ ReassignTo: nullable(Id) }, 'DeactivateLawyerRequest');
export type DeactivateLawyerRequest = t.TypeOf<typeof DeactivateLawyerRequest>;

/**
 * What a deactivation moved to the colleague: the open work as counted in OpenWork (`Chats`: running and waiting
 * forwarded chats together) and, of those, `ForwardedChats` – the chats forwarded to the lawyer and still waiting.
 */
export const ReassignedWork = t.type({ ...OpenWork.props, ForwardedChats: t.number }, 'ReassignedWork');
export type ReassignedWork = t.TypeOf<typeof ReassignedWork>;

/** The answer to a deactivation: the lawyer now, and what moved to the colleague. */
export const DeactivationResult = t.type({ Lawyer: TeamMember, Reassigned: ReassignedWork, EndedSessions: t.number }, 'DeactivationResult');
export type DeactivationResult = t.TypeOf<typeof DeactivationResult>;

/**
 * Every kind of entry the server writes to the audit log (`Action`): the server types its entries by this list and
 * `GET api/admin/audit?action=` accepts only these, so the console's filter offers exactly what can be found.
 */
export const AuditActionCodec = t.keyof(
  {
    'lawyer.invited': null,
    'lawyer.invitation.accepted': null,
    'lawyer.invitation.withdrawn': null,
    'lawyer.setup.completed': null,
    'lawyer.admin.created': null,
    'lawyer.role.changed': null,
    'lawyer.deactivated': null,
    'lawyer.reactivated': null,
    'lawyer.password.reset': null,
    'lawyer.password.reset.completed': null,
    'lawyer.mfa.reset': null,
    'lawyer.profile.changed': null,
    'insurer.created': null,
    'insurer.updated': null,
    'insurer.key.created': null,
    'insurer.key.revoked': null,
    'insurer.ended': null,
    'insurer.resumed': null,
    'insurer.deleted': null,
    'reports.invoice.exported': null,
    'serviceHours.weekly.saved': null,
    'serviceHours.weekly.reset': null,
    'serviceHours.closure.added': null,
    'serviceHours.closure.removed': null,
    'firmDetails.saved': null,
    'firmDetails.reset': null,
    'dataRequest.search': null,
    'dataRequest.archive': null,
    'dataRequest.erase': null,
    'dataRequest.ambiguous': null,
    'textTemplate.firm.created': null,
    'textTemplate.firm.updated': null,
    'textTemplate.firm.removed': null,
    'chat.fieldOfLaw.changed': null,
    'caseFile.withdrawn': null,
    'caseFile.handedOver': null,
    'caseFile.document.withdrawn': null,
    'callback.released': null,
    'auditLog.exported': null,
  },
  'AuditAction',
);
export type AuditAction = t.TypeOf<typeof AuditActionCodec>;
export const AUDIT_ACTIONS = Object.keys(AuditActionCodec.keys) as readonly AuditAction[];

/** `actor=` value for the entries of operator commands on the server (`ActorId` null, „Server-Befehl“). */
export const AUDIT_SERVER_ACTOR = 'server';

/** At most this many characters in the free-text search `q`. */
export const AUDIT_SEARCH_MAX = 100;

/** The CSV export (`GET api/admin/audit.csv`) needs a period of at most this many Europe/Berlin days, both ends included. */
export const AUDIT_EXPORT_MAX_DAYS = 366;

/** The CSV export refuses a filter that matches more entries than this (400), rather than cutting the file short. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** The export's file name: "Protokoll_<from>_<to>.csv" – the console saves under the name the server sends. */
export const auditExportFileName = (from: string, to: string): string => `Protokoll_${from}_${to}.csv`;

/**
 * The filters of `GET api/admin/audit` (all optional, combined with AND): the kind of entry, who acted (a lawyer's
 * id or AUDIT_SERVER_ACTOR), a period of Europe/Berlin calendar days `YYYY-MM-DD` (both inclusive) and a text in the
 * entry's target or details.
 */
export interface AuditLogFilter {
  readonly action?: AuditAction;
  readonly actor?: string;
  readonly from?: string;
  readonly to?: string;
  readonly q?: string;
}

/** One entry of the audit log (GET api/admin/audit). `ActorId` null: an operator command on the server. */
export const AuditLogEntry = t.type(
  {
    Id,
    At: IsoDate,
    ActorId: nullable(Id),
    ActorName: t.string,
    Action: t.string,
    TargetKind: nullable(t.string),
    TargetId: nullable(t.string),
    TargetLabel: nullable(t.string),
    Details: t.record(t.string, t.union([t.string, t.number, t.boolean, t.null])),
    Ip: nullable(t.string),
  },
  'AuditLogEntry',
);
export type AuditLogEntry = t.TypeOf<typeof AuditLogEntry>;

/** A page of the audit log, newest first; `NextBefore`: pass as `?before=` for the next (older) page, null at the end. */
export const AuditLogPage = t.type({ Entries: t.array(AuditLogEntry), NextBefore: nullable(t.string) }, 'AuditLogPage');
export type AuditLogPage = t.TypeOf<typeof AuditLogPage>;

export const AccountLinkPurposeCodec = t.keyof({ setup: null, invitation: null, passwordReset: null }, 'AccountLinkPurpose');
export type AccountLinkPurpose = t.TypeOf<typeof AccountLinkPurposeCodec>;

/** POST api/account-link/inspect: the token from the link's fragment, in the body (never in a URL). */
export const AccountLinkInspectRequest = t.type({ Token: t.string }, 'AccountLinkInspectRequest');
export type AccountLinkInspectRequest = t.TypeOf<typeof AccountLinkInspectRequest>;

/** What the link is for. `Name`: the account's name (set-up, password reset), null for an invitation. */
export const AccountLinkInfo = t.type(
  { Purpose: AccountLinkPurposeCodec, Email: t.string, Name: nullable(t.string), Role: LawyerRoleCodec, ExpiresAt: IsoDate },
  'AccountLinkInfo',
);
export type AccountLinkInfo = t.TypeOf<typeof AccountLinkInfo>;

/**
 * POST api/account-link/complete: the new password (password policy of the console) and, for an invitation, the
 * name (required), gender and phone number the clients see; a set-up link may change the name. Uses the link up.
 */
export const AccountLinkCompleteRequest = t.intersection(
  [t.type({ Token: t.string, Password: t.string }), t.partial({ Name: t.string, Gender: LawyerGenderCodec, Phone: t.string })],
  'AccountLinkCompleteRequest',
);
export type AccountLinkCompleteRequest = t.TypeOf<typeof AccountLinkCompleteRequest>;

/** The account is ready: the person signs in with `Email` and the new password (and sets up the second factor there). */
export const AccountLinkCompleted = t.type({ Email: t.string }, 'AccountLinkCompleted');
export type AccountLinkCompleted = t.TypeOf<typeof AccountLinkCompleted>;
