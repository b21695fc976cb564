// fragebogen: the base-data questionnaire with validation; send → fragebogen/versendet, cancel → fragebogen/abbrechen.
// A closed file (mandate ended) shows the sent answers read-only, or a note that none were sent.
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { forkJoin, map } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../routing/AppRouter.js';
import {
  CONTACT_CHANNELS,
  BIRTH_DATE_MIN,
  DESCRIPTION_MAX,
  MARITAL_STATUSES,
  QUESTIONNAIRE_FIELDS,
  loginPath,
  questionnaireAnswers,
  mandateEnded,
  questionnaireFormFrom,
  validateQuestionnaire,
  type FirmNews,
  type ReadOptions,
  type Questionnaire,
  type QuestionnaireField,
  type AppError,
  type Call,
  type QuestionnaireForm,
} from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { berlinToday, formatDate } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';
import { SaveFailed } from '../SessionEnded.js';
import { useFormDraft } from '../useFormDraft.js';
import { useSubmitRefusal } from '../useSubmitRefusal.js';
import { DefinitionList } from './DefinitionList.js';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  Paper,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  TextField,
  type TextFieldProps,
} from '../../ui/index.js';
import { afterSending } from './sentConfirmation.js';

export function QuestionnairePage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  // The questionnaire is required; the case only says whether the file is closed (a failed read offers the form). Read
  // again in the background (live refresh): a mandate the firm ends meanwhile turns the form into the sent answers.
  const load = useCallback(
    (options?: ReadOptions): Call<{ stored: Questionnaire; closed: boolean }> =>
      forkJoin([content.getQuestionnaire(token, options), content.getCase(token, options)]).pipe(
        map(([stored, details]) => E.map((q: Questionnaire) => ({ stored: q, closed: E.isRight(details) && details.right.Closed }))(stored)),
      ),
    [content, token],
  );
  return (
    <>
      <PageHeading>{t('CaseFile.Questionnaire.Title')}</PageHeading>
      <LoadState load={load} token={token} live={questionnaireNews}>
        {({ stored, closed }) => (closed ? <ClosedQuestionnaire stored={stored} /> : <QuestionnaireFormView stored={stored} />)}
      </LoadState>
    </>
  );
}

/** What the questionnaire's background read tells: the mandate the firm ended (the form gives way to the answers). */
const questionnaireNews = (before: { closed: boolean }, after: { closed: boolean }): readonly FirmNews[] =>
  mandateEnded({ Closed: before.closed }, { Closed: after.closed });

/** A closed file (mandate ended) takes no questionnaire (the server answers 409): the sent answers, read-only. */
function ClosedQuestionnaire({ stored }: { readonly stored: Questionnaire }) {
  const { t } = useTranslation('common');
  if (!stored.Submitted) {
    return (
      // Information, not an alarm: a closure found in the background is announced once, politely, by the news region.
      <Alert severity="info" role="none" className="ui-mb-2">
        {t('CaseFile.Questionnaire.ClosedNotSent')}
      </Alert>
    );
  }
  const form = questionnaireFormFrom(stored.Answers);
  const or = (value: string) => (value.trim() === '' ? t('CaseFile.Questionnaire.NoAnswer') : value);
  const date = (value: string) => (value === '' ? t('CaseFile.Questionnaire.NoAnswer') : formatDate(value));
  const items: Array<readonly [string, string]> = [
    [t('CaseFile.Questionnaire.BirthDate'), date(form.birthDate)],
    [t('CaseFile.Questionnaire.Occupation'), or(form.occupation)],
    [
      t('CaseFile.Questionnaire.MaritalStatus'),
      form.maritalStatus === '' ? t('CaseFile.Questionnaire.NoAnswer') : t(`CaseFile.Questionnaire.MaritalStatus.${form.maritalStatus}`),
    ],
    [
      t('CaseFile.Questionnaire.LegalInsurance'),
      form.legalInsurance === ''
        ? t('CaseFile.Questionnaire.NoAnswer')
        : t(form.legalInsurance === 'yes' ? 'CaseFile.Questionnaire.Yes' : 'CaseFile.Questionnaire.No'),
    ],
    ...(form.legalInsurance === 'yes'
      ? ([
          [t('CaseFile.Questionnaire.InsuranceCompany'), or(form.insuranceCompany)],
          [t('CaseFile.Questionnaire.InsuranceNumber'), or(form.insuranceNumber)],
        ] as const)
      : []),
    [t('CaseFile.Questionnaire.Opponent'), or(form.opponent)],
    [t('CaseFile.Questionnaire.IncidentDate'), date(form.incidentDate)],
    [t('CaseFile.Questionnaire.Description'), or(form.description)],
    [
      t('CaseFile.Questionnaire.PreferredContact'),
      form.preferredContact === '' ? t('CaseFile.Questionnaire.NoAnswer') : t(`CaseFile.Questionnaire.Contact.${form.preferredContact}`),
    ],
  ];
  return (
    <>
      <Alert severity="info" role="none" className="ui-mb-2">
        {t('CaseFile.Questionnaire.Closed')}
      </Alert>
      <Paper component="section" aria-label={t('CaseFile.Questionnaire.AnswersLabel')}>
        <DefinitionList items={items} />
      </Paper>
    </>
  );
}

