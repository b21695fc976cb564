// The dialogs of the team administration: invite, withdraw an invitation, change role, deactivate (with the colleague who takes over),
// reactivate, reset password, reset second factor. Each calls its port once and reports a sentence for the screen's
// status line; a single-use link is shown once in the dialog itself. A dialog with a choice made or an address typed
// asks before Escape or a click beside it throws that away (AdminDialog's `changed`).
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  hasOpenWork,
  LAWYER_AWAY_MINUTES,
  type LinkNotice,
  needsColleague,
  type IssuedAccountLink,
  type LawyerRole,
  type OpenWork,
  type PendingInvitation,
  type ReassignedWork,
  type TeamAdmin,
  type TeamMember,
  type TeamNotice,
  type TeamState,
} from '@rechtschat/core';
import { formatDateTime } from '../../i18n/i18n.js';
import { AdminDialog } from './AdminDialog.js';
import { adminErrorText } from './adminErrors.js';

/** „a, b und c“ of the parts there are. */
function listed(t: TFunction, parts: readonly string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} ${t('Team.And')} ${parts[parts.length - 1] ?? ''}`;
}

/** "1 Chat, 2 Rückrufe und 3 Fallakten" – only what there is. */
export function workText(t: TFunction, work: OpenWork): string {
  return listed(t, [
    ...(work.Chats > 0 ? [t('Team.Count.Chats', { count: work.Chats })] : []),
    ...(work.Callbacks > 0 ? [t('Team.Count.Callbacks', { count: work.Callbacks })] : []),
    ...(work.CaseFiles > 0 ? [t('Team.Count.CaseFiles', { count: work.CaseFiles })] : []),
  ]);
}

/** What a deactivation moved: "2 laufende Chats, 1 weitergeleiteten Chat und 1 Rückruf" – running and waiting forwarded chats apart, only what there is. */
function reassignedText(t: TFunction, work: ReassignedWork): string {
  const running = work.Chats - work.ForwardedChats;
  return listed(t, [
    ...(running > 0 ? [t('Team.Count.RunningChats', { count: running })] : []),
    ...(work.ForwardedChats > 0 ? [t('Team.Count.ForwardedChats', { count: work.ForwardedChats })] : []),
    ...(work.Callbacks > 0 ? [t('Team.Count.Callbacks', { count: work.Callbacks })] : []),
    ...(work.CaseFiles > 0 ? [t('Team.Count.CaseFiles', { count: work.CaseFiles })] : []),
  ]);
}

/** Status-line keys of an e-mail with a link, by how it went (`sent`: the relay took it). */
const INVITED_NOTICE = { sent: 'Team.Invited', outbox: 'Team.InvitedOutboxNotice', failed: 'Team.InvitedNotMailedNotice' } as const;
const PASSWORD_LINK_NOTICE = { sent: 'Team.PasswordLinkMailed', outbox: 'Team.PasswordLinkOutboxNotice', failed: 'Team.PasswordLinkNotMailedNotice' } as const;
/** The words above a link shown once: what happened to its e-mail and, when it will not arrive, that the link is to pass on. */
const INVITED_LINK = { sent: 'Team.Invited', outbox: 'Team.InvitedOutbox', failed: 'Team.InvitedNotMailed' } as const;
const PASSWORD_LINK = { sent: 'Team.PasswordLinkMailed', outbox: 'Team.PasswordLinkOutbox', failed: 'Team.PasswordLinkNotMailed' } as const;

/**
 * A notice whose e-mail will not reach its addressee by itself (no mail relay, or the relay refused it) is a warning;
 * a role saved as it was is information (nothing happened).
 */
export function noticeSeverity(notice: TeamNotice): 'success' | 'info' | 'warning' {
  if (notice.kind === 'roleUnchanged') return 'info';
  return (notice.kind === 'invited' || notice.kind === 'passwordLink') && notice.delivery !== 'sent' ? 'warning' : 'success';
}

/** The sentence of the status line for what an action did; `meId`: the signed-in administrator, addressed as „Sie“. */
export function noticeText(t: TFunction, notice: TeamNotice, meId: string): string {
  switch (notice.kind) {
    case 'invited':
      return t(INVITED_NOTICE[notice.delivery], { email: notice.email });
    case 'invitationWithdrawn':
      return t('Team.Withdrawn', { email: notice.email });
    case 'expiredInvitationRemoved':
      return t('Team.ExpiredRemoved', { email: notice.email });
    case 'roleChanged':
      return t('Team.RoleChanged', { name: notice.name, role: t(`Team.Role.${notice.role}`) });
    case 'roleUnchanged':
      return t('Team.RoleUnchanged', { name: notice.name, role: t(`Team.Role.${notice.role}`) });
    case 'deactivated':
      if (!hasOpenWork(notice.reassigned)) return t('Team.Deactivated', { name: notice.name });
      return notice.toId === meId
        ? t('Team.DeactivatedReassignedToYou', { name: notice.name, work: reassignedText(t, notice.reassigned) })
        : t('Team.DeactivatedReassigned', { name: notice.name, to: notice.to, work: reassignedText(t, notice.reassigned) });
    case 'reactivated':
      return t('Team.Reactivated', { name: notice.name });
    case 'passwordLink':
      return t(PASSWORD_LINK_NOTICE[notice.delivery], { email: notice.email, expires: formatDateTime(notice.expiresAt) });
    case 'mfaReset':
      return t('Team.MfaReset', { name: notice.name });
  }
}

/** The sentence above a single-use link shown once in its dialog (invitation, password reset). */
function linkText(t: TFunction, notice: LinkNotice): string {
  return notice.kind === 'invited'
    ? t(INVITED_LINK[notice.delivery], { email: notice.email })
    : t(PASSWORD_LINK[notice.delivery], { email: notice.email, expires: formatDateTime(notice.expiresAt) });
}

interface DialogBase {
  /** The team use case: the dialog's action runs there; a finished one closes the dialog (its notice). */
  readonly team: TeamAdmin;
  readonly state: TeamState;
  /** Closed without a change. */
  readonly onClose: () => void;
}

/** The action's busy flag and its error text in the dialog. */
function useAction(state: TeamState) {
  const { t } = useTranslation();
  return { busy: state.busy, error: state.actionError && adminErrorText(t, state.actionError) };
}

function RoleChoice({ value, onChange, labelId }: { readonly value: LawyerRole; readonly onChange: (role: LawyerRole) => void; readonly labelId: string }) {
  const { t } = useTranslation();
  return (
    <FormControl>
      <FormLabel id={labelId}>{t('Team.InviteRole')}</FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value as LawyerRole)}>
        <FormControlLabel value="lawyer" control={<Radio />} label={t('Team.Role.lawyer')} />
        <FormControlLabel value="admin" control={<Radio />} label={t('Team.Role.admin')} />
      </RadioGroup>
    </FormControl>
  );
}

/**
 * A single-use link shown once: read-only, selectable, with a copy button whose outcome the status below announces.
 * `label`: what the link is for (the invitation, a new password).
 */
function OneTimeLink({ link, label }: { readonly link: IssuedAccountLink; readonly label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.select(), []);
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography>{t('Team.LinkOnce', { expires: formatDateTime(link.ExpiresAt) })}</Typography>
      <TextField label={label} value={link.Url} inputRef={field} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          field.current?.select();
          // Without a clipboard (an insecure origin, a refused permission) the link stays selected to copy by hand.
          const copying = navigator.clipboard?.writeText(link.Url) ?? Promise.reject(new Error('no clipboard'));
          void copying.then(
            () => setCopied('yes'),
            () => setCopied('failed'),
          );
        }}
      >
        {t('Team.CopyLink')}
      </Button>
      <div role="status">{copied !== 'no' && <Typography variant="body2">{t(copied === 'yes' ? 'Team.LinkCopied' : 'Team.LinkCopyFailed')}</Typography>}</div>
    </Stack>
  );
}

/** `initial`: the address and role of an expired invitation to send again („Erneut einladen“), still editable. */
export function InviteDialog({ team, state, onClose, initial }: DialogBase & { readonly initial?: { readonly email: string; readonly role: LawyerRole } }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initial?.email ?? '');
  const [role, setRole] = useState<LawyerRole>(initial?.role ?? 'lawyer');
  const [missing, setMissing] = useState(false);
  const emailField = useRef<HTMLInputElement>(null);
  const { busy, error } = useAction(state);
  // A new invitation to the same address replaces the open one (its link stops working): said before sending, since
  // the list of open invitations then still shows one and the audit log two.
  // The address is what a refusal before or from the server is about (missing, not an address): the field says so and
  // names the message (WCAG 3.3.1; it stayed unmarked – accessibility auditor, 2026-12-05).
  const emailInvalid = missing || (state.actionError?._tag === 'HttpError' && state.actionError.status === 400);
  // An expired one has no working link to replace.
  const openBefore = state.invitations.find((invitation) => !invitation.Expired && invitation.Email.toLowerCase() === email.trim().toLowerCase());
  const issued = state.link;
  if (issued) {
    const message = linkText(t, issued.notice);
    return (
      <AdminDialog id="invite" title={t('Team.InviteTitle')} error={null} busy={false} onClose={() => team.acknowledgeLink()}>
        <Alert severity={noticeSeverity(issued.notice)} role="status" sx={{ overflowWrap: 'anywhere' }}>
          {message}
        </Alert>
        <OneTimeLink link={issued.link} label={t('Team.Link')} />
      </AdminDialog>
    );
  }
  return (
    <AdminDialog
      id="invite"
      title={t('Team.InviteTitle')}
      intro={t('Team.InviteIntro')}
      error={missing ? t('Team.InviteEmailMissing') : error}
      busy={busy}
      changed={email.trim() !== (initial?.email ?? '') || role !== (initial?.role ?? 'lawyer')}
      submitLabel={t('Team.InviteSubmit')}
      onClose={onClose}
      onSubmit={() => {
        setMissing(email.trim() === '');
        // A missing address: the focus goes back to its field, from „Einladen“ (accessibility auditor).
        if (email.trim() === '') emailField.current?.focus();
        else team.invite(email, role);
      }}
    >
      <Stack spacing={2}>
        <TextField
          label={t('Team.InviteEmail')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          inputRef={emailField}
          autoFocus
          required
          autoComplete="off"
          error={emailInvalid}
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false, ...(emailInvalid ? { 'aria-describedby': 'invite-error' } : {}) } }}
        />
        {openBefore && (
          <Alert severity="info" role="status">
            {t('Team.InviteReplaces', { email: openBefore.Email, date: formatDateTime(openBefore.CreatedAt) })}
          </Alert>
        )}
        <RoleChoice value={role} onChange={setRole} labelId="invite-role" />
      </Stack>
    </AdminDialog>
  );
}

interface MemberDialog extends DialogBase {
  readonly member: TeamMember;
}

export function RoleDialog({ team, state, member, onClose }: MemberDialog) {
  const { t } = useTranslation();
  const [role, setRole] = useState<LawyerRole>(member.Role);
  const { busy, error } = useAction(state);
  return (
    <AdminDialog
      id="role"
      title={t('Team.RoleTitle', { name: member.Name })}
      intro={t('Team.RoleIntro')}
      error={error}
      busy={busy}
      changed={role !== member.Role}
      submitLabel={t('Team.RoleSubmit')}
      onClose={onClose}
      // The role as it is: nothing is sent, and the status line says that nothing changed (core's `roleUnchanged`).
      onSubmit={() => team.changeRole(member, role)}
    >
      <RoleChoice value={role} onChange={setRole} labelId="role-choice" />
    </AdminDialog>
  );
}

/**
 * `member`: the person as the list shows them now – the screen opens the dialog with `prepareDeactivation`, which reads
 * their open work afresh, and a refusal because work arrived meanwhile reads it again (`state.deactivation`).
 */
export function DeactivateDialog({ team, state, member, colleagues, onClose }: MemberDialog & { readonly colleagues: readonly TeamMember[] }) {
  const { t } = useTranslation();
  const [reassignTo, setReassignTo] = useState('');
  const [missing, setMissing] = useState(false);
  const { busy, error } = useAction(state);
  const check = state.deactivation?.memberId === member.Id ? state.deactivation : null;
  const checking = check?.checking ?? false;
  const open = member.OpenWork;
  // A colleague must take the ended mandates' case files too: their clients still see who their lawyer is.
  const hasWork = needsColleague(member);
  const candidates = colleagues.filter((c) => c.Id !== member.Id && c.Status === 'active');
  // A colleague chosen before the list was read again may have been deactivated since: then nobody is chosen.
  const chosen = candidates.some((c) => c.Id === reassignTo) ? reassignTo : '';
  return (
    <AdminDialog
      id="deactivate"
      title={t('Team.DeactivateTitle', { name: member.Name })}
      intro={t('Team.DeactivateIntro', { name: member.Name })}
      error={error}
      busy={busy}
      waiting={checking}
      changed={chosen !== ''}
      submitLabel={t('Team.DeactivateSubmit')}
      submitColor="error"
      onClose={onClose}
      onSubmit={() => {
        if (hasWork && chosen === '') {
          setMissing(true);
          // The keyboard goes to the choice the message asks for, not left on the button.
          document.getElementById('deactivate-reassign')?.focus();
          return;
        }
        team.deactivate(member, chosen === '' ? null : chosen);
      }}
    >
      {checking ? (
        <Typography sx={{ mb: 2 }} role="status">
          {t('Team.CheckingWork', { name: member.Name })}
        </Typography>
      ) : (
        <Typography sx={{ mb: 2 }} id="deactivate-open-work">
          {hasOpenWork(open) ? t('Team.OpenWork', { name: member.Name, work: workText(t, open) }) : t('Team.NoOpenWork', { name: member.Name })}
          {member.EndedCaseFiles > 0 && ` ${t('Team.EndedCaseFiles', { name: member.Name, count: member.EndedCaseFiles })}`}
        </Typography>
      )}
      {check?.workArrived && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {t('Team.WorkArrived', { name: member.Name })}
        </Alert>
      )}
      {!checking && hasWork && candidates.length === 0 && <Alert severity="warning">{t('Team.NoColleague')}</Alert>}
      {!checking && hasWork && candidates.length > 0 && (
        <TextField
          select
          id="deactivate-reassign"
          label={t('Team.ReassignTo')}
          value={chosen}
          onChange={(e) => {
            setReassignTo(e.target.value);
            setMissing(false);
          }}
          required
          fullWidth
          autoFocus
          error={missing}
          helperText={missing ? t('Team.ReassignMissing') : t('Team.ReassignHelp')}
        >
          {candidates.map((c) => (
            <MenuItem key={c.Id} value={c.Id}>
              {c.LastLoginAt === null
                ? t('Team.ReassignNeverSignedIn', { name: c.Name })
                : t('Team.ReassignLastLogin', { name: c.Name, date: formatDateTime(c.LastLoginAt) })}
            </MenuItem>
          ))}
        </TextField>
      )}
    </AdminDialog>
  );
}

export function WithdrawInvitationDialog({ team, state, invitation, onClose }: DialogBase & { readonly invitation: PendingInvitation }) {
  const { t } = useTranslation();
  const { busy, error } = useAction(state);
  return (
    <AdminDialog
      id="withdraw-invitation"
      // An expired invitation's link already stopped working: it is only taken off the list.
      title={t(invitation.Expired ? 'Team.RemoveExpiredLabel' : 'Team.WithdrawTitle', { email: invitation.Email })}
      intro={t(invitation.Expired ? 'Team.RemoveExpiredIntro' : 'Team.WithdrawIntro')}
      error={error}
      busy={busy}
      submitLabel={t(invitation.Expired ? 'Team.RemoveExpiredSubmit' : 'Team.WithdrawSubmit')}
      submitColor="error"
      onClose={onClose}
      onSubmit={() => team.withdrawInvitation(invitation)}
    />
  );
}

export function ReactivateDialog({ team, state, member, onClose }: MemberDialog) {
  const { t } = useTranslation();
  const { busy, error } = useAction(state);
  return (
    <AdminDialog
      id="reactivate"
      title={t('Team.ReactivateTitle', { name: member.Name })}
      intro={t('Team.ReactivateIntro', { name: member.Name })}
      error={error}
      busy={busy}
      submitLabel={t('Team.ReactivateSubmit')}
      onClose={onClose}
      onSubmit={() => team.reactivate(member)}
    />
  );
}

export function ResetPasswordDialog({ team, state, member, onClose }: MemberDialog) {
  const { t } = useTranslation();
  const { busy, error } = useAction(state);
  const unmailed = state.link;
  if (unmailed) {
    const message = linkText(t, unmailed.notice);
    return (
      <AdminDialog
        id="reset-password"
        title={t('Team.ResetPasswordTitle', { name: member.Name })}
        error={null}
        busy={false}
        onClose={() => team.acknowledgeLink()}
      >
        <Alert severity="warning" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {message}
        </Alert>
        <OneTimeLink link={unmailed.link} label={t('Team.PasswordLink')} />
      </AdminDialog>
    );
  }
  return (
    <AdminDialog
      id="reset-password"
      title={t('Team.ResetPasswordTitle', { name: member.Name })}
      intro={t('Team.ResetPasswordIntro', { name: member.Name, minutes: LAWYER_AWAY_MINUTES })}
      error={error}
      busy={busy}
      submitLabel={t('Team.ResetPasswordSubmit')}
      onClose={onClose}
      onSubmit={() => team.resetPassword(member)}
    />
  );
}

export function ResetMfaDialog({ team, state, member, onClose }: MemberDialog) {
  const { t } = useTranslation();
  const { busy, error } = useAction(state);
  return (
    <AdminDialog
      id="reset-mfa"
      title={t('Team.ResetMfaTitle', { name: member.Name })}
      intro={t('Team.ResetMfaIntro', { name: member.Name, minutes: LAWYER_AWAY_MINUTES })}
      error={error}
      busy={busy}
      submitLabel={t('Team.ResetMfaSubmit')}
      submitColor="error"
      onClose={onClose}
      onSubmit={() => team.resetSecondFactor(member)}
    />
  );
}
