// fragebogen: the base-data questionnaire with validation; send → fragebogen/versendet, cancel → fragebogen/abbrechen.
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  CONTACT_CHANNELS,
  DESCRIPTION_MAX,
  MARITAL_STATUSES,
  QUESTIONNAIRE_FIELDS,
  loginPath,
  questionnaireAnswers,
  questionnaireFormFrom,
  validateQuestionnaire,
  type Questionnaire,
  type QuestionnaireField,
  type QuestionnaireForm,
} from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { berlinToday } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';

export function QuestionnairePage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const load = useCallback(() => content.getQuestionnaire(token), [content, token]);
  return (
    <>
      <PageHeading>{t('CaseFile.Questionnaire.Title')}</PageHeading>
      <LoadState load={load} token={token}>
        {(stored) => <QuestionnaireFormView stored={stored} />}
      </LoadState>
    </>
  );
}

function Section({ id, title, children }: { readonly id: string; readonly title: string; readonly children: ReactNode }) {
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, p: 0, m: 0, mb: 3, display: 'grid', gap: 2 }}>
      <Typography variant="h2" id={id} component="legend" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function QuestionnaireFormView({ stored }: { readonly stored: Questionnaire }) {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const navigate = useNavigate();
  const [form, setForm] = useState<QuestionnaireForm>(() => questionnaireFormFrom(stored.Answers));
  const [touched, setTouched] = useState<Partial<Record<QuestionnaireField, boolean>>>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  const errors = validateQuestionnaire(form, berlinToday());
  const base = `${loginPath(token)}/fragebogen`;

  const set = (field: QuestionnaireField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const blur = (field: QuestionnaireField) => () => setTouched((s) => ({ ...s, [field]: true }));
  const errorOf = (field: QuestionnaireField) => (touched[field] && errors[field] ? t(errors[field]) : null);
  const text = (field: QuestionnaireField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      {...extra}
      id={`q-${field}`}
      name={field}
      label={label}
      value={form[field]}
      onChange={(e) => set(field)(e.target.value)}
      onBlur={blur(field)}
      error={errorOf(field) !== null}
      helperText={errorOf(field) ?? extra.helperText ?? null}
    />
  );

  const send = (event: FormEvent) => {
    event.preventDefault();
    const invalid = QUESTIONNAIRE_FIELDS.filter((f) => errors[f] !== undefined);
    if (invalid.length > 0) {
      setTouched(Object.fromEntries(QUESTIONNAIRE_FIELDS.map((f) => [f, true])));
      formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      const first = formRef.current?.querySelector<HTMLElement>(`[name="${invalid[0]}"]`);
      first?.focus();
      return;
    }
    if (status === 'sending') return;
    setStatus('sending');
    content.submitQuestionnaire(token, questionnaireAnswers(form)).subscribe((result) => {
      if (result._tag === 'Right') void navigate(`${base}/versendet`, { replace: true });
      else setStatus('failed');
    });
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={send} sx={{ maxWidth: 640, scrollMarginTop: 80 }}>
      <Typography sx={{ mb: 2 }}>{t('CaseFile.Questionnaire.Intro')}</Typography>
      {stored.Submitted && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('CaseFile.Questionnaire.AlreadySent')}
        </Alert>
      )}
      <div aria-live="assertive">
        {status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('CaseFile.Questionnaire.Failed')}
          </Alert>
        )}
      </div>
      <Section id="q-person" title={t('CaseFile.Questionnaire.PersonHeading')}>
        {text('birthDate', t('CaseFile.Questionnaire.BirthDate'), {
          type: 'date',
          required: true,
          slotProps: { inputLabel: { shrink: true }, htmlInput: { max: berlinToday(), autoComplete: 'bday' } },
        })}
        {text('occupation', t('CaseFile.Questionnaire.Occupation'), { slotProps: { htmlInput: { maxLength: 200 } } })}
        {text('maritalStatus', t('CaseFile.Questionnaire.MaritalStatus'), {
          select: true,
          children: [
            <MenuItem key="none" value="">
              {t('CaseFile.Questionnaire.MaritalStatus.none')}
            </MenuItem>,
            ...MARITAL_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`CaseFile.Questionnaire.MaritalStatus.${s}`)}
              </MenuItem>
            )),
          ],
        })}
      </Section>
      <Section id="q-insurance" title={t('CaseFile.Questionnaire.InsuranceHeading')}>
        <FormControl error={errorOf('legalInsurance') !== null} required>
          <FormLabel id="q-legalInsurance-label">{t('CaseFile.Questionnaire.LegalInsurance')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="q-legalInsurance-label"
            name="legalInsurance"
            value={form.legalInsurance}
            onChange={(e) => set('legalInsurance')(e.target.value)}
            onBlur={blur('legalInsurance')}
          >
            <FormControlLabel value="yes" control={<Radio />} label={t('CaseFile.Questionnaire.Yes')} />
            <FormControlLabel value="no" control={<Radio />} label={t('CaseFile.Questionnaire.No')} />
          </RadioGroup>
          {errorOf('legalInsurance') && <FormHelperText>{errorOf('legalInsurance')}</FormHelperText>}
        </FormControl>
        {form.legalInsurance === 'yes' && (
          <>
            {text('insuranceCompany', t('CaseFile.Questionnaire.InsuranceCompany'), { required: true, slotProps: { htmlInput: { maxLength: 200 } } })}
            {text('insuranceNumber', t('CaseFile.Questionnaire.InsuranceNumber'), { required: true, slotProps: { htmlInput: { maxLength: 40 } } })}
          </>
        )}
      </Section>
      <Section id="q-case" title={t('CaseFile.Questionnaire.CaseHeading')}>
        {text('opponent', t('CaseFile.Questionnaire.Opponent'), { slotProps: { htmlInput: { maxLength: 200 } } })}
        {text('incidentDate', t('CaseFile.Questionnaire.IncidentDate'), {
          type: 'date',
          slotProps: { inputLabel: { shrink: true }, htmlInput: { max: berlinToday() } },
        })}
        {text('description', t('CaseFile.Questionnaire.Description'), {
          required: true,
          multiline: true,
          minRows: 5,
          helperText: t('CaseFile.Questionnaire.DescriptionHint', { count: DESCRIPTION_MAX - form.description.length }),
          slotProps: { htmlInput: { maxLength: DESCRIPTION_MAX } },
        })}
        <FormControl error={errorOf('preferredContact') !== null} required>
          <FormLabel id="q-preferredContact-label">{t('CaseFile.Questionnaire.PreferredContact')}</FormLabel>
          <RadioGroup
            aria-labelledby="q-preferredContact-label"
            name="preferredContact"
            value={form.preferredContact}
            onChange={(e) => set('preferredContact')(e.target.value)}
            onBlur={blur('preferredContact')}
          >
            {CONTACT_CHANNELS.map((c) => (
              <FormControlLabel key={c} value={c} control={<Radio />} label={t(`CaseFile.Questionnaire.Contact.${c}`)} />
            ))}
          </RadioGroup>
          {errorOf('preferredContact') && <FormHelperText>{errorOf('preferredContact')}</FormHelperText>}
        </FormControl>
      </Section>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={status === 'sending'}
          startIcon={status === 'sending' ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
        >
          {t('CaseFile.Questionnaire.Send')}
        </Button>
        <Button variant="outlined" onClick={() => void navigate(`${base}/abbrechen`)}>
          {t('CaseFile.Questionnaire.Cancel')}
        </Button>
      </Box>
    </Box>
  );
}