function Section({ id, title, children }: { readonly id: string; readonly title: string; readonly children: ReactNode }) {
  return (
    <fieldset aria-labelledby={id} className="casefile-section">
      <legend id={id} className="ui-h2">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

function QuestionnaireFormView({ stored }: { readonly stored: Questionnaire }) {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const navigate = useNavigate();
  // Answers typed but not sent survive a reload and a new login (kept in the tab until sent or cancelled).
  const [baseline] = useState(() => questionnaireFormFrom(stored.Answers));
  const draft = useFormDraft<QuestionnaireForm>('questionnaire', baseline);
  const { value: form, setValue: setForm } = draft;
  // Something differs from the stored answers: cancelling would lose it, so it is confirmed first.
  const typed = JSON.stringify(form) !== JSON.stringify(baseline);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<QuestionnaireField, boolean>>>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');
  const [failure, setFailure] = useState<AppError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = useSubmitRefusal();
  const errors = validateQuestionnaire(form, berlinToday());
  const base = `${loginPath(token)}/fragebogen`;
  // Cancelling sends nothing and forgets what was typed.
  const cancel = () => {
    draft.discard();
    navigate(`${base}/abbrechen`);
  };

  const set = (field: QuestionnaireField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const blur = (field: QuestionnaireField) => () => setTouched((s) => ({ ...s, [field]: true }));
  const errorOf = (field: QuestionnaireField) => (touched[field] && errors[field] ? t(errors[field]) : null);
  // The error under the field: an alert when Enter in the field itself was refused (useSubmitRefusal).
  const helperOf = (field: QuestionnaireField) => refusal.errorText(field, errorOf(field));
  const text = (field: QuestionnaireField, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      {...extra}
      id={`q-${field}`}
      name={field}
      label={label}
      value={form[field]}
      onChange={(e) => set(field)(e.target.value)}
      onBlur={blur(field)}
      error={errorOf(field) !== null}
      helperText={helperOf(field) ?? extra.helperText ?? null}
    />
  );

  const send = (event: FormEvent) => {
    event.preventDefault();
    const firstWrong = QUESTIONNAIRE_FIELDS.find((f) => errors[f] !== undefined);
    if (firstWrong) {
      setTouched(Object.fromEntries(QUESTIONNAIRE_FIELDS.map((f) => [f, true])));
      refusal.focusFirstWrong(firstWrong, formRef.current?.querySelector<HTMLElement>(`[name="${firstWrong}"]`));
      return;
    }
    if (status === 'sending') return;
    setStatus('sending');
    setFailure(null);
    content.submitQuestionnaire(token, questionnaireAnswers(form)).subscribe((result) => {
      if (result._tag === 'Right') {
        draft.discard();
        navigate(`${base}/versendet`, afterSending);
      } else {
        setStatus('failed');
        setFailure(result.left);
      }
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={send} onChange={refusal.onChange} className="casefile-questionnaire">
      <p className="ui-text ui-mb-2">{t('CaseFile.Questionnaire.Intro')}</p>
      {stored.Submitted && (
        <Alert severity="info" className="ui-mb-2">
          {t('CaseFile.Questionnaire.AlreadySent')}
        </Alert>
      )}
      <Section id="q-person" title={t('CaseFile.Questionnaire.PersonHeading')}>
        {text('birthDate', t('CaseFile.Questionnaire.BirthDate'), {
          type: 'date',
          required: true,
          autoComplete: 'bday',
          // The date picker offers only the days the rule takes: born since 1900, not after today (a minor client,
          // too – the firm's clients include children and young people, for whom a parent fills this in).
          inputProps: { min: BIRTH_DATE_MIN, max: berlinToday() },
        })}
        {text('occupation', t('CaseFile.Questionnaire.Occupation'), { maxLength: 200 })}
        <Select
          id="q-maritalStatus"
          name="maritalStatus"
          label={t('CaseFile.Questionnaire.MaritalStatus')}
          value={form.maritalStatus}
          onChange={(e) => set('maritalStatus')(e.target.value)}
          onBlur={blur('maritalStatus')}
          error={errorOf('maritalStatus') !== null}
          helperText={helperOf('maritalStatus')}
        >
          <option value="">{t('CaseFile.Questionnaire.MaritalStatus.none')}</option>
          {MARITAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`CaseFile.Questionnaire.MaritalStatus.${s}`)}
            </option>
          ))}
        </Select>
      </Section>
      <Section id="q-insurance" title={t('CaseFile.Questionnaire.InsuranceHeading')}>
        <RadioGroup
          id="q-legalInsurance"
          legend={t('CaseFile.Questionnaire.LegalInsurance')}
          name="legalInsurance"
          row
          required
          value={form.legalInsurance}
          onChange={(value) => set('legalInsurance')(value)}
          onBlur={blur('legalInsurance')}
          error={errorOf('legalInsurance') !== null}
          helperText={helperOf('legalInsurance')}
        >
          <Radio value="yes" label={t('CaseFile.Questionnaire.Yes')} />
          <Radio value="no" label={t('CaseFile.Questionnaire.No')} />
        </RadioGroup>
        {form.legalInsurance === 'yes' && (
          <>
            {text('insuranceCompany', t('CaseFile.Questionnaire.InsuranceCompany'), { required: true, maxLength: 200 })}
            {text('insuranceNumber', t('CaseFile.Questionnaire.InsuranceNumber'), { required: true, maxLength: 40 })}
          </>
        )}
      </Section>
      <Section id="q-case" title={t('CaseFile.Questionnaire.CaseHeading')}>
        {text('opponent', t('CaseFile.Questionnaire.Opponent'), { maxLength: 200 })}
        {text('incidentDate', t('CaseFile.Questionnaire.IncidentDate'), { type: 'date', inputProps: { max: berlinToday() } })}
        {text('description', t('CaseFile.Questionnaire.Description'), {
          required: true,
          multiline: true,
          minRows: 5,
          helperText: t('CaseFile.Questionnaire.DescriptionHint', { count: DESCRIPTION_MAX - form.description.length }),
          maxLength: DESCRIPTION_MAX,
        })}
        <RadioGroup
          id="q-preferredContact"
          legend={t('CaseFile.Questionnaire.PreferredContact')}
          name="preferredContact"
          required
          value={form.preferredContact}
          onChange={(value) => set('preferredContact')(value)}
          onBlur={blur('preferredContact')}
          error={errorOf('preferredContact') !== null}
          helperText={helperOf('preferredContact')}
        >
          {CONTACT_CHANNELS.map((c) => (
            <Radio key={c} value={c} label={t(`CaseFile.Questionnaire.Contact.${c}`)} />
          ))}
        </RadioGroup>
      </Section>
      {/* Right above the button, where the person is: at the form's top it stood a phone screen (about 1,500 px) above
          „Fragebogen senden“, and a failed send looked like nothing happened (phone pass, third). */}
      <div aria-live="assertive">
        <SaveFailed error={status === 'failed' ? failure : null} messageKey="CaseFile.Questionnaire.Failed" inputKept />
      </div>
      <div className="casefile-actions">
        {/* aria-disabled, not disabled: the focus stays on the button while sending and when it fails. */}
        <Button
          type="submit"
          variant="contained"
          aria-disabled={status === 'sending' || undefined}
          startIcon={status === 'sending' ? <Spinner size={18} /> : null}
        >
          {t('CaseFile.Questionnaire.Send')}
        </Button>
        <Button variant="outlined" onClick={() => (typed ? setConfirmingCancel(true) : cancel())}>
          {t('CaseFile.Questionnaire.Cancel')}
        </Button>
      </div>
      {/* What was typed is lost on cancelling: a stressed person gets one chance to keep it. */}
      <Dialog
        open={confirmingCancel}
        role="alertdialog"
        aria-describedby="questionnaire-cancel-text"
        title={t('CaseFile.Questionnaire.CancelConfirm.Title')}
        onClose={() => setConfirmingCancel(false)}
        maxWidth="xs"
      >
        <DialogContent>
          <p id="questionnaire-cancel-text">{t('CaseFile.Questionnaire.CancelConfirm.Text')}</p>
        </DialogContent>
        <DialogActions>
          {/* First in the dialog, so it has the focus on opening: keeping the input is the safe choice. */}
          <Button variant="contained" onClick={() => setConfirmingCancel(false)}>
            {t('CaseFile.Questionnaire.CancelConfirm.Keep')}
          </Button>
          <Button variant="outlined" onClick={cancel}>
            {t('CaseFile.Questionnaire.CancelConfirm.Discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </form>
  );
}
