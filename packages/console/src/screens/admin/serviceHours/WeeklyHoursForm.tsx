// The weekly editor: per weekday a fieldset with "Geöffnet" and its periods (from/to as HH:MM text, so 24:00 works);
// a second period per day for a lunch break. A problem is named beside its field, and saving with problems moves the
// focus to the first of them instead of sending.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceHoursEntry } from '@rechtschat/core';
import { draftOf, entriesOf, MAX_PERIODS_PER_DAY, problemsOf, timeFieldId, type DayDraft, type PeriodDraft } from './weeklyDraft.js';

export interface WeeklyHoursFormProps {
  readonly initial: readonly ServiceHoursEntry[];
  readonly busy: boolean;
  readonly error: string | null;
  readonly onSave: (hours: ServiceHoursEntry[]) => void;
}

export function WeeklyHoursForm({ initial, busy, error, onSave }: WeeklyHoursFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DayDraft[]>(() => draftOf(initial));
  const [checked, setChecked] = useState(false);
  // A period added or removed: the keyboard continues in the nearest period's first field once it is drawn.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);
  const problems = checked ? problemsOf(draft) : new Map<string, never>();
  const changeDay = (weekday: number, change: (day: DayDraft) => DayDraft) =>
    setDraft((days) => days.map((day) => (day.weekday === weekday ? change(day) : day)));
  const changePeriod = (weekday: number, index: number, change: Partial<PeriodDraft>) =>
    changeDay(weekday, (day) => ({ ...day, periods: day.periods.map((p, i) => (i === index ? { ...p, ...change } : p)) }));
  const addPeriod = (weekday: number) => {
    const day = draft.find((d) => d.weekday === weekday);
    const index = day?.periods.length ?? 0;
    changeDay(weekday, (d) => ({ ...d, periods: [...d.periods, { from: '', to: '' }] }));
    setFocusId(timeFieldId(weekday, index, 'from'));
  };
  const removePeriod = (weekday: number, index: number) => {
    changeDay(weekday, (d) => ({ ...d, periods: d.periods.filter((_, i) => i !== index) }));
    setFocusId(timeFieldId(weekday, Math.max(0, index - 1), 'from'));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = problemsOf(draft);
    const [first] = found.keys();
    if (first !== undefined) {
      document.getElementById(first)?.focus();
      return;
    }
    onSave(entriesOf(draft));
  };
  const dayName = (weekday: number) => t(`Hours.Day.${weekday}` as 'Hours.Day.1');

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="hours-weekly-heading" sx={{ mt: 2 }}>
      <Typography variant="h6" component="h3" id="hours-weekly-heading" tabIndex={-1}>
        {t('Hours.WeeklyHeading')}
      </Typography>
      {checked && problems.size > 0 && (
        <Alert severity="error" sx={{ my: 1 }}>
          {t('Hours.WeeklyInvalid')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      )}
      {draft.map((day) => (
        <Box component="fieldset" key={day.weekday} sx={{ border: 0, borderTop: 1, borderColor: 'divider', m: 0, px: 0, py: 1 }}>
          <Box component="legend" sx={{ fontWeight: 'bold', px: 0 }}>
            {dayName(day.weekday)}
          </Box>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <FormControlLabel
              sx={{ minWidth: '9rem', mt: 1 }}
              control={<Checkbox checked={day.open} onChange={(event) => changeDay(day.weekday, (d) => ({ ...d, open: event.target.checked }))} />}
              label={t('Hours.DayOpen')}
            />
            {day.open ? (
              <Stack spacing={1}>
                {day.periods.map((period, index) => (
                  <Stack
                    key={index}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    role="group"
                    aria-label={t('Hours.PeriodLabel', { day: dayName(day.weekday), number: index + 1 })}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                  >
                    {(['from', 'to'] as const).map((end) => {
                      const id = timeFieldId(day.weekday, index, end);
                      const problem = problems.get(id);
                      return (
                        <TextField
                          key={end}
                          id={id}
                          size="small"
                          label={t(end === 'from' ? 'Hours.From' : 'Hours.To')}
                          value={period[end]}
                          onChange={(event) => changePeriod(day.weekday, index, { [end]: event.target.value })}
                          error={problem !== undefined}
                          helperText={problem ? t(problem) : t('Hours.TimeHelp')}
                          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, autoComplete: 'off' } }}
                          sx={{ width: '13rem' }}
                        />
                      );
                    })}
                    {day.periods.length > 1 && (
                      <Button
                        size="small"
                        sx={{ mt: 0.5 }}
                        onClick={() => removePeriod(day.weekday, index)}
                        aria-label={t('Hours.RemovePeriodLabel', { day: dayName(day.weekday), number: index + 1 })}
                      >
                        {t('Hours.RemovePeriod')}
                      </Button>
                    )}
                  </Stack>
                ))}
                {day.periods.length < MAX_PERIODS_PER_DAY && (
                  <Box>
                    <Button size="small" onClick={() => addPeriod(day.weekday)} aria-label={t('Hours.AddPeriodLabel', { day: dayName(day.weekday) })}>
                      {t('Hours.AddPeriod')}
                    </Button>
                  </Box>
                )}
              </Stack>
            ) : (
              <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>{t('Hours.DayClosed')}</Typography>
            )}
          </Stack>
        </Box>
      ))}
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
        {t('Hours.Save')}
      </Button>
    </Box>
  );
}
