// uebersicht/persoenlich: the client's personal data; e-mail and postal address can be corrected here.
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateEmail, type PersonInfo } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { LoadState } from '../LoadState.js';
import { DefinitionList } from './DefinitionList.js';
import { Alert, Button, TextField } from '../../ui/index.js';

const POSTAL_CODE = /^[A-Za-z0-9 -]{3,10}$/;

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
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [form, setForm] = useState({ email: '', street: '', postalCode: '', city: '' });
  const [submitted, setSubmitted] = useState(false);
  const none = t('CaseFile.Case.NotGiven');
  const address = [person.Street, [person.PostalCode, person.City].filter(Boolean).join(' ')].filter((s) => s && s.trim() !== '').join(', ');

  const emailError = form.email.trim() !== '' && !validateEmail(form.email.trim()).ok ? t('CaseFile.Person.Error.Email') : null;
  const postalError = form.postalCode.trim() !== '' && !POSTAL_CODE.test(form.postalCode.trim()) ? t('CaseFile.Person.Error.PostalCode') : null;

  const startEditing = () => {
    setForm({ email: person.Email ?? '', street: person.Street ?? '', postalCode: person.PostalCode ?? '', city: person.City ?? '' });
    setSubmitted(false);
    setStatus('idle');
    setEditing(true);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError || postalError || status === 'saving') return;
    setStatus('saving');
    const value = (s: string) => (s.trim() === '' ? null : s.trim());
    content
      .updatePerson(token, { Email: value(form.email), Street: value(form.street), PostalCode: value(form.postalCode), City: value(form.city) })
      .subscribe((result) => {
        if (result._tag === 'Right') {
          setPerson(result.right);
          setEditing(false);
          setStatus('saved');
        } else setStatus('failed');
      });
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
          [t('CaseFile.Person.Email'), person.Email ?? none],
          [t('CaseFile.Person.Street'), address || none],
        ]}
      />
      <p className="ui-text ui-body2 ui-muted ui-mt-2">{t('CaseFile.Person.NameHint')}</p>
      {!editing ? (
        <Button variant="outlined" onClick={startEditing} className="ui-mt-2">
          {t('CaseFile.Person.Edit')}
        </Button>
      ) : (
        <form noValidate onSubmit={save} className="casefile-form casefile-form--narrow ui-mt-3">
          {status === 'failed' && (
            <Alert severity="error" role="alert">
              {t('CaseFile.Person.SaveFailed')}
            </Alert>
          )}
          <TextField
            label={t('CaseFile.Person.Email')}
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
            error={submitted && emailError !== null}
            helperText={submitted ? emailError : null}
            maxLength={254}
            autoFocus
          />
          <TextField
            label={t('CaseFile.Person.Street')}
            autoComplete="street-address"
            value={form.street}
            onChange={(e) => setForm({ ...form, street: e.target.value })}
            maxLength={200}
          />
          <TextField
            label={t('CaseFile.Person.PostalCode')}
            autoComplete="postal-code"
            value={form.postalCode}
            onChange={(e) => setForm({ ...form, postalCode: e.target.value })}
            error={submitted && postalError !== null}
            helperText={submitted ? postalError : null}
            maxLength={10}
          />
          <TextField
            label={t('CaseFile.Person.City')}
            autoComplete="address-level2"
            value={form.city}
            onChange={(e) => setForm({ ...form, city: e.target.value })}
            maxLength={100}
          />
          <div className="casefile-actions">
            <Button type="submit" variant="contained" disabled={status === 'saving'}>
              {t('CaseFile.Person.Save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('CaseFile.Person.Cancel')}</Button>
          </div>
        </form>
      )}
    </>
  );
}
