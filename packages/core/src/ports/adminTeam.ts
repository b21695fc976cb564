import type {
  AccountLinkCompleteRequest,
  AccountLinkCompleted,
  AccountLinkInfo,
  AuditLogFilter,
  AuditLogPage,
  DeactivationResult,
  InviteLawyerRequest,
  IssuedAccountLink,
  IssuedPasswordResetLink,
  PendingInvitation,
  TeamMember,
} from '../wire/adminTeam.js';
import type { LawyerRole } from '../wire/lawyer.js';
import type { Call } from './call.js';

/** Team administration of the firm on the chat host (docs/api.md "Team administration"): administrators only. */
export interface AdminTeamApi {
  lawyers(): Call<readonly TeamMember[]>;
  invitations(): Call<readonly PendingInvitation[]>;
  /** The single-use link comes back once (also mailed to the invitee). */
  invite(request: InviteLawyerRequest): Call<IssuedAccountLink>;
  /** Ends an open invitation (`PendingInvitation.Id`): its link stops working at once. */
  withdrawInvitation(id: string): Call<void>;
  changeRole(lawyerId: string, role: LawyerRole): Call<TeamMember>;
  /** `reassignTo`: the active colleague who takes over open chats, callbacks and case files (null: nothing open). */
  deactivate(lawyerId: string, reassignTo: string | null): Call<DeactivationResult>;
  reactivate(lawyerId: string): Call<TeamMember>;
  /** Mails a single-use password-reset link; no password is ever shown, the link only when the mail failed. */
  resetPassword(lawyerId: string): Call<IssuedPasswordResetLink>;
  resetSecondFactor(lawyerId: string): Call<TeamMember>;
  /** Newest first, only entries that pass every filter given; `before`: the previous page's NextBefore (same filters). */
  auditLog(query: AuditLogFilter & { readonly before?: string; readonly limit?: number }): Call<AuditLogPage>;
  /** The address of the CSV export of every entry that passes the filters (GET api/admin/audit.csv; needs from and to). */
  auditLogCsvUrl(filter: AuditLogFilter): Call<string>;
}

/** The public single-use account links (set-up, invitation, password reset); the token travels in the body only. */
export interface AccountLinkApi {
  inspect(token: string): Call<AccountLinkInfo>;
  complete(request: AccountLinkCompleteRequest): Call<AccountLinkCompleted>;
}
