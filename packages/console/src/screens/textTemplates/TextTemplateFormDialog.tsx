// Creating or changing one Textbaustein: title and text, checked with core's limits before sending (the server checks
// the same and answers in German), the server's refusal shown in the dialog. The fields hold no more than the limits,
// counted as people count characters (an emoji once), like the chat composer. Escape or a click beside the dialog asks before throwing away a changed title or text
// (useDiscardQuestion); „Abbrechen“ closes it.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardQuestion } from '../dialogs/useDiscardQuestion.js';
import { limitFieldEdit } from '@rechtschat/adapters';
import {
  characterCount,
  MAX_TEXT_TEMPLATE_TEXT_LENGTH,
  MAX_TEXT_TEMPLATE_TITLE_LENGTH,
  textTemplateViolations,
  type SaveTextTemplateRequest,
  type TextTemplate,
  type TextTemplateViolation,
} from '@rechtschat/core';

export interface TextTemplateFormDialogProps {
  /** The template to change; null for a new one. */
  readonly template: TextTemplate | null;
  readonly busy: boolean;
  /** The server's refusal, in German. */
  readonly error: string | null;
  readonly onSave: (request: SaveTextTemplateRequest) => void;
  readonly onCancel: () => void;
}

export function TextTemplateFormDialog({ template, busy, error, onSave, onCancel }: TextTemplateFormDialogProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(template?.Title ?? '');
  const [text, setText] = useState(template?.Text ?? '');
  // Title and text are checked together: both are marked at once, each with its own message (accessibility auditor).
  const [violations, setViolations] = useState<ReturnType<typeof textTemplateViolations> | null>(null);
  const changed = title !== (template?.Title ?? '') || text !== (template?.Text ?? '');
  const { requestClose, question } = useDiscardQuestion(changed, onCancel);
  const violationText = (violation: TextTemplateViolation, max: number) => t(`Templates.Violation.${violation}`, { max });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = textTemplateViolations({ Title: title, Text: text });
    setViolations(found);
    // The focus goes to the first marked field.
    if (found.Title !== null || found.Text !== null) {
      document.getElementById(found.Title !== null ? 'template-title' : 'template-text')?.focus();
      return;
    }
    onSave({ Title: title, Text: text });
  };
  /** Title or text: required, cut at its maximum, its violation in place of the help line. */
  const field = (kind: 'title' | 'text', value: string, setValue: (value: string) => void, max: number, help: string, extra: Partial<TextFieldProps>) => {
    const violation = (kind === 'title' ? violations?.Title : violations?.Text) ?? null;
    const wrong = violation !== null;
    return (
      <TextField
        {...extra}
        id={`template-${kind}`}
        label={t(kind === 'title' ? 'Templates.Title' : 'Templates.Text')}
        value={value}
        onChange={(e) => setValue(limitFieldEdit(e.target, max).value)}
        required
        error={wrong}
        helperText={violation !== null ? violationText(violation, max) : help}
      />
    );
  };
  return (
    <>
      <Dialog open onClose={requestClose} aria-labelledby="template-form-heading" fullWidth maxWidth="sm">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="template-form-heading">{t(template ? 'Templates.EditHeading' : 'Templates.AddHeading')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {field('title', title, setTitle, MAX_TEXT_TEMPLATE_TITLE_LENGTH, t('Templates.TitleHelp', { max: MAX_TEXT_TEMPLATE_TITLE_LENGTH }), {
                autoFocus: true,
              })}
              {field(
                'text',
                text,
                setText,
                MAX_TEXT_TEMPLATE_TEXT_LENGTH,
                t('Templates.TextHelp', { max: MAX_TEXT_TEMPLATE_TEXT_LENGTH, count: MAX_TEXT_TEMPLATE_TEXT_LENGTH - characterCount(text) }),
                { multiline: true, minRows: 4, maxRows: 12 },
              )}
              {error && (
                <Alert severity="error" role="alert">
                  {t('Templates.Failed', { message: error })}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('Templates.Cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('Templates.Save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {question}
    </>
  );
}
