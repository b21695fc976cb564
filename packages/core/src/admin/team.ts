// The firm's team for the administration screen: the lawyers and open invitations, and the actions of its dialogs
// (invite, withdraw an invitation, change role, deactivate with the colleague who takes over, reactivate, reset password, reset the second
// factor). One action runs at a time; a finished action becomes the `notice` of the status line and the list is read
// again – so is a refused one, which was refused for something the list did not show yet. The deactivation dialog reads the
// person's open work afresh when it opens (`prepareDeactivation`), and when the server refuses a deactivation without a
// colleague because work arrived since, it says so and asks for the colleague (`deactivation.workArrived`). A screen
// shown again (the window or tab back in front) re-reads the list with `refresh`. A single-use link whose e-mail will not arrive by itself – the relay refused it, or the server has no relay and
// only wrote it to its outbox folder – (and every invitation link) is shown once first (`link`), and its notice follows
// when the administrator has seen it (`acknowledgeLink`).
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller } from '../lawyer/account/accountCall.js';
import type { AdminTeamApi } from '../ports/adminTeam.js';
import type { Call } from '../ports/call.js';
import type { AppError } from '../result.js';
import type { IssuedAccountLink, MailDelivery, OpenWork, PendingInvitation, ReassignedWork, TeamMember } from '../wire/adminTeam.js';
import type { LawyerRole } from '../wire/lawyer.js';

/** What a finished action did, in the words of the status line. `delivery`: how the e-mail with the link went. */
export type TeamNotice =
  | { readonly kind: 'invited'; readonly email: string; readonly delivery: MailDelivery }
  | { readonly kind: 'invitationWithdrawn'; readonly email: string }
  /** An expired invitation taken off the list (its link had already stopped working). */
  | { readonly kind: 'expiredInvitationRemoved'; readonly email: string }
  | { readonly kind: 'roleChanged'; readonly name: string; readonly role: LawyerRole }
  /** „Rolle speichern“ with the role as it was: nothing was sent, and the status line says that nothing changed. */
  | { readonly kind: 'roleUnchanged'; readonly name: string; readonly role: LawyerRole }
  /** `toId`: the colleague who took the work over (null: nobody, there was none) – the console says „Sie“ when that is the signed-in administrator. */
  | { readonly kind: 'deactivated'; readonly name: string; readonly to: string; readonly toId: string | null; readonly reassigned: ReassignedWork }
  | { readonly kind: 'reactivated'; readonly name: string }
  | { readonly kind: 'passwordLink'; readonly email: string; readonly expiresAt: string; readonly delivery: MailDelivery }
  | { readonly kind: 'mfaReset'; readonly name: string };

/** The notice of an action whose single-use link is shown once first (an invitation, a password reset). */
export type LinkNotice = Extract<TeamNotice, { readonly kind: 'invited' | 'passwordLink' }>;

/** The deactivation dialog's check of the person's open work. */
export interface DeactivationCheck {
  readonly memberId: string;
  /** The person's open work is being read afresh: the dialog waits before it offers „Deaktivieren“. */
  readonly checking: boolean;
  /**
   * The server refused a deactivation without a colleague, and the list read again shows open work: it arrived while
   * the dialog was open (a chat accepted meanwhile). The dialog says so and asks who takes it over.
   */
  readonly workArrived: boolean;
}

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
  readonly link: { readonly link: IssuedAccountLink; readonly notice: LinkNotice } | null;
  readonly notice: TeamNotice | null;
  /** The deactivation dialog's check (null: no deactivation dialog open). */
  readonly deactivation: DeactivationCheck | null;
  /** Counts notices, so the view closes its dialog even when two notices look alike. */
  readonly noticed: number;
}

export interface TeamAdmin {
  readonly state$: Observable<TeamState>;
  snapshot(): TeamState;
  load(): void;
  /** The screen is shown again (window or tab back in front): the list is read again, unless a read is running. */
  refresh(): void;
  invite(email: string, role: LawyerRole): void;
  /** Ends an open invitation, e.g. one to a mistyped address; an expired one leaves the list. */
  withdrawInvitation(invitation: PendingInvitation): void;
  /** The role as it is: nothing is sent, and the notice says so (`roleUnchanged`). */
  changeRole(member: TeamMember, role: LawyerRole): void;
  /** The deactivation dialog opens: the person's open work is read afresh (the list may be minutes old). */
  prepareDeactivation(member: TeamMember): void;
  /** `reassignTo`: the colleague who takes over open work (null: nothing open). */
  deactivate(member: TeamMember, reassignTo: string | null): void;
  reactivate(member: TeamMember): void;
  resetPassword(member: TeamMember): void;
  resetSecondFactor(member: TeamMember): void;
  /** The link shown once was seen: its notice follows. */
  acknowledgeLink(): void;
  /** A dialog closed without a change: its error (or unseen link, or the deactivation's check) goes. */
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
  deactivation: null,
  noticed: 0,
};

/** Whether anything is open (or was handed over). */
export const hasOpenWork = (work: OpenWork): boolean => work.Chats + work.Callbacks + work.CaseFiles > 0;

