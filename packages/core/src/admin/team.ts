// The firm's team for the administration screen: the lawyers and open invitations, and the actions of its dialogs
// (invite, withdraw an invitation, change role, deactivate with the colleague who takes over, reactivate, reset password, reset the second
// factor). One action runs at a time; a finished action becomes the `notice` of the status line and the list is read
// again. A single-use link whose e-mail will not arrive by itself – the relay refused it, or the server has no relay and
// only wrote it to its outbox folder – (and every invitation link) is shown once first (`link`), and its notice follows
// when the administrator has seen it (`acknowledgeLink`).
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller } from '../lawyer/account/accountCall.js';
import type { AdminTeamApi } from '../ports/adminTeam.js';
import type { Call } from '../ports/call.js';
import type { AppError } from '../result.js';
import type { IssuedAccountLink, MailDelivery, OpenWork, PendingInvitation, TeamMember } from '../wire/adminTeam.js';
import type { LawyerRole } from '../wire/lawyer.js';

/** What a finished action did, in the words of the status line. `delivery`: how the e-mail with the link went. */
export type TeamNotice =
  | { readonly kind: 'invited'; readonly email: string; readonly delivery: MailDelivery }
  | { readonly kind: 'invitationWithdrawn'; readonly email: string }
  | { readonly kind: 'roleChanged'; readonly name: string; readonly role: LawyerRole }
  | { readonly kind: 'deactivated'; readonly name: string; readonly to: string; readonly reassigned: OpenWork }
  | { readonly kind: 'reactivated'; readonly name: string }
  | { readonly kind: 'passwordLink'; readonly email: string; readonly expiresAt: string; readonly delivery: MailDelivery }
  | { readonly kind: 'mfaReset'; readonly name: string };

export interface TeamState {
  /** null until the first list arrived. */
  readonly members: readonly TeamMember[] | null;
  readonly invitations: readonly PendingInvitation[];
  /** The list could not be read (the last list, if any, stays). */
  readonly loadError: AppError | null;
  /** An action of a dialog is running. */
  readonly busy: boolean;
  /** The last action was refused; cleared by the next action or `dismissAction`. */
  readonly actionError: AppError | null;
  /** A single-use link to show once, with the notice that follows it. */
  readonly link: { readonly link: IssuedAccountLink; readonly notice: TeamNotice } | null;
  readonly notice: TeamNotice | null;
  /** Counts notices, so the view closes its dialog even when two notices look alike. */
  readonly noticed: number;
}

export interface TeamAdmin {
  readonly state$: Observable<TeamState>;
  snapshot(): TeamState;
  load(): void;
  invite(email: string, role: LawyerRole): void;
  /** Ends an open invitation, e.g. one to a mistyped address. */
  withdrawInvitation(invitation: PendingInvitation): void;
  changeRole(member: TeamMember, role: LawyerRole): void;
  /** `reassignTo`: the colleague who takes over open work (null: nothing open). */
  deactivate(member: TeamMember, reassignTo: string | null): void;
  reactivate(member: TeamMember): void;
  resetPassword(member: TeamMember): void;
  resetSecondFactor(member: TeamMember): void;
  /** The link shown once was seen: its notice follows. */
  acknowledgeLink(): void;
  /** A dialog closed without a change: its error (or unseen link) goes. */
  dismissAction(): void;
  dispose(): void;
}

export interface TeamAdminDeps {
  readonly api: AdminTeamApi;
  readonly onSessionExpired: () => void;
}

export const initialTeamState: TeamState = {
  members: null,
  invitations: [],
  loadError: null,
  busy: false,
  actionError: null,
  link: null,
  notice: null,
  noticed: 0,
};

/** Whether anything is open (or was handed over). */
export const hasOpenWork = (work: OpenWork): boolean => work.Chats + work.Callbacks + work.CaseFiles > 0;

export function createTeamAdmin({ api, onSessionExpired }: TeamAdminDeps): TeamAdmin {
  const state = new BehaviorSubject<TeamState>(initialTeamState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<TeamState>) => state.next({ ...state.value, ...change });

  const load = () => {
    run(
      api.lawyers(),
      (members) => update({ members, loadError: null }),
      (loadError) => update({ loadError }),
    );
    // Without the invitations the list still stands; a refusal shows with the lawyers' list.
    run(
      api.invitations(),
      (invitations) => update({ invitations }),
      () => undefined,
    );
  };
  const notify = (notice: TeamNotice) => {
    update({ notice, noticed: state.value.noticed + 1, link: null });
    load();
  };
  const act = <A>(call: Call<A>, done: (value: A) => void) => {
    update({ busy: true, actionError: null });
    run(
      call,
      (value) => {
        update({ busy: false });
        done(value);
      },
      (actionError) => update({ busy: false, actionError }),
    );
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load,
    invite: (email, role) => {
      const to = email.trim();
      act(api.invite({ Email: to, Role: role }), (link) => update({ link: { link, notice: { kind: 'invited', email: to, delivery: link.Delivery } } }));
    },
    withdrawInvitation: (invitation) => act(api.withdrawInvitation(invitation.Id), () => notify({ kind: 'invitationWithdrawn', email: invitation.Email })),
    changeRole: (member, role) => act(api.changeRole(member.Id, role), (changed) => notify({ kind: 'roleChanged', name: changed.Name, role: changed.Role })),
    deactivate: (member, reassignTo) => {
      const to = state.value.members?.find((m) => reassignTo !== null && m.Id === reassignTo)?.Name ?? '';
      act(api.deactivate(member.Id, reassignTo), ({ Reassigned }) => notify({ kind: 'deactivated', name: member.Name, to, reassigned: Reassigned }));
    },
    reactivate: (member) => act(api.reactivate(member.Id), () => notify({ kind: 'reactivated', name: member.Name })),
    resetPassword: (member) =>
      act(api.resetPassword(member.Id), (link) => {
        const notice: TeamNotice = { kind: 'passwordLink', email: member.Email, expiresAt: link.ExpiresAt, delivery: link.Delivery };
        if (link.Delivery === 'sent' || link.Url === null) notify(notice);
        else update({ link: { link: { Url: link.Url, ExpiresAt: link.ExpiresAt, Delivery: link.Delivery }, notice } });
      }),
    resetSecondFactor: (member) => act(api.resetSecondFactor(member.Id), () => notify({ kind: 'mfaReset', name: member.Name })),
    acknowledgeLink: () => {
      const shown = state.value.link;
      if (shown) notify(shown.notice);
    },
    dismissAction: () => {
      if (state.value.actionError !== null || state.value.link !== null) update({ actionError: null, link: null });
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
