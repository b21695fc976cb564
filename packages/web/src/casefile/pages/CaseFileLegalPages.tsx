// nutzungsbedingungen, datenschutz and fall-abgeschlossen of the case file (also inside the signed-in shell).
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../layout/PageHeading.js';

const section = (name: string) => ({ heading: `${name}.Heading`, text: `${name}.Text` });

export const CASE_FILE_TERMS = {
  title: 'CaseFile.Terms.Title',
  sections: ['Scope', 'Access', 'Uploads', 'Signature', 'Session', 'Availability'].map((s) => section(`CaseFile.Terms.${s}`)),
};
export const CASE_FILE_PRIVACY = {
  title: 'CaseFile.Privacy.Title',
  sections: ['Controller', 'Data', 'Purpose', 'Retention', 'Security', 'Rights'].map((s) => section(`CaseFile.Privacy.${s}`)),
};

function LegalText({ document }: { readonly document: typeof CASE_FILE_TERMS }) {
  const { t } = useTranslation('common');
  return (
    <article>
      <PageHeading>{t(document.title)}</PageHeading>
      {document.sections.map((s) => (
        <section key={s.heading}>
          <h2 className="ui-h2 ui-mt-3">{t(s.heading)}</h2>
          <p className="ui-text">{t(s.text)}</p>
        </section>
      ))}
    </article>
  );
}

export function CaseFileTermsPage() {
  return <LegalText document={CASE_FILE_TERMS} />;
}

export function CaseFilePrivacyPage() {
  return <LegalText document={CASE_FILE_PRIVACY} />;
}

export function CaseClosedPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t('CaseFile.Closed.Title')}</PageHeading>
      <p className="ui-text ui-mb-2">{t('CaseFile.Closed.Text')}</p>
      <p className="ui-text">{t('CaseFile.Closed.Retention')}</p>
    </>
  );
}
