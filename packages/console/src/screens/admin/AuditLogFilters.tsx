// The Protokoll's filters above its list: kind of entry, who acted, a period of days and a text in target or details.
// A form: the choices apply together with „Filter anwenden“ (or Enter in a field); „Filter zurücksetzen“ shows every
// entry again. The period is checked here first (Von not after Bis) so the list does not flicker for a typo.
import { useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_SEARCH_MAX, AUDIT_SERVER_ACTOR, type AuditLogFilter, type TeamMember } from '@rechtschat/core';

export interface AuditLogFiltersProps {
  /** The filters the list shows now: the fields start with them. */
  readonly applied: AuditLogFilter;
  /** The firm's lawyers, for "Wer"; empty while (or when not) loaded. */
  readonly team: readonly TeamMember[];
  readonly busy: boolean;
  onApply(filter: AuditLogFilter): void;
  onReset(): void;
}

interface Draft {
  action: string;
  actor: string;
  from: string;
  to: string;
  q: string;
}

const draftOf = (filter: AuditLogFilter): Draft => ({
  action: filter.action ?? '',
  actor: filter.actor ?? '',
  from: filter.from ?? '',
  to: filter.to ?? '',
  q: filter.q ?? '',
});

/** The filled-in fields as a filter; an empty field filters nothing. */
const filterOf = (draft: Draft): AuditLogFilter => {
  const action = AUDIT_ACTIONS.find((a) => a === draft.action);
  const q = draft.q.trim();
  return {
    ...(action ? { action } : {}),
    ...(draft.actor ? { actor: draft.actor } : {}),
    ...(draft.from ? { from: draft.from } : {}),
    ...(draft.to ? { to: draft.to } : {}),
    ...(q ? { q } : {}),
  };
};

const PERIOD_ERROR_ID = 'audit-filter-period-error';

export function AuditLogFilters({ applied, team, busy, onApply, onReset }: AuditLogFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [periodInvalid, setPeriodInvalid] = useState(false);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  // By their German label, so the list reads alphabetically.
  const actions = useMemo(
    () => AUDIT_ACTIONS.map((action) => ({ action, label: t(`Audit.Action.${action}`) })).sort((a, b) => a.label.localeCompare(b.label, 'de')),
    [t],
  );
  // An actor from the address that is not (or not yet) in the team list still shows as chosen, by its id.
  const unknownActor = draft.actor !== '' && draft.actor !== AUDIT_SERVER_ACTOR && !team.some((m) => m.Id === draft.actor);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = draft.from !== '' && draft.to !== '' && draft.to < draft.from;
    setPeriodInvalid(invalid);
    if (!invalid) onApply(filterOf(draft));
  };
  const reset = () => {
    setDraft(draftOf({}));
    setPeriodInvalid(false);
    onReset();
  };
  const periodProps = {
    error: periodInvalid,
    size: 'small',
    slotProps: { inputLabel: { shrink: true }, htmlInput: periodInvalid ? { 'aria-describedby': PERIOD_ERROR_ID } : {} },
  } as const;

  return (
    <Box component="form" onSubmit={submit} aria-label={t('Audit.Filter.Heading')} sx={{ my: 2 }} noValidate>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ flexWrap: 'wrap', alignItems: { md: 'flex-start' } }} useFlexGap>
        <TextField
          select
          label={t('Audit.Filter.Action')}
          value={draft.action}
          onChange={set('action')}
          size="small"
          sx={{ minWidth: 220 }}
          // "Alle …" has the empty value: shown as chosen, not as an unfilled field.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('Audit.Filter.AllActions')}</MenuItem>
          {actions.map(({ action, label }) => (
            <MenuItem key={action} value={action}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('Audit.Filter.Actor')}
          value={draft.actor}
          onChange={set('actor')}
          size="small"
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('Audit.Filter.AllActors')}</MenuItem>
          {team.map((member) => (
            <MenuItem key={member.Id} value={member.Id}>
              {member.Status === 'deactivated' ? t('Audit.Filter.Deactivated', { name: member.Name }) : member.Name}
            </MenuItem>
          ))}
          <MenuItem value={AUDIT_SERVER_ACTOR}>{t('Audit.Filter.ServerActor')}</MenuItem>
          {unknownActor && <MenuItem value={draft.actor}>{draft.actor}</MenuItem>}
        </TextField>
        <TextField type="date" label={t('Audit.Filter.From')} value={draft.from} onChange={set('from')} {...periodProps} />
        <TextField type="date" label={t('Audit.Filter.To')} value={draft.to} onChange={set('to')} {...periodProps} />
        <TextField
          type="search"
          label={t('Audit.Filter.Search')}
          value={draft.q}
          onChange={set('q')}
          size="small"
          helperText={t('Audit.Filter.SearchHint')}
          slotProps={{ htmlInput: { maxLength: AUDIT_SEARCH_MAX } }}
        />
        <Stack direction="row" spacing={1} sx={{ alignSelf: { md: 'flex-start' } }}>
          {/* Not disabled while the page loads: a disabled button drops the keyboard focus to the page's start (keyboard
              tester); it stays focused and says it is busy, and a second press waits for the first. */}
          <Button type="submit" variant="contained" aria-disabled={busy}>
            {t('Audit.Filter.Apply')}
          </Button>
          <Button type="button" variant="text" onClick={reset}>
            {t('Audit.Filter.Reset')}
          </Button>
        </Stack>
      </Stack>
      {periodInvalid && (
        <Typography id={PERIOD_ERROR_ID} role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {t('Audit.Filter.PeriodInvalid')}
        </Typography>
      )}
    </Box>
  );
}
