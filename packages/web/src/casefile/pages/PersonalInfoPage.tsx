// uebersicht/persoenlich: the client's personal data; e-mail and postal address can be corrected here (core's
// personForm rules, which the server applies again).
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CITY_MAX,
  PERSON_EMAIL_MAX,
  PERSON_FIELDS,
  STREET_MAX,
  addressRequired,
  emailForDisplay,
  formatPersonAddress,
  personFormFrom,
  personUpdateFrom,
  postalCodeInputValue,
  validatePersonForm,
  type PersonField,
  type PersonForm,
  type AppError,
  type PersonInfo,
} from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { LoadState } from '../LoadState.js';
import { SaveFailed } from '../SessionEnded.js';
import { useFormDraft } from '../useFormDraft.js';
import { useSubmitRefusal } from '../useSubmitRefusal.js';
import { DefinitionList } from './DefinitionList.js';
import { Alert, Button, TextField, type TextFieldProps } from '../../ui/index.js';

/** Only the server's refusal of the input (400) asks to check it; anything else is worth another try. */
function saveFailedKey(error: AppError | null): string {
  return error?._tag === 'HttpError' && error.status === 400 ? 'CaseFile.Person.SaveFailed' : 'CaseFile.Person.SaveFailedRetry';
}

export function PersonalInfoPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const load = useCallback(() => content.getPerson(token), [content, token]);
  return (
    <>
      <PageHeading>{t('CaseFile.Person.Title')}</PageHeading>
      <LoadState load={load} token={token}>
        {(person) => <PersonView initial={person} />}
      </LoadState>
    </>
  );
}

function PersonView({ initial }: { readonly initial: PersonInfo }) {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const [person, setPerson] = useState(initial);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<AppError | null>(null);
  // Changes typed into the open edit form survive a reload and a new login (kept in the tab until saved or cancelled).
  const [editingChoice, setEditing] = useState<boolean | null>(null);
  const draft = useFormDraft<PersonForm>('person', personFormFrom(person), editingChoice !== false);
  // Until the person opens or closes the form, it is open exactly when a draft was brought back.
  const editing = editingChoice ?? draft.restored;
  const { value: form, setValue: setForm } = draft;
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = useSubmitRefusal();
  // Saving or cancelling removes the form with the pressed button: the focus then goes to "Angaben ändern" instead
  // of falling back to the start of the page.
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const focusEditButton = useRef(false);
  useEffect(() => {
    if (editing || !focusEditButton.current) return;
    focusEditButton.current = false;
    editButtonRef.current?.focus();
  }, [editing]);
  const closeForm = () => {
    focusEditButton.current = true;
    setEditing(false);
  };
  const none = t('CaseFile.Case.NotGiven');
  const address = formatPersonAddress(person);
  const errors = validatePersonForm(form, person);
  // With no address stored and none typed, the e-mail address may be saved alone.
  const needsAddress = addressRequired(form, person);

  const startEditing = () => {
    setForm(personFormFrom(person));
    setSubmitted(false);
    setStatus('idle');
    setEditing(true);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid = PERSON_FIELDS.find((field) => errors[field] !== undefined);
    if (invalid) return refusal.focusFirstWrong(invalid, formRef.current?.querySelector<HTMLElement>(`[name="${invalid}"]`));
    if (status === 'saving') return;
    setStatus('saving');
    setFailure(null);
    content.updatePerson(token, personUpdateFrom(form)).subscribe((result) => {
      if (result._tag === 'Right') {
        draft.discard();
        setPerson(result.right);
        closeForm();
        setStatus('saved');
      } else {
        setStatus('failed');
        setFailure(result.left);
      }
    });
  };

  const field = (name: PersonField, label: string, extra: Partial<TextFieldProps> = {}, normalise: (raw: string) => string = (raw) => raw) => {
    const error = submitted && errors[name] ? t(errors[name]) : null;
    return (
      <TextField
        {...extra}
        id={`person-${name}`}
        name={name}
        label={label}
        required={name === 'email' || needsAddress}
        value={form[name]}
        onChange={(e) => {
          const value = normalise(e.target.value);
          setForm((f) => ({ ...f, [name]: value }));
        }}
        error={error !== null}
        helperText={refusal.errorText(name, error) ?? extra.helperText ?? null}
      />
    );
  };

  return (
    <>
      <div role="status" aria-live="polite">
        {status === 'saved' && (
          <Alert severity="success" className="ui-mb-2">
            {t('CaseFile.Person.Saved')}
          </Alert>
        )}
      </div>
      <DefinitionList
        items={[
          [t('CaseFile.Person.Name'), `${person.FirstName} ${person.LastName}`],
          [t('CaseFile.Person.Phone'), person.Phone],
          [t('CaseFile.Person.Email'), person.Email ? emailForDisplay(person.Email) : none],
          [t('CaseFile.Person.Address'), address || none],
        ]}
      />
      <p className="ui-text ui-body2 ui-muted ui-mt-2">{t('CaseFile.Person.NameHint')}</p>
      {!editing ? (
        <Button ref={editButtonRef} variant="outlined" onClick={startEditing} className="ui-mt-2">
          {t('CaseFile.Person.Edit')}
        </Button>
      ) : (
        <form ref={formRef} noValidate onSubmit={save} onChange={refusal.onChange} className="casefile-form casefile-form--narrow ui-mt-3">
          <div aria-live="assertive">
            <SaveFailed error={status === 'failed' ? failure : null} messageKey={saveFailedKey(failure)} inputKept />
          </div>
          {/* type="text": Chromium turns an umlaut domain of a type="email" field into xn--… (max@müller.de would come
              back as max@xn--mller-kva.de); core converts for sending and back for showing. */}
          {field('email', t('CaseFile.Person.Email'), {
            type: 'text',
            inputMode: 'email',
            autoComplete: 'email',
            maxLength: PERSON_EMAIL_MAX,
            autoFocus: true,
            inputProps: { spellCheck: false, autoCapitalize: 'none' },
          })}
          {/* No maxLength: the browser would cut a long street silently. The limit is said, and a longer entry gets the error. */}
          {field('street', t('CaseFile.Person.Street'), {
            autoComplete: 'address-line1',
            helperText: t('CaseFile.Person.MaxLengthHint', { count: STREET_MAX }),
          })}
          {field(
            'postalCode',
            t('CaseFile.Person.PostalCode'),
            { autoComplete: 'postal-code', inputMode: 'numeric', helperText: t('CaseFile.Person.PostalCodeHint') },
            postalCodeInputValue,
          )}
          {field('city', t('CaseFile.Person.City'), { autoComplete: 'address-level2', helperText: t('CaseFile.Person.MaxLengthHint', { count: CITY_MAX }) })}
          <div className="casefile-actions">
            {/* aria-disabled, not disabled: the focus stays on the button while saving (save() ignores a second press). */}
            <Button type="submit" variant="contained" aria-disabled={status === 'saving' || undefined}>
              {t('CaseFile.Person.Save')}
            </Button>
            <Button onClick={closeForm}>{t('CaseFile.Person.Cancel')}</Button>
          </div>
        </form>
      )}
    </>
  );
}
