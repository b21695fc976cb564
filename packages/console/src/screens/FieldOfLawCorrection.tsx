// The field of law beside „Angaben aus dem Chatbot“, with „Ändern“: the lawyer who holds the chat corrects what the
// bot classified (an outside tester: „Abmahnung wegen Filesharing“ → Familienrecht), so the callbacks, the reports and
// the insurer's invoice carry the right field. A small form, not a dialog: the select „Rechtsgebiet“ with „Speichern“
// and „Abbrechen“; the workspace sends the choice (tab.fieldOfLawStatus) and the tab's facts show what was stored.
// A saved change is announced politely; a refusal stands under the select, which names it (aria-describedby).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FIELDS_OF_LAW, type ChatTab } from '@rechtschat/core';

export interface FieldOfLawCorrectionProps {
  readonly tab: Pick<ChatTab, 'facts' | 'fieldOfLawStatus' | 'fieldOfLawError'>;
  /** Sends the chosen field (an id of FIELDS_OF_LAW). */
  readonly onChange: (fieldOfLaw: number) => void;
}

export function FieldOfLawCorrection({ tab, onChange }: FieldOfLawCorrectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const { FieldOfLaw, FieldOfLawLongName } = tab.facts;
  const status = tab.fieldOfLawStatus;
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState(FieldOfLaw);
  /** Sent from this form since it opened: only then are the tab's outcome and its refusal this form's business. */
  const [sent, setSent] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [refocus, setRefocus] = useState(false);

  const close = () => {
    setEditing(false);
    setSent(false);
    setRefocus(true);
  };

  useEffect(() => {
    if (!sent || status !== 'saved') return;
    setAnnouncement(t('Chat.FieldOfLawSaved', { name: FieldOfLawLongName }));
    setEditing(false);
    setSent(false);
    setRefocus(true);
  }, [sent, status, FieldOfLawLongName, t]);

  // Back on „Ändern“ once the form is gone, so the keyboard continues where it was.
  useEffect(() => {
    if (!refocus || editing) return;
    opener.current?.focus();
    setRefocus(false);
  }, [refocus, editing]);

  const open = () => {
    setChoice(FieldOfLaw);
    setSent(false);
    setAnnouncement('');
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'saving') return;
    if (choice === FieldOfLaw) return close();
    setSent(true);
    onChange(choice);
  };
  const error = sent && status === 'failed' ? (tab.fieldOfLawError ?? t('Chat.FieldOfLawFailed')) : null;
  const saving = sent && status === 'saving';

  return (
    <>
      {!editing && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
          <span>{FieldOfLawLongName}</span>
          <Button ref={opener} size="small" aria-label={t('Chat.FieldOfLawChangeLabel')} onClick={open} sx={{ py: 0 }}>
            {t('Chat.FieldOfLawChange')}
          </Button>
        </Stack>
      )}
      {editing && (
        <form noValidate onSubmit={submit} aria-label={t('Chat.FieldOfLawChangeLabel')}>
          <TextField
            select
            autoFocus
            size="small"
            fullWidth
            label={t('Chat.FieldOfLawSelect')}
            value={String(choice)}
            onChange={(e) => setChoice(Number(e.target.value))}
            error={error !== null}
            disabled={saving}
            sx={{ mt: 1 }}
            slotProps={{ select: { SelectDisplayProps: { 'aria-describedby': error !== null ? `${id}-error` : undefined } } }}
          >
            {FIELDS_OF_LAW.map((field) => (
              <MenuItem key={field.id} value={String(field.id)}>
                {field.longName}
              </MenuItem>
            ))}
          </TextField>
          {error !== null && (
            <Typography id={`${id}-error`} role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
              {error}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button type="submit" variant="contained" size="small" disabled={saving}>
              {saving ? t('Chat.FieldOfLawSaving') : t('Chat.FieldOfLawSave')}
            </Button>
            <Button size="small" onClick={close} disabled={saving}>
              {t('Chat.FieldOfLawCancel')}
            </Button>
          </Stack>
        </form>
      )}
      <Typography role="status" aria-live="polite" variant="body2" sx={{ minHeight: 0 }}>
        {announcement}
      </Typography>
    </>
  );
}