/** Whether a deactivation needs a colleague: open work, or case files of ended mandates, whose clients still read them. */
export const needsColleague = (member: TeamMember): boolean => hasOpenWork(member.OpenWork) || member.EndedCaseFiles > 0;

export function createTeamAdmin({ api, onSessionExpired }: TeamAdminDeps): TeamAdmin {
  const state = new BehaviorSubject<TeamState>(initialTeamState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<TeamState>) => state.next({ ...state.value, ...change });

  /** Lawyers' list reads still running: a screen shown again does not start another. */
  let reading = 0;
  /** Reads the lawyers; `then` gets the new list, or null when it could not be read. */
  const readLawyers = (then?: (members: readonly TeamMember[] | null) => void) => {
    reading += 1;
    run(
      api.lawyers(),
      (members) => {
        reading -= 1;
        update({ members, loadError: null });
        then?.(members);
      },
      (loadError) => {
        reading -= 1;
        update({ loadError });
        then?.(null);
      },
    );
  };
  const load = () => {
    readLawyers();
    // Without the invitations the list still stands; a refusal shows with the lawyers' list.
    run(
      api.invitations(),
      (invitations) => update({ invitations }),
      () => undefined,
    );
  };
  const notify = (notice: TeamNotice) => {
    update({ notice, noticed: state.value.noticed + 1, link: null, deactivation: null });
    load();
  };
  /** A refused action was refused for what the list did not show yet (an account changed meanwhile): read it again. */
  const act = <A>(call: Call<A>, done: (value: A) => void) => {
    update({ busy: true, actionError: null });
    run(
      call,
      (value) => {
        update({ busy: false });
        done(value);
      },
      (actionError) => {
        update({ busy: false, actionError });
        load();
      },
    );
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load,
    refresh: () => {
      if (reading === 0) load();
    },
    invite: (email, role) => {
      const to = email.trim();
      act(api.invite({ Email: to, Role: role }), (link) => update({ link: { link, notice: { kind: 'invited', email: to, delivery: link.Delivery } } }));
    },
    withdrawInvitation: (invitation) =>
      act(api.withdrawInvitation(invitation.Id), () =>
        notify({ kind: invitation.Expired ? 'expiredInvitationRemoved' : 'invitationWithdrawn', email: invitation.Email }),
      ),
    changeRole: (member, role) => {
      // No „Die Rolle … ist jetzt“ for a change that did not happen – and no silent close either.
      if (role === member.Role) notify({ kind: 'roleUnchanged', name: member.Name, role });
      else act(api.changeRole(member.Id, role), (changed) => notify({ kind: 'roleChanged', name: changed.Name, role: changed.Role }));
    },
    prepareDeactivation: (member) => {
      const check = { memberId: member.Id, checking: true, workArrived: false };
      update({ deactivation: check, actionError: null });
      // A failed read leaves the list as it was: the server still refuses a deactivation that would leave work behind.
      readLawyers(() => {
        if (state.value.deactivation === check) update({ deactivation: { ...check, checking: false } });
      });
    },
    deactivate: (member, reassignTo) => {
      const to = state.value.members?.find((m) => reassignTo !== null && m.Id === reassignTo)?.Name ?? '';
      update({ busy: true, actionError: null });
      run(
        api.deactivate(member.Id, reassignTo),
        ({ Reassigned }) => {
          update({ busy: false });
          notify({ kind: 'deactivated', name: member.Name, to, toId: reassignTo, reassigned: Reassigned });
        },
        (actionError) => {
          // Refused: the dialog stays busy until the list is read again, then shows why. Without a colleague, open work
          // in the new list arrived after the dialog showed none – the server's refusal would contradict the dialog.
          readLawyers((members) => {
            const now = members?.find((m) => m.Id === member.Id);
            const workArrived = reassignTo === null && now !== undefined && now.Status === 'active' && needsColleague(now);
            update(
              workArrived
                ? { busy: false, actionError: null, deactivation: { memberId: member.Id, checking: false, workArrived } }
                : { busy: false, actionError },
            );
          });
        },
      );
    },
    reactivate: (member) => act(api.reactivate(member.Id), () => notify({ kind: 'reactivated', name: member.Name })),
    resetPassword: (member) =>
      act(api.resetPassword(member.Id), (link) => {
        const notice: LinkNotice = { kind: 'passwordLink', email: member.Email, expiresAt: link.ExpiresAt, delivery: link.Delivery };
        if (link.Delivery === 'sent' || link.Url === null) notify(notice);
        else update({ link: { link: { Url: link.Url, ExpiresAt: link.ExpiresAt, Delivery: link.Delivery }, notice } });
      }),
    resetSecondFactor: (member) => act(api.resetSecondFactor(member.Id), () => notify({ kind: 'mfaReset', name: member.Name })),
    acknowledgeLink: () => {
      const shown = state.value.link;
      if (shown) notify(shown.notice);
    },
    dismissAction: () => {
      const { actionError, link, deactivation } = state.value;
      if (actionError !== null || link !== null || deactivation !== null) update({ actionError: null, link: null, deactivation: null });
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
