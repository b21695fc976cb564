// The dialogs of the team administration: invite, change role, deactivate (with the colleague who takes over),
// reactivate, reset password, reset second factor. Each calls its port once and reports a sentence for the screen's
// status line; a single-use link is shown once in the dialog itself.
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
import type { AdminTeamApi, IssuedAccountLink, LawyerRole, OpenWork, TeamMember } from '@rechtschat/core';
import { formatDateTime } from '../../i18n/i18n.js';
import { AdminDialog } from './AdminDialog.js';
import { runCall } from './adminCall.js';

/** "1 Chat, 2 Rückrufe und 3 Fallakten" – only what there is. */
export function workText(t: TFunction, work: OpenWork): string {
  const parts = [
    ...(work.Chats > 0 ? [t('Team.Count.Chats', { count: work.Chats })] : []),
    ...(work.Callbacks > 0 ? [t('Team.Count.Callbacks', { count: work.Callbacks })] : []),
    ...(work.CaseFiles > 0 ? [t('Team.Count.CaseFiles', { count: work.CaseFiles })] : []),
  ];
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} ${t('Team.And')} ${parts[parts.length - 1] ?? ''}`;
}

interface DialogBase {
  readonly api: AdminTeamApi;
  readonly onSessionExpired: () => void;
  /** Closed without a change. */
  readonly onClose: () => void;
  /** Done: the sentence for the screen's status line; the list is read again. */
  readonly onDone: (message: string) => void;
}

/** Runs one action of a dialog: busy while it runs, its error text in the dialog. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const run = async <A,>(outcome: Promise<{ ok: true; value: A } | { ok: false; message: string | null }>, onOk: (value: A) => void) => {
    setBusy(true);
    setError(null);
    const result = await outcome;
    if (!live.current) return;
    setBusy(false);
    if (result.ok) onOk(result.value);
    else setError(result.message);
  };
  return { busy, error, setError, run };
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

/** A single-use link shown once: read-only, selectable, with a copy button. */
function OneTimeLink({ link }: { readonly link: IssuedAccountLink }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.select(), []);
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography>{t('Team.LinkOnce', { expires: formatDateTime(link.ExpiresAt) })}</Typography>
      <TextField label={t('Team.Link')} value={link.Url} inputRef={field} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          field.current?.select();
          void navigator.clipboard?.writeText(link.Url).then(() => setCopied(true));
        }}
      >
        {t('Team.CopyLink')}
      </Button>
      <div role="status">{copied && <Typography variant="body2">{t('Team.LinkCopied')}</Typography>}</div>
    </Stack>
  );
}

export function InviteDialog({ api, onSessionExpired, onClose, onDone }: DialogBase) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<LawyerRole>('lawyer');
  const [issued, setIssued] = useState<IssuedAccountLink | null>(null);
  const { busy, error, setError, run } = useAction();
  const sentTo = email.trim();
  if (issued) {
    return (
      <AdminDialog
        id="invite"
        title={t('Team.InviteTitle')}
        error={null}
        busy={false}
        onClose={() => onDone(t(issued.Mailed ? 'Team.Invited' : 'Team.InvitedNotMailed', { email: sentTo }))}
      >
        <Alert severity={issued.Mailed ? 'success' : 'warning'} role="status" sx={{ overflowWrap: 'anywhere' }}>
          {t(issued.Mailed ? 'Team.Invited' : 'Team.InvitedNotMailed', { email: sentTo })}
        </Alert>
        <OneTimeLink link={issued} />
      </AdminDialog>
    );
  }
  return (
    <AdminDialog
      id="invite"
      title={t('Team.InviteTitle')}
      intro={t('Team.InviteIntro')}
      error={error}
      busy={busy}
      submitLabel={t('Team.InviteSubmit')}
      onClose={onClose}
      onSubmit={() => {
        if (sentTo === '') {
          setError(t('Team.InviteEmailMissing'));
          return;
        }
        void run(runCall(api.invite({ Email: sentTo, Role: role }), t, onSessionExpired), setIssued);
      }}
    >
      <Stack spacing={2}>
        <TextField
          label={t('Team.InviteEmail')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
          required
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
        />
        <RoleChoice value={role} onChange={setRole} labelId="invite-role" />
      </Stack>
    </AdminDialog>
  );
}

interface MemberDialog extends DialogBase {
  readonly member: TeamMember;
}

export function RoleDialog({ api, member, onSessionExpired, onClose, onDone }: MemberDialog) {
  const { t } = useTranslation();
  const [role, setRole] = useState<LawyerRole>(member.Role);
  const { busy, error, run } = useAction();
  return (
    <AdminDialog
      id="role"
      title={t('Team.RoleTitle', { name: member.Name })}
      intro={t('Team.RoleIntro')}
      error={error}
      busy={busy}
      submitLabel={t('Team.RoleSubmit')}
      onClose={onClose}
      onSubmit={() =>
        void run(runCall(api.changeRole(member.Id, role), t, onSessionExpired), (changed) =>
          onDone(t('Team.RoleChanged', { name: changed.Name, role: t(`Team.Role.${changed.Role}`) })),
        )
      }
    >
      <RoleChoice value={role} onChange={setRole} labelId="role-choice" />
    </AdminDialog>
  );
}

export function DeactivateDialog({
  api,
  member,
  colleagues,
  onSessionExpired,
  onClose,
  onDone,
}: MemberDialog & { readonly colleagues: readonly TeamMember[] }) {
  const { t } = useTranslation();
  const [reassignTo, setReassignTo] = useState('');
  const [missing, setMissing] = useState(false);
  const { busy, error, run } = useAction();
  const open = member.OpenWork;
  const hasOpenWork = open.Chats + open.Callbacks + open.CaseFiles > 0;
  const candidates = colleagues.filter((c) => c.Id !== member.Id && c.Status === 'active');
  return (
    <AdminDialog
      id="deactivate"
      title={t('Team.DeactivateTitle', { name: member.Name })}
      intro={t('Team.DeactivateIntro', { name: member.Name })}
      error={error}
      busy={busy}
      submitLabel={t('Team.DeactivateSubmit')}
      submitColor="error"
      onClose={onClose}
      onSubmit={() => {
        if (hasOpenWork && reassignTo === '') {
          setMissing(true);
          return;
        }
        void run(runCall(api.deactivate(member.Id, reassignTo === '' ? null : reassignTo), t, onSessionExpired), (result) => {
          const to = candidates.find((c) => c.Id === reassignTo)?.Name ?? '';
          const moved = result.Reassigned;
          onDone(
            moved.Chats + moved.Callbacks + moved.CaseFiles > 0
              ? t('Team.DeactivatedReassigned', { name: member.Name, to, work: workText(t, moved) })
              : t('Team.Deactivated', { name: member.Name }),
          );
        });
      }}
    >
      <Typography sx={{ mb: 2 }} id="deactivate-open-work">
        {hasOpenWork ? t('Team.OpenWork', { name: member.Name, work: workText(t, open) }) : t('Team.NoOpenWork', { name: member.Name })}
      </Typography>
      {hasOpenWork && candidates.length === 0 && <Alert severity="warning">{t('Team.NoColleague')}</Alert>}
      {hasOpenWork && candidates.length > 0 && (
        <TextField
          select
          label={t('Team.ReassignTo')}
          value={reassignTo}
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
              {c.Name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </AdminDialog>
  );
}

export function ReactivateDialog({ api, member, onSessionExpired, onClose, onDone }: MemberDialog) {
  const { t } = useTranslation();
  const { busy, error, run } = useAction();
  return (
    <AdminDialog
      id="reactivate"
      title={t('Team.ReactivateTitle', { name: member.Name })}
      intro={t('Team.ReactivateIntro', { name: member.Name })}
      error={error}
      busy={busy}
      submitLabel={t('Team.ReactivateSubmit')}
      onClose={onClose}
      onSubmit={() => void run(runCall(api.reactivate(member.Id), t, onSessionExpired), () => onDone(t('Team.Reactivated', { name: member.Name })))}
    />
  );
}

export function ResetPasswordDialog({ api, member, onSessionExpired, onClose, onDone }: MemberDialog) {
  const { t } = useTranslation();
  const { busy, error, run } = useAction();
  const [unmailed, setUnmailed] = useState<IssuedAccountLink | null>(null);
  if (unmailed) {
    const message = t('Team.PasswordLinkNotMailed', { email: member.Email, expires: formatDateTime(unmailed.ExpiresAt) });
    return (
      <AdminDialog id="reset-password" title={t('Team.ResetPasswordTitle', { name: member.Name })} error={null} busy={false} onClose={() => onDone(message)}>
        <Alert severity="warning" role="status">
          {message}
        </Alert>
        <OneTimeLink link={unmailed} />
      </AdminDialog>
    );
  }
  return (
    <AdminDialog
      id="reset-password"
      title={t('Team.ResetPasswordTitle', { name: member.Name })}
      intro={t('Team.ResetPasswordIntro', { name: member.Name })}
      error={error}
      busy={busy}
      submitLabel={t('Team.ResetPasswordSubmit')}
      onClose={onClose}
      onSubmit={() =>
        void run(runCall(api.resetPassword(member.Id), t, onSessionExpired), (link) => {
          if (link.Mailed) onDone(t('Team.PasswordLinkMailed', { email: member.Email, expires: formatDateTime(link.ExpiresAt) }));
          else setUnmailed(link);
        })
      }
    />
  );
}

export function ResetMfaDialog({ api, member, onSessionExpired, onClose, onDone }: MemberDialog) {
  const { t } = useTranslation();
  const { busy, error, run } = useAction();
  return (
    <AdminDialog
      id="reset-mfa"
      title={t('Team.ResetMfaTitle', { name: member.Name })}
      intro={t('Team.ResetMfaIntro', { name: member.Name })}
      error={error}
      busy={busy}
      submitLabel={t('Team.ResetMfaSubmit')}
      submitColor="error"
      onClose={onClose}
      onSubmit={() => void run(runCall(api.resetSecondFactor(member.Id), t, onSessionExpired), () => onDone(t('Team.MfaReset', { name: member.Name })))}
    />
  );
}
