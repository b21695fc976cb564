// "Schließtag eintragen": first day, optional last day (a single day when empty) and the note clients see. What was
// typed stays until the server accepted it (the screen then mounts the form anew, empty, with the focus in it); after a
// refusal the focus is back on „Schließtag eintragen“, not at the page's start.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddServiceClosureRequest } from '@rechtschat/core';
import type { ConsoleTextKey } from '../../../i18n/texts.de.js';
import { useRefocusWhenEnabled } from '../../useRefocusWhenEnabled.js';

export interface ClosureFormProps {
  readonly busy: boolean;
  readonly error: string | null;
  /** The first field takes the focus (after an accepted closure, ready for the next one). */
  readonly focusFirst: boolean;
  readonly onAdd: (request: AddServiceClosureRequest) => void;
}

type Problems = Partial<Record<'first' | 'last' | 'note', ConsoleTextKey>>;

export function ClosureForm({ busy, error, focusFirst, onAdd }: ClosureFormProps) {
  const { t } = useTranslation();
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const addButton = useRef<HTMLButtonElement>(null);
  useRefocusWhenEnabled(addButton, busy);
  const fields = { first: useRef<HTMLInputElement>(null), last: useRef<HTMLInputElement>(null), note: useRef<HTMLInputElement>(null) };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (first === '') found.first = 'Hours.FirstDayMissing';
    if (first !== '' && last !== '' && last < first) found.last = 'Hours.LastDayBefore';
    if (note.trim() === '') found.note = 'Hours.NoteMissing';
    setProblems(found);
    const firstProblem = (['first', 'last', 'note'] as const).find((field) => found[field] !== undefined);
    if (firstProblem !== undefined) {
      fields[firstProblem].current?.focus();
      return;
    }
    onAdd({ FirstDay: first, LastDay: last === '' ? first : last, Note: note.trim() });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="closure-add-heading" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" id="closure-add-heading">
        {t('Hours.AddHeading')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { xs: 'stretch', md: 'flex-start' } }}>
        <TextField
          id="closure-first-day"
          type="date"
          label={t('Hours.FirstDay')}
          value={first}
          required
          autoFocus={focusFirst}
          inputRef={fields.first}
          onChange={(event) => setFirst(event.target.value)}
          error={problems.first !== undefined}
          helperText={problems.first ? t(problems.first) : ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="closure-last-day"
          type="date"
          label={t('Hours.LastDay')}
          value={last}
          inputRef={fields.last}
          onChange={(event) => setLast(event.target.value)}
          error={problems.last !== undefined}
          helperText={problems.last ? t(problems.last) : t('Hours.LastDayHelp')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="closure-note"
          label={t('Hours.Note')}
          value={note}
          required
          inputRef={fields.note}
          onChange={(event) => setNote(event.target.value)}
          error={problems.note !== undefined}
          helperText={problems.note ? t(problems.note) : t('Hours.NoteHelp')}
          slotProps={{ htmlInput: { maxLength: 80 } }}
          sx={{ flex: 1 }}
        />
        <Box sx={{ pt: 1 }}>
          <Button ref={addButton} type="submit" variant="contained" disabled={busy}>
            {t('Hours.Add')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
